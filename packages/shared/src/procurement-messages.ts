import type { MessageTable } from './language';

/** The procurement area's server messages (spread into serverMessages, messages.ts). */
export const procurementMessages = {
  'validation.cnpjFormat': {
    pt: 'Informe o CNPJ com 14 dígitos (00.000.000/0000-00).',
    en: 'Enter the CNPJ with its 14 digits (00.000.000/0000-00).',
  },
  'validation.cnpjCheckDigits': {
    pt: 'CNPJ inválido: os dígitos verificadores não conferem.',
    en: 'Invalid CNPJ: the check digits do not match.',
  },
  'validation.supplierId': { pt: 'Fornecedor inválido.', en: 'Invalid supplier.' },
  'validation.partId': { pt: 'Peça inválida.', en: 'Invalid part.' },
  'validation.stockLocationId': { pt: 'Local de estoque inválido.', en: 'Invalid stock location.' },
  'validation.purchaseOrderId': { pt: 'Pedido de compra inválido.', en: 'Invalid purchase order.' },
  'validation.purchaseOrderLineId': { pt: 'Item do pedido inválido.', en: 'Invalid order line.' },
  'validation.purchaseOrderStatus': { pt: 'Situação do pedido inválida.', en: 'Invalid order status.' },
  'validation.supplierCategory': { pt: 'Categoria de fornecedor inválida.', en: 'Invalid supplier category.' },
  'validation.supplierCategories': {
    pt: 'Escolha ao menos uma categoria.',
    en: 'Choose at least one category.',
  },
  'validation.contactsTooMany': { pt: 'No máximo 20 contatos.', en: 'At most 20 contacts.' },
  'validation.partUnit': { pt: 'Unidade de medida inválida.', en: 'Invalid unit of measure.' },
  'validation.quantity': {
    pt: 'Informe uma quantidade maior que zero, com até 3 casas decimais (ex.: 12.5).',
    en: 'Enter a quantity above zero, with at most 3 decimals (e.g. 12.5).',
  },
  'validation.stockLevel': {
    pt: 'Informe uma quantidade sem sinal, com até 3 casas decimais (ex.: 4).',
    en: 'Enter a quantity, not negative, with at most 3 decimals (e.g. 4).',
  },
  'validation.unitPrice': {
    pt: 'Informe o preço unitário em reais, sem sinal, com até 4 casas decimais (ex.: 12.3456).',
    en: 'Enter the unit price in reais, not negative, with at most 4 decimals (e.g. 12.3456).',
  },
  'validation.lineTotalTooLarge': {
    pt: 'O total do item (quantidade × preço) passa do máximo de R$ 999.999.999.999,99.',
    en: 'The line total (quantity × price) is over the maximum of R$ 999,999,999,999.99.',
  },
  'validation.linesRequired': { pt: 'Inclua ao menos um item.', en: 'Add at least one line.' },
  'validation.linesTooMany': { pt: 'No máximo 100 itens por pedido.', en: 'At most 100 lines per order.' },
  'validation.transferSameLocation': {
    pt: 'Escolha um destino diferente da origem.',
    en: 'Choose a destination other than the origin.',
  },
  'validation.dateOrder': {
    pt: 'A data final deve ser igual ou posterior à inicial.',
    en: 'The end date must be on or after the start date.',
  },
  'suppliers.notFound': { pt: 'Fornecedor não encontrado.', en: 'Supplier not found.' },
  'suppliers.cnpjTaken': {
    pt: 'Já existe um fornecedor com o CNPJ {cnpj}.',
    en: 'A supplier with CNPJ {cnpj} already exists.',
  },
} as const satisfies MessageTable;
