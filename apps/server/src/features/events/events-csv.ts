import { alertText } from '@sentinela/shared/alert-text';
import { eventKindLabels, eventMessage } from '@sentinela/shared/event-messages';
import { EVENTS_CSV_MAX_ROWS, type EventItem, type eventFilters } from '@sentinela/shared/events';
import type { Language } from '@sentinela/shared/language';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { csvDocument, csvExport, type CsvExport } from '../plant/csv';
import { collectEvents, type EventsReader } from './events.service';

const headers: Record<Language, string[]> = {
  pt: [
    'Data e hora (UTC)',
    'Tipo',
    'Evento',
    'Detalhe',
    'Resultado',
    'Severidade',
    'Quem',
    'Equipamento',
    'Instalação',
  ],
  en: ['Date and time (UTC)', 'Kind', 'Event', 'Detail', 'Result', 'Severity', 'Who', 'Equipment', 'Facility'],
};
const resultLabels: Record<Language, Record<NonNullable<EventItem['result']>, string>> = {
  pt: { success: 'Sucesso', failure: 'Falha', denied: 'Negado' },
  en: { success: 'Success', failure: 'Failure', denied: 'Denied' },
};
const severityLabels: Record<Language, Record<NonNullable<EventItem['severity']>, string>> = {
  pt: { critical: 'Crítico', warning: 'Atenção', info: 'Informativo' },
  en: { critical: 'Critical', warning: 'Warning', info: 'Info' },
};

const fileName: Record<Language, string> = { pt: 'eventos', en: 'events' };

/** The detail column: an alert's text (in the reader's language), else a note or a device's error. */
function detail(item: EventItem, lang: Language): string | undefined {
  if (item.alert) return alertText(item.alert, lang);
  for (const key of ['note', 'error', 'reason'] as const) {
    const value = item.params[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

export function eventsCsv(items: EventItem[], lang: Language): string {
  return csvDocument(lang, headers, items, (e) => [
    e.at.toISOString(),
    eventKindLabels[lang][e.kind],
    eventMessage(lang, e),
    detail(e, lang),
    e.result ? resultLabels[lang][e.result] : undefined,
    e.severity ? severityLabels[lang][e.severity] : undefined,
    e.actor,
    e.equipment?.name,
    e.facility?.name,
  ]);
}

/** "Exportar CSV": every event the filters match (not only the pages on screen), newest first, capped. */
export async function exportEventsCsv(
  db: Database,
  reader: EventsReader,
  filters: z.output<typeof eventFilters>,
  lang: Language,
  now: Date,
): Promise<CsvExport> {
  const items = await collectEvents(db, reader, filters, EVENTS_CSV_MAX_ROWS);
  return csvExport(items, { max: EVENTS_CSV_MAX_ROWS, name: fileName, lang, now, csv: eventsCsv });
}
