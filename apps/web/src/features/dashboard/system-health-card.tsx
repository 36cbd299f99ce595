import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-state';
import { CardSection } from '../../components/card-section';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, formatNumber } from '../../lib/format';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { SummaryQuery } from './dashboard-queries';

function Row({ label, ok, children }: { label: string; ok: boolean | null; children: ReactNode }) {
  const icon =
    ok === null ? (
      <span aria-hidden className="size-4 shrink-0" />
    ) : ok ? (
      <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
    ) : (
      <CircleAlert aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
    );
  return (
    <div className="flex items-start gap-2 py-2" data-ok={ok === null ? undefined : String(ok)}>
      <dt className="flex w-40 shrink-0 items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="min-w-0 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** A read-only summary of the process's health: database, broker, ingest, silent devices. */
export function SystemHealthCard({ summary, className }: { summary: SummaryQuery; className?: string }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const health = summary.data?.health;
  // The last data of the whole site: the site's clock (the zone most facilities are in).
  const site = useFacilityZones().site;
  const seconds = health ? formatNumber(health.silentAfterSeconds, language) : '';
  return (
    <CardSection
      title={t('health')}
      description={t('healthDescription')}
      className={className}
      contentClassName="flex-1"
    >
      {summary.isError && !health ? (
        <QueryError query={summary} />
      ) : !health ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-6 w-full" />
          ))}
        </div>
      ) : (
        <dl className="divide-y">
          <Row label={t('database')} ok={health.database.reachable}>
            {health.database.reachable
              ? t('databaseOk', {
                  kind: health.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
                  ms: formatNumber(health.database.latencyMs, language, 1),
                })
              : t('databaseDown')}
          </Row>
          <Row label={t('broker')} ok={health.broker === 'available'}>
            {health.broker === 'available' ? t('brokerAvailable') : t('brokerUnavailable')}
          </Row>
          <Row label={t('ingest')} ok={health.ingest === 'receiving'}>
            {health.ingest === 'receiving'
              ? t('ingestReceiving')
              : health.ingest === 'stale'
                ? t('ingestStale', { seconds })
                : t('ingestNone')}
          </Row>
          <Row label={t('silentDevices')} ok={health.silentDevices === 0}>
            {t('silentDevicesValue', { count: formatNumber(health.silentDevices, language), seconds })}
          </Row>
          <Row label={t('lastData')} ok={null}>
            {health.lastDataAt ? (
              <time dateTime={health.lastDataAt.toISOString()}>
                {formatDateTime(health.lastDataAt, language, site?.timeZone)}
              </time>
            ) : (
              '—'
            )}
          </Row>
        </dl>
      )}
      {health && site && <ZoneNote className="mt-2" place={site.place} timeZone={site.timeZone} />}
    </CardSection>
  );
}
