import { defineStrings } from '../../lib/i18n/strings';

/** The time-series charts' own words, loaded with the pages that draw them. */
export const chartStrings = defineStrings(
  {
    'zoom.reset': 'Ver tudo',
    'table.x': 'Momento',
    'zoom.hint': 'Arraste sobre o gráfico para ampliar um trecho; clique duas vezes para voltar.',
  },
  {
    'zoom.reset': 'Show all',
    'table.x': 'Time',
    'zoom.hint': 'Drag across the chart to zoom in; double-click to zoom back out.',
  },
);
