import { defineStrings } from '../../lib/i18n/strings';

/** The banner shown while a first start generates the demo site's history (issue 11). */
export const demoHistoryStrings = defineStrings(
  {
    generating: 'Gerando histórico de demonstração… {percent}%',
    hint: 'Os gráficos e totais se completam à medida que o histórico é gerado.',
  },
  {
    generating: 'Generating demo history… {percent}%',
    hint: 'Charts and totals fill in as the history is generated.',
  },
);
