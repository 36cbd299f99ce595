import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import type { PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import {
  PURCHASE_ORDERS_CSV_MAX_ROWS,
  type PurchaseOrderItem,
  type purchaseOrdersListInput,
} from '@sentinela/shared/purchase-orders';
import { csvDecimal, csvDocument, csvExport, readUpToCap, type CsvExport } from '../plant/csv';
import { purchaseOrderRows } from './purchase-orders.service';

const headers: Record<Language, string[]> = {
  pt: [
    'Número',
    'Status',
    'Fornecedor',
    'Ordem de serviço',
    'Criado em (UTC)',
    'Entrega prevista',
    'Atrasado',
    'Itens',
    'Total (R$)',
  ],
  en: [
    'Number',
    'Status',
    'Supplier',
    'Work order',
    'Created at (UTC)',
    'Expected delivery',
    'Late',
    'Lines',
    'Total (R$)',
  ],
};

export const purchaseOrderStatusLabels: Record<Language, Record<PurchaseOrderStatus, string>> = {
  pt: {
    draft: 'Rascunho',
    submitted: 'Enviado',
    approved: 'Aprovado',
    partially_received: 'Recebido em parte',
    received: 'Recebido',
    cancelled: 'Cancelado',
  },
  en: {
    draft: 'Draft',
    submitted: 'Submitted',
    approved: 'Approved',
    partially_received: 'Partly received',
    received: 'Received',
    cancelled: 'Cancelled',
  },
};
const yesNo: Record<Language, [string, string]> = { pt: ['Sim', 'Não'], en: ['Yes', 'No'] };

const fileName: Record<Language, string> = { pt: 'pedidos-de-compra', en: 'purchase-orders' };

/** Orders as CSV text in the caller's language (decimal comma and ';' in Portuguese); amounts in R$, exact. */
export function purchaseOrdersCsv(items: PurchaseOrderItem[], lang: Language): string {
  return csvDocument(lang, headers, items, (o) => [
    o.number,
    purchaseOrderStatusLabels[lang][o.status],
    o.supplier.name,
    o.workOrder?.number,
    o.createdAt.toISOString(),
    o.expectedDelivery,
    yesNo[lang][o.late ? 0 : 1],
    String(o.lineCount),
    csvDecimal(o.total, lang),
  ]);
}

/**
 * "Exportar CSV": every order the filters match, in the list's order, read a page at a time, at
 * most PURCHASE_ORDERS_CSV_MAX_ROWS.
 */
export async function exportPurchaseOrdersCsv(
  db: Database,
  input: z.output<typeof purchaseOrdersListInput>,
  lang: Language,
  now: Date,
): Promise<CsvExport> {
  const items = await readUpToCap(PURCHASE_ORDERS_CSV_MAX_ROWS, (limit, offset) =>
    purchaseOrderRows(db, input, now, limit, offset),
  );
  return csvExport(items, { max: PURCHASE_ORDERS_CSV_MAX_ROWS, name: fileName, lang, now, csv: purchaseOrdersCsv });
}
