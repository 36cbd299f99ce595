import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { formatCnpj } from '@sentinela/shared/cnpj';
import type { Language } from '@sentinela/shared/language';
import type { SupplierCategory, supplierFilters } from '@sentinela/shared/procurement';
import { SUPPLIERS_CSV_MAX_ROWS, type SupplierItem } from '@sentinela/shared/suppliers';
import { csvDocument, csvExport, type CsvExport } from '../plant/csv';
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
const fileName: Record<Language, string> = { pt: 'fornecedores', en: 'suppliers' };

export function suppliersCsv(items: SupplierItem[], lang: Language): string {
  return csvDocument(lang, headers, items, (s) => [
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
  ]);
}

/** "Exportar CSV": every supplier the filters match (not only the page on screen), by name. */
export async function exportSuppliersCsv(
  db: Database,
  filters: z.output<typeof supplierFilters>,
  lang: Language,
  now: Date,
): Promise<CsvExport> {
  const items = await supplierRows(db, filters, SUPPLIERS_CSV_MAX_ROWS + 1, 0);
  return csvExport(items, { max: SUPPLIERS_CSV_MAX_ROWS, name: fileName, lang, now, csv: suppliersCsv });
}
