import { alertText } from '@sentinela/shared/alert-text';
import { eventKindLabels, eventMessage } from '@sentinela/shared/event-messages';
import { EVENTS_CSV_MAX_ROWS, type EventItem, type eventFilters } from '@sentinela/shared/events';
import type { Language } from '@sentinela/shared/language';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { csvLine, csvSeparator } from '../plant/csv';
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

const BOM = '\uFEFF';

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
  const separator = csvSeparator[lang];
  const lines = [csvLine(headers[lang], separator)];
  for (const e of items) {
    lines.push(
      csvLine(
        [
          e.at.toISOString(),
          eventKindLabels[lang][e.kind],
          eventMessage(lang, e),
          detail(e, lang),
          e.result ? resultLabels[lang][e.result] : undefined,
          e.severity ? severityLabels[lang][e.severity] : undefined,
          e.actor,
          e.equipment?.name,
          e.facility?.name,
        ],
        separator,
      ),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "Exportar CSV": every event the filters match (not only the pages on screen), newest first, capped. */
export async function exportEventsCsv(
  db: Database,
  reader: EventsReader,
  filters: z.output<typeof eventFilters>,
  lang: Language,
  now: Date,
) {
  const items = await collectEvents(db, reader, filters, EVENTS_CSV_MAX_ROWS);
  const truncated = items.length > EVENTS_CSV_MAX_ROWS;
  const kept = truncated ? items.slice(0, EVENTS_CSV_MAX_ROWS) : items;
  const filename = `${lang === 'pt' ? 'eventos' : 'events'}-${now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: eventsCsv(kept, lang), rows: kept.length, truncated };
}
