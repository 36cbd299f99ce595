import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { formatCnpj } from '@sentinela/shared/cnpj';
import type { Language } from '@sentinela/shared/language';
import type { SupplierCategory, supplierFilters } from '@sentinela/shared/procurement';
import { SUPPLIERS_CSV_MAX_ROWS, type SupplierItem } from '@sentinela/shared/suppliers';
import { csvLine, csvSeparator } from '../plant/csv';
import { supplierRows } from './suppliers.service';

const headers: Record<Language, string[]> = {
  pt: [
    'Razão social',
    'Nome fantasia',
    'CNPJ',
    'Categorias',
    'Condições de pagamento',
    'Situação',
    'Contato',
    'E-mail',
    'Telefone',
    'Pedidos',
    'Pedidos em aberto',
  ],
  en: [
    'Legal name',
    'Trade name',
    'CNPJ',
    'Categories',
    'Payment terms',
    'Status',
    'Contact',
    'E-mail',
    'Phone',
    'Orders',
    'Open orders',
  ],
};

/** The category names, as the page shows them (the CSV is read by people). */
export const supplierCategoryLabels: Record<Language, Record<SupplierCategory, string>> = {
  pt: {
    electrical: 'Material elétrico',
    motors_drives: 'Motores e acionamentos',
    hvac: 'HVAC',
    lighting: 'Iluminação',
    automation: 'Automação',
    tools: 'Ferramentas',
    safety: 'Segurança (EPI)',
    services: 'Serviços',
    other: 'Outros',
  },
  en: {
    electrical: 'Electrical material',
    motors_drives: 'Motors and drives',
    hvac: 'HVAC',
    lighting: 'Lighting',
    automation: 'Automation',
    tools: 'Tools',
    safety: 'Safety (PPE)',
    services: 'Services',
    other: 'Other',
  },
};

const activeLabels: Record<Language, [string, string]> = { pt: ['Ativo', 'Inativo'], en: ['Active', 'Inactive'] };
const BOM = '\uFEFF';

export function suppliersCsv(items: SupplierItem[], lang: Language): string {
  const separator = csvSeparator[lang];
  const lines = [csvLine(headers[lang], separator)];
  for (const s of items)
    lines.push(
      csvLine(
        [
          s.legalName,
          s.tradeName,
          formatCnpj(s.cnpj),
          s.categories.map((c) => supplierCategoryLabels[lang][c]).join(', '),
          s.paymentTerms,
          activeLabels[lang][s.active ? 0 : 1],
          s.mainContact?.name,
          s.mainContact?.email,
          s.mainContact?.phone,
          s.orders,
          s.openOrders,
        ],
        separator,
      ),
    );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "Exportar CSV": every supplier the filters match (not only the page on screen), by name. */
export async function exportSuppliersCsv(
  db: Database,
  filters: z.output<typeof supplierFilters>,
  lang: Language,
  now: Date,
) {
  const items = await supplierRows(db, filters, SUPPLIERS_CSV_MAX_ROWS + 1, 0);
  const truncated = items.length > SUPPLIERS_CSV_MAX_ROWS;
  const kept = truncated ? items.slice(0, SUPPLIERS_CSV_MAX_ROWS) : items;
  const filename = `${lang === 'pt' ? 'fornecedores' : 'suppliers'}-${now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: suppliersCsv(kept, lang), rows: kept.length, truncated };
}
