import type { JobOutcome, LiveRelayHealth, SystemDetails, SystemSample } from '@sentinela/shared/system';
import { SILENT_AFTER_SECONDS } from '@sentinela/shared/device-values';
import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardSection } from '../../components/card-section';
import { pointsSeries, TimeSeriesChart, type SeriesPoint } from '../../components/charts/time-series-chart';
import { EmptyState } from '../../components/query-state';
import { cn } from '../../lib/cn';
import { formatDateTime, formatNumber, formatTimeWithSeconds } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { systemHealthStrings } from './system-health.strings';

type T = AreaTranslate<keyof (typeof systemHealthStrings)['pt']>;

const MB = 1024 * 1024;

/** '3 d 4 h', '2 h 5 min', '4 min 10 s', '12 s'. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}

function Row({ label, ok, children }: { label: string; ok?: boolean | null; children: ReactNode }) {
  const icon =
    ok === undefined || ok === null ? null : ok ? (
      <CheckCircle2 aria-hidden className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
    ) : (
      <CircleAlert aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
    );
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        {icon}
        {label}
      </dt>
      <dd className="min-w-0 text-sm font-medium tabular-nums break-words" data-figure={label}>
        {children}
      </dd>
    </div>
  );
}

const outcomeTone: Record<JobOutcome, string> = {
  ok: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  error: 'bg-red-500/15 text-red-800 dark:text-red-300',
  running: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  never: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

export function OutcomeBadge({ outcome, t }: { outcome: JobOutcome; t: T }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        outcomeTone[outcome],
      )}
      data-outcome={outcome}
    >
      {t(`outcome.${outcome}`)}
    </span>
  );
}

/** The page's body: one card per area, the last hour's charts, the jobs and the silent devices. */
export function SystemHealthView({ details }: { details: SystemDetails }) {
  const t = useStrings(systemHealthStrings);
  const { language } = useLanguage();
  const n = (value: number | null | undefined, digits = 0) => formatNumber(value, language, digits);
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : t('unit.ms', { value: n(value, 1) });
  const mb = (bytes: number | null | undefined) =>
    bytes === null || bytes === undefined ? '—' : t('unit.mb', { value: n(bytes / MB, 1) });
  const yesNo = (value: boolean | null) => (value === null ? '—' : value ? t('yes') : t('no'));
  const { process: proc, database, broker, ingest } = details;
  const rejected = Object.entries(ingest.rejected).filter(([, count]) => count > 0);
  const refusals = Object.entries(broker.refusals).filter(([, count]) => count > 0);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground" role="status">
        <span
          className={cn(
            'mr-2 inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium',
            details.status === 'ok' ? outcomeTone.ok : 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
          )}
          data-status={details.status}
        >
          {t(`status.${details.status}`)}
        </span>
        {t('updated', { time: formatTimeWithSeconds(details.at, language) })}
      </p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        <CardSection title={t('process.title')} description={t('process.description')}>
          <dl className="divide-y">
            <Row label={t('process.uptime')}>{formatUptime(proc.uptimeSeconds)}</Row>
            <Row label={t('process.memory')}>{mb(proc.rssBytes)}</Row>
            <Row label={t('process.heap')}>
              {mb(proc.heapUsedBytes)} / {mb(proc.heapTotalBytes)}
            </Row>
            <Row label={t('process.lag')} ok={proc.eventLoopLagMs < 100}>
              {ms(proc.eventLoopLagMs)}
            </Row>
            {proc.version !== undefined && <Row label={t('process.version')}>{proc.version}</Row>}
            {proc.nodeVersion !== undefined && <Row label={t('process.node')}>{proc.nodeVersion}</Row>}
          </dl>
        </CardSection>
        <CardSection title={t('database.title')} description={t('database.description')}>
          <dl className="divide-y">
            <Row label={t('database.reachable')} ok={database.reachable}>
              {yesNo(database.reachable)}
            </Row>
            <Row label={t('database.latency')}>{ms(database.latencyMs)}</Row>
            <Row label={t('database.size')}>{mb(database.sizeBytes)}</Row>
            {database.connections !== null && <Row label={t('database.connections')}>{n(database.connections)}</Row>}
            <Row
              label={t('database.migrations')}
              ok={
                database.migrationsApplied === null ? null : database.migrationsApplied === database.migrationsShipped
              }
            >
              {n(database.migrationsApplied)} / {n(database.migrationsShipped)}
            </Row>
            {database.kind !== undefined && (
              <Row label={t('database.kind')}>{database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}</Row>
            )}
            {database.address !== undefined && <Row label={t('database.address')}>{database.address || '—'}</Row>}
          </dl>
        </CardSection>
        <CardSection title={t('broker.title')} description={t('broker.description')}>
          <dl className="divide-y">
            <Row label={t('broker.kind')}>{broker.kind ? t(`broker.${broker.kind}`) : '—'}</Row>
            <Row label={t('broker.connected')} ok={broker.connected}>
              {yesNo(broker.connected)}
            </Row>
            {broker.clients !== null && <Row label={t('broker.clients')}>{n(broker.clients)}</Row>}
            {broker.messagesInPerSecond !== null && (
              <Row label={t('broker.messages')}>
                {n(broker.messagesInPerSecond, 1)} / {n(broker.messagesOutPerSecond, 1)}
              </Row>
            )}
            {broker.droppedMessages !== null && (
              <Row label={t('broker.dropped')} ok={broker.droppedMessages === 0}>
                {n(broker.droppedMessages)}
              </Row>
            )}
            {refusals.length > 0 && (
              <Row label={t('broker.refusals')}>{refusals.map(([k, v]) => `${k}: ${n(v)}`).join(' · ')}</Row>
            )}
            {broker.address !== undefined && <Row label={t('broker.address')}>{broker.address || '—'}</Row>}
          </dl>
        </CardSection>
        <CardSection title={t('ingest.title')} description={t('ingest.description')}>
          <dl className="divide-y">
            <Row label={t('ingest.points')}>{n(ingest.pointsPerSecond, 1)}</Row>
            <Row label={t('ingest.messages')}>{n(ingest.messagesPerSecond, 1)}</Row>
            <Row label={t('ingest.batch')}>{ms(ingest.batchMs)}</Row>
            <Row label={t('ingest.backlog')}>{n(ingest.backlog)}</Row>
            <Row label={t('ingest.total')}>
              {n(ingest.pointsTotal)} / {n(ingest.writtenTotal)}
            </Row>
            <Row label={t('ingest.rejected')} ok={rejected.length === 0}>
              {rejected.length === 0
                ? t('ingest.rejectedNone')
                : rejected
                    .map(([reason, count]) => `${n(count)} ${t(`reason.${reason}` as Parameters<T>[0])}`)
                    .join(' · ')}
            </Row>
            <Row label={t('ingest.lastPoint')}>
              {ingest.lastPointAt ? (
                <time dateTime={ingest.lastPointAt.toISOString()}>{formatDateTime(ingest.lastPointAt, language)}</time>
              ) : (
                '—'
              )}
            </Row>
          </dl>
        </CardSection>
        <CardSection title={t('live.title')} description={t('live.clients')}>
          <p className="text-3xl font-semibold tabular-nums" data-figure={t('live.clients')}>
            {n(details.live.clients)}
          </p>
        </CardSection>
        {details.live.relay && <RelayCard relay={details.live.relay} t={t} />}
        <SilentDevices details={details} t={t} />
      </div>
      <HistoryCharts history={details.history} t={t} />
      <JobsTable details={details} t={t} />
    </div>
  );
}

