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
import { csvDecimal, csvDocument, csvExport, readUpToCap, type CsvExport } from '../plant/csv';
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

const fileName: Record<Language, string> = { pt: 'ordens-de-servico', en: 'work-orders' };

/** Orders as CSV text in the caller's language (decimal comma and ';' in Portuguese). */
export function workOrdersCsv(items: WorkOrderItem[], lang: Language): string {
  return csvDocument(lang, headers, items, (o) => [
    o.number,
    o.title,
    statusLabels[lang][o.status],
    kindLabels[lang][o.kind],
    priorityLabels[lang][o.priority],
    o.scheduledAt.toISOString(),
    csvDecimal(String(o.durationHours), lang),
    o.equipment?.name,
    o.facility.name,
    o.room?.name,
    o.technician.name ?? unassigned[lang],
    `${o.checklist.done}/${o.checklist.total}`,
    o.completedAt?.toISOString(),
    csvDecimal(o.cost, lang),
  ]);
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
): Promise<CsvExport> {
  const items = await readUpToCap(WORK_ORDERS_CSV_MAX_ROWS, (limit, offset) =>
    workOrderRows(db, input, now, limit, offset),
  );
  return csvExport(items, { max: WORK_ORDERS_CSV_MAX_ROWS, name: fileName, lang, now, csv: workOrdersCsv });
}
