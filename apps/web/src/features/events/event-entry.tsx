import { eventKindLabels, eventMessage } from '@sentinela/shared/event-messages';
import type { EventItem } from '@sentinela/shared/events';
import { Link } from 'wouter';
import { SeverityBadge } from '../../components/status-badge';
import { alertText } from '../../lib/alert-text';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { subjectHref } from './event-links';
import { eventsStrings } from './events.strings';

const resultTone = {
  success: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  failure: 'bg-red-500/15 text-red-800 dark:text-red-300',
  denied: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
} as const;

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** One fact of the timeline: when (in its facility's clock), what, about what, by whom, where. */
export function EventEntry({ entry, siteZone }: { entry: EventItem; siteZone: string | undefined }) {
  const { language } = useLanguage();
  const t = useStrings(eventsStrings);
  const message = eventMessage(language, entry);
  const href = subjectHref(entry);
  const label = entry.subject?.label ?? entry.equipment?.name ?? null;
  const note = typeof entry.params.note === 'string' && entry.params.note ? entry.params.note : null;
  const error = typeof entry.params.error === 'string' && entry.params.error ? entry.params.error : null;
  const place = [entry.equipment?.name, entry.facility?.name].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-col gap-1 border-b px-1 py-3 last:border-b-0 sm:flex-row sm:gap-4" data-event={entry.code}>
      <time
        dateTime={entry.at.toISOString()}
        className="shrink-0 text-xs text-muted-foreground tabular-nums sm:w-40 sm:pt-0.5"
      >
        {formatDateTime(entry.at, language, entry.facility?.timezone ?? siteZone)}
      </time>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-md border px-1.5 py-0.5 text-xs text-muted-foreground">
            {eventKindLabels[language][entry.kind]}
          </span>
          {entry.severity && <SeverityBadge severity={entry.severity} />}
          {entry.result && <span className={cn(pill, resultTone[entry.result])}>{t(`result.${entry.result}`)}</span>}
        </div>
        <p className="text-sm font-medium break-words">
          {href ? (
            <Link
              href={href}
              className="underline decoration-muted-foreground/50 underline-offset-2 hover:decoration-current"
              title={
                entry.subject?.type === 'equipment' || entry.subject?.type === 'workOrder'
                  ? t(`subject.${entry.subject.type}`, { label: label ?? '' })
                  : entry.subject?.type === 'alert'
                    ? t('subject.alert')
                    : undefined
              }
            >
              {message}
            </Link>
          ) : (
            message
          )}
        </p>
        {entry.alert && <p className="text-sm break-words">{alertText(entry.alert, language)}</p>}
        {(note ?? error) && (
          <p className="text-xs text-muted-foreground break-words">{note ? t('note', { note }) : error}</p>
        )}
        <p className="text-xs text-muted-foreground break-words">
          {[
            place || (entry.kind === 'alert' ? t('siteWide') : ''),
            t('by', { actor: entry.actor === 'system' ? t('system') : entry.actor }),
          ]
            .filter(Boolean)
            .join(' — ')}
        </p>
      </div>
    </li>
  );
}
