import { defineStrings } from '../../lib/i18n/strings';

/** The "Compras" section of /settings: the operators' approval limit for purchase orders. */
export const purchaseApprovalStrings = defineStrings(
  {
    title: 'Compras',
    description:
      'Administradores aprovam qualquer pedido de compra; operadores aprovam pedidos cujo total (itens + frete) não passa deste limite.',
    limit: 'Limite de aprovação dos operadores (R$)',
    hint: 'Em reais, com até 2 casas decimais (ex.: 5000,00).',
    invalid: 'Informe um valor em reais, sem sinal, com até 2 casas decimais.',
    loading: 'Carregando…',
    loadFailed: 'Não foi possível carregar o limite de aprovação.',
    save: 'Salvar',
    saving: 'Salvando…',
    saved: 'Limite de aprovação salvo.',
    saveFailed: 'Não foi possível salvar o limite.',
  },
  {
    title: 'Purchasing',
    description:
      'Administrators approve any purchase order; operators approve orders whose total (lines + freight) is at most this limit.',
    limit: 'Operators’ approval limit (R$)',
    hint: 'In reais, with at most 2 decimals (e.g. 5000.00).',
    invalid: 'Enter an amount in reais, not negative, with at most 2 decimals.',
    loading: 'Loading…',
    loadFailed: 'Could not load the approval limit.',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Approval limit saved.',
    saveFailed: 'Could not save the limit.',
  },
);
