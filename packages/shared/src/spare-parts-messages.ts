import type { MessageTable } from './language';

/** The spare-parts area's server messages (spread into serverMessages, messages.ts). */
export const sparePartsMessages = {
  'spareParts.notFound': { pt: 'Peça não encontrada.', en: 'Part not found.' },
  'spareParts.inactive': {
    pt: 'A peça {code} está desativada: reative-a antes de movimentar o estoque.',
    en: 'Part {code} is retired: reactivate it before moving its stock.',
  },
  'spareParts.codeTaken': {
    pt: 'Já existe uma peça com o código {code}.',
    en: 'There is already a part with code {code}.',
  },
  'spareParts.locationNotFound': {
    pt: 'Local de estoque não encontrado ou desativado.',
    en: 'Stock location not found or inactive.',
  },
  'spareParts.locationNameTaken': {
    pt: 'Já existe um local de estoque chamado {name}.',
    en: 'There is already a stock location named {name}.',
  },
  'spareParts.supplierNotFound': { pt: 'Fornecedor não encontrado.', en: 'Supplier not found.' },
  'spareParts.insufficientStock': {
    pt: 'Estoque insuficiente de {code} ({description}) em {location}: há {available} {unit}, são necessários {requested} {unit}.',
    en: 'Not enough {code} ({description}) at {location}: {available} {unit} in stock, {requested} {unit} needed.',
  },
  'spareParts.workOrderClosed': {
    pt: 'A ordem {number} já foi encerrada: suas peças não mudam mais.',
    en: 'Order {number} is closed: its parts no longer change.',
  },
  'spareParts.workOrderPartNotFound': {
    pt: 'Peça não encontrada nesta ordem.',
    en: 'Part not found on this order.',
  },
} as const satisfies MessageTable;
