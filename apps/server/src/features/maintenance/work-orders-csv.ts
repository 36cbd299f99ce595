import type { Language } from '@sentinela/shared/language';
import {
  WORK_ORDERS_CSV_MAX_ROWS,
  type WorkOrderItem,
  type WorkOrderKind,
  type WorkOrderPriority,
  type WorkOrderStatus,
  type workOrdersListInput,
} from '@sentinela/shared/maintenance';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { csvLine, csvSeparator } from '../plant/csv';
import { workOrderRows } from './work-orders.service';

const headers: Record<Language, string[]> = {
  pt: [
    'Número',
    'Título',
    'Status',
    'Tipo',
    'Prioridade',
    'Agendada para (UTC)',
    'Duração prevista (h)',
    'Equipamento',
    'Instalação',
    'Sala',
    'Técnico',
    'Checklist',
    'Concluída em (UTC)',
    'Custo (R$)',
  ],
  en: [
    'Number',
    'Title',
    'Status',
    'Kind',
    'Priority',
    'Scheduled for (UTC)',
    'Expected duration (h)',
    'Equipment',
    'Facility',
    'Room',
    'Technician',
    'Checklist',
    'Completed at (UTC)',
    'Cost (R$)',
  ],
};

const statusLabels: Record<Language, Record<WorkOrderStatus, string>> = {
  pt: { scheduled: 'Agendada', in_progress: 'Em andamento', completed: 'Concluída', cancelled: 'Cancelada' },
  en: { scheduled: 'Scheduled', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' },
};
const kindLabels: Record<Language, Record<WorkOrderKind, string>> = {
  pt: { preventive: 'Preventiva', corrective: 'Corretiva' },
  en: { preventive: 'Preventive', corrective: 'Corrective' },
};
const priorityLabels: Record<Language, Record<WorkOrderPriority, string>> = {
  pt: { low: 'Baixa', medium: 'Média', high: 'Alta', urgent: 'Urgente' },
  en: { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent' },
};
const unassigned: Record<Language, string> = { pt: 'Não atribuído', en: 'Not assigned' };

const BOM = '\uFEFF';
/** Rows read from the database per query while building the file. */
const CSV_PAGE_ROWS = 5_000;

/** Orders as CSV text in the caller's language (decimal comma and ';' in Portuguese). */
export function workOrdersCsv(items: WorkOrderItem[], lang: Language): string {
  const separator = csvSeparator[lang];
  const decimal = (text: string) => (lang === 'pt' ? text.replace('.', ',') : text);
  const lines = [csvLine(headers[lang], separator)];
  for (const o of items) {
    lines.push(
      csvLine(
        [
          o.number,
          o.title,
          statusLabels[lang][o.status],
          kindLabels[lang][o.kind],
          priorityLabels[lang][o.priority],
          o.scheduledAt.toISOString(),
          decimal(String(o.durationHours)),
          o.equipment?.name,
          o.facility.name,
          o.room?.name,
          o.technician.name ?? unassigned[lang],
          `${o.checklist.done}/${o.checklist.total}`,
          o.completedAt?.toISOString(),
          decimal(o.cost),
        ],
        separator,
      ),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * "Exportar CSV": every order the list's filters match (not only the page on screen), in the
 * list's order, read a page at a time, at most WORK_ORDERS_CSV_MAX_ROWS rows.
 */
export async function exportWorkOrdersCsv(
  db: Database,
  input: z.output<typeof workOrdersListInput>,
  lang: Language,
  now: Date,
) {
  const items: WorkOrderItem[] = [];
  // One row past the cap tells whether the file is cut short.
  while (items.length <= WORK_ORDERS_CSV_MAX_ROWS) {
    const want = Math.min(CSV_PAGE_ROWS, WORK_ORDERS_CSV_MAX_ROWS + 1 - items.length);
    const page = await workOrderRows(db, input, now, want, items.length);
    items.push(...page);
    if (page.length < want) break;
  }
  const truncated = items.length > WORK_ORDERS_CSV_MAX_ROWS;
  const kept = truncated ? items.slice(0, WORK_ORDERS_CSV_MAX_ROWS) : items;
  const filename = `${lang === 'pt' ? 'ordens-de-servico' : 'work-orders'}-${now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: workOrdersCsv(kept, lang), rows: kept.length, truncated };
}
