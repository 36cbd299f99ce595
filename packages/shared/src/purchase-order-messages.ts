import type { MessageTable } from './language';

/** The purchase-orders area's server messages (spread into serverMessages, messages.ts). */
export const purchaseOrderMessages = {
  'purchaseOrders.notFound': { pt: 'Pedido de compra não encontrado.', en: 'Purchase order not found.' },
  'purchaseOrders.onlyDraftEdited': {
    pt: 'O pedido {number} não é mais um rascunho: só rascunhos podem ser alterados.',
    en: 'Order {number} is no longer a draft: only drafts can be changed.',
  },
  'purchaseOrders.cannotSubmit': {
    pt: 'O pedido {number} não é um rascunho: só rascunhos são enviados para aprovação.',
    en: 'Order {number} is not a draft: only drafts are submitted for approval.',
  },
  'purchaseOrders.cannotApprove': {
    pt: 'O pedido {number} não está aguardando aprovação.',
    en: 'Order {number} is not waiting for approval.',
  },
  'purchaseOrders.cannotReturn': {
    pt: 'Só um pedido enviado volta a rascunho; o pedido {number} não está enviado.',
    en: 'Only a submitted order goes back to draft; order {number} is not submitted.',
  },
  'purchaseOrders.cannotReceive': {
    pt: 'O pedido {number} não está aprovado: só se recebe um pedido aprovado.',
    en: 'Order {number} is not approved: only an approved order is received.',
  },
  'purchaseOrders.cannotCancel': {
    pt: 'O pedido {number} já foi recebido por completo ou cancelado.',
    en: 'Order {number} is already fully received or cancelled.',
  },
  'purchaseOrders.overLimit': {
    pt: 'O total do pedido {number} (R$ {totalPt}) passa do limite de aprovação dos operadores (R$ {limitPt}): peça a um administrador.',
    en: 'Order {number} totals R$ {totalEn}, over the operators’ approval limit of R$ {limitEn}: ask an administrator.',
  },
  'purchaseOrders.overReceipt': {
    pt: 'Item {position} ({description}): faltam receber {remaining}; {quantity} passa do pedido.',
    en: 'Line {position} ({description}): {remaining} left to receive; {quantity} is more than ordered.',
  },
  'purchaseOrders.lineNotInOrder': {
    pt: 'Um dos itens informados não é deste pedido.',
    en: 'One of the lines given is not on this order.',
  },
  'purchaseOrders.lineRepeated': {
    pt: 'Cada item aparece uma vez só no recebimento.',
    en: 'Each line appears only once in a receipt.',
  },
  'purchaseOrders.supplierNotFound': {
    pt: 'Fornecedor não encontrado ou inativo.',
    en: 'Supplier not found or inactive.',
  },
  'purchaseOrders.partNotFound': { pt: 'Peça não encontrada ou inativa.', en: 'Part not found or inactive.' },
  'purchaseOrders.workOrderNotFound': { pt: 'Ordem de serviço não encontrada.', en: 'Work order not found.' },
  'purchaseOrders.locationNotFound': {
    pt: 'Local de estoque não encontrado ou inativo.',
    en: 'Stock location not found or inactive.',
  },
  'purchaseOrders.noSuggestion': {
    pt: 'Nenhuma peça deste fornecedor está abaixo do estoque mínimo.',
    en: 'No part of this supplier is below its minimum stock.',
  },
} as const satisfies MessageTable;
