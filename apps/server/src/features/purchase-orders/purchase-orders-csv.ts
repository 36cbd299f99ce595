import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import type { PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import {
  PURCHASE_ORDERS_CSV_MAX_ROWS,
  type PurchaseOrderItem,
  type purchaseOrdersListInput,
} from '@sentinela/shared/purchase-orders';
import { csvLine, csvSeparator } from '../plant/csv';
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

const BOM = '\uFEFF';
const CSV_PAGE_ROWS = 5_000;

/** Orders as CSV text in the caller's language (decimal comma and ';' in Portuguese); amounts in R$, exact. */
export function purchaseOrdersCsv(items: PurchaseOrderItem[], lang: Language): string {
  const separator = csvSeparator[lang];
  const decimal = (text: string) => (lang === 'pt' ? text.replace('.', ',') : text);
  const lines = [csvLine(headers[lang], separator)];
  for (const o of items)
    lines.push(
      csvLine(
        [
          o.number,
          purchaseOrderStatusLabels[lang][o.status],
          o.supplier.name,
          o.workOrder?.number,
          o.createdAt.toISOString(),
          o.expectedDelivery,
          yesNo[lang][o.late ? 0 : 1],
          String(o.lineCount),
          decimal(o.total),
        ],
        separator,
      ),
    );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "Exportar CSV": every order the filters match, in the list's order, at most PURCHASE_ORDERS_CSV_MAX_ROWS. */
export async function exportPurchaseOrdersCsv(
  db: Database,
  input: z.output<typeof purchaseOrdersListInput>,
  lang: Language,
  now: Date,
) {
  const items: PurchaseOrderItem[] = [];
  while (items.length <= PURCHASE_ORDERS_CSV_MAX_ROWS) {
    const want = Math.min(CSV_PAGE_ROWS, PURCHASE_ORDERS_CSV_MAX_ROWS + 1 - items.length);
    const page = await purchaseOrderRows(db, input, now, want, items.length);
    items.push(...page);
    if (page.length < want) break;
  }
  const truncated = items.length > PURCHASE_ORDERS_CSV_MAX_ROWS;
  const kept = truncated ? items.slice(0, PURCHASE_ORDERS_CSV_MAX_ROWS) : items;
  const filename = `${lang === 'pt' ? 'pedidos-de-compra' : 'purchase-orders'}-${now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: purchaseOrdersCsv(kept, lang), rows: kept.length, truncated };
}
