import { defineStrings } from '../lib/i18n/strings';

/** Words every registry form shares (loaded with the forms, not the first page). */
export const formStrings = defineStrings(
  {
    invalid: 'Valor inválido.',
    saveFailed: 'Não foi possível salvar.',
    save: 'Salvar',
    saving: 'Salvando...',
    optional: 'opcional',
    loadingRecord: 'Carregando o cadastro...',
  },
  {
    invalid: 'Invalid value.',
    saveFailed: 'Could not save.',
    save: 'Save',
    saving: 'Saving...',
    optional: 'optional',
    loadingRecord: 'Loading the record...',
  },
);