/** The live relay between instances on one PostgreSQL (ADR 038): what went out, came in, was lost. */
function RelayCard({ relay, t }: { relay: LiveRelayHealth; t: T }) {
  const { language } = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <CardSection title={t('relay.title')} description={t('relay.description')}>
      <dl className="divide-y">
        <Row label={t('relay.peers')}>{n(relay.peers)}</Row>
        <Row label={t('relay.lastPeer')}>
          {relay.lastPeerAt ? (
            <time dateTime={relay.lastPeerAt.toISOString()}>{formatDateTime(relay.lastPeerAt, language)}</time>
          ) : (
            '—'
          )}
        </Row>
        <Row label={t('relay.sent')}>
          {n(relay.notificationsSent)} ({n(relay.eventsSent)})
        </Row>
        <Row label={t('relay.received')}>
          {n(relay.notificationsReceived)} ({n(relay.eventsReceived)})
        </Row>
        <Row label={t('relay.batches')}>
          {n(relay.batches)} / {n(relay.coalesced)}
        </Row>
        <Row label={t('relay.dropped')} ok={relay.dropped === 0}>
          {n(relay.dropped)} ({n(relay.oversized)})
        </Row>
        <Row label={t('relay.relistens')}>{n(relay.relistens)}</Row>
      </dl>
    </CardSection>
  );
}

function HistoryCharts({ history, t }: { history: SystemSample[]; t: T }) {
  const { language } = useLanguage();
  const series = (pick: (s: SystemSample) => number | null): SeriesPoint[] =>
    history.flatMap((s) => {
      const value = pick(s);
      return value === null ? [] : [{ ts: s.at, value }];
    });
  const charts = [
    { label: t('chart.points'), points: series((s) => s.pointsPerSecond), digits: 1 },
    { label: t('chart.lag'), points: series((s) => s.eventLoopLagMs), digits: 1 },
    { label: t('chart.database'), points: series((s) => s.databaseLatencyMs), digits: 1 },
    { label: t('chart.memory'), points: series((s) => s.rssBytes / MB), digits: 0 },
  ];
  return (
    <CardSection title={t('history.title')} description={t('history.description')}>
      {history.length === 0 ? (
        <EmptyState>{t('history.empty')}</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {charts.map((chart) => (
            <figure key={chart.label} className="flex min-w-0 flex-col gap-2">
              <figcaption className="text-sm font-medium">{chart.label}</figcaption>
              <TimeSeriesChart
                {...pointsSeries(chart.points, chart.label)}
                label={chart.label}
                height={160}
                formatValue={(v) => formatNumber(v, language, chart.digits)}
              />
            </figure>
          ))}
        </div>
      )}
    </CardSection>
  );
}

function JobsTable({ details, t }: { details: SystemDetails; t: T }) {
  const { language } = useLanguage();
  return (
    <CardSection title={t('jobs.title')} description={t('jobs.description')}>
      {details.jobs.length === 0 ? (
        <EmptyState>{t('jobs.empty')}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-label={t('jobs.title')}>
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('jobs.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('jobs.outcome')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('jobs.lastRun')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('jobs.duration')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('jobs.runs')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {details.jobs.map((job) => (
                <tr key={job.name}>
                  <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-medium">
                    {job.name}
                    {job.lastError && (
                      <span className="mt-1 block font-sans text-xs font-normal text-muted-foreground">
                        {job.lastError}
                      </span>
                    )}
                  </th>
                  <td className="px-3 py-2">
                    <OutcomeBadge outcome={job.outcome} t={t} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {job.lastStartedAt ? (
                      <time dateTime={job.lastStartedAt.toISOString()}>
                        {formatDateTime(job.lastStartedAt, language)}
                      </time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    {job.lastDurationMs === null
                      ? '—'
                      : t('unit.ms', { value: formatNumber(job.lastDurationMs, language) })}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatNumber(job.runCount, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardSection>
  );
}

function SilentDevices({ details, t }: { details: SystemDetails; t: T }) {
  const { language } = useLanguage();
  return (
    <CardSection
      title={t('silent.title')}
      description={t('silent.description', { seconds: formatNumber(SILENT_AFTER_SECONDS, language) })}
    >
      {details.silentDevices.length === 0 ? (
        <EmptyState>{t('silent.empty')}</EmptyState>
      ) : (
        <dl className="divide-y">
          {details.silentDevices.map((f) => (
            <Row key={f.facilityId} label={f.facilityName} ok={f.count === 0}>
              {formatNumber(f.count, language)} / {formatNumber(f.total, language)}
            </Row>
          ))}
        </dl>
      )}
    </CardSection>
  );
}
