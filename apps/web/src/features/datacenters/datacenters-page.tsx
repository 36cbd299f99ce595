import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Globe2, Server, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { LiveBadge } from '../../components/live-badge';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState } from '../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { StatCard } from '../../components/stat-card';
import { SelectField } from '../../components/select-field';
import { cn } from '../../lib/cn';
import { formatNumber, formatTime } from '../../lib/format';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { datacentersStrings } from './datacenters.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { DataCenterDiagram, DIAGRAM_HEIGHT, statusFill, statusStroke } from './datacenter-diagram';
import { DataCenterSiteCard, formatUptime } from './datacenter-site-card';
import { useSiteEvents } from './use-site-events';

/** The uptime periods offered, in days (the server takes any whole number from 1 to 365). */
const UPTIME_WINDOWS = [7, 30, 90] as const;
const DEFAULT_UPTIME_DAYS = 30;
/** PUE is a 24-h mean and uptime a 30-day share: a minute's refresh is plenty (alerts refresh sooner). */
const REFRESH_MS = 60_000;

/** /datacenters: totals, the architecture diagram and each site's figures. */
export default function DatacentersPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(datacentersStrings);
  // The figures are of the whole site: computed at the site's clock (the zone most facilities are in).
  const siteZone = useFacilityZones().site;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [uptimeDays, setUptimeDays] = useState<number>(DEFAULT_UPTIME_DAYS);

  const overview = useQuery(
    trpc.datacenters.overview.queryOptions(
      { uptimeDays },
      { placeholderData: keepPreviousData, staleTime: REFRESH_MS, refetchInterval: REFRESH_MS },
    ),
  );
  // A rack going silent (or coming back) is an alert change: the statuses and uptimes move.
  const live = useSiteEvents(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.datacenters.overview.pathKey() });
  });

  const data = overview.data;
  const summary = data?.summary;
  const serversOnline = data?.sites.reduce((n, s) => n + s.serversOnline, 0);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.datacenters')}>
        <LiveBadge status={live} />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <SelectField
        label={t('uptimeWindow')}
        className="self-start"
        value={String(uptimeDays)}
        options={UPTIME_WINDOWS.map((days) => ({ value: String(days), label: t('days', { days }) }))}
        onChange={(value) => {
          setUptimeDays(Number(value));
        }}
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('stat.total')}
          value={summary && formatNumber(summary.total, language)}
          hint={summary ? t('stat.totalHint', { regions: summary.regions }) : ''}
          icon={<Warehouse />}
        />
        <StatCard
          label={t('stat.regions')}
          value={summary && formatNumber(summary.activeRegions, language)}
          hint={t('stat.regionsHint')}
          icon={<Globe2 />}
        />
        <StatCard
          label={t('stat.servers')}
          value={summary && formatNumber(summary.servers, language)}
          hint={
            serversOnline === undefined ? '' : t('stat.serversHint', { online: formatNumber(serversOnline, language) })
          }
          icon={<Server />}
        />
        <StatCard
          label={t('stat.uptime')}
          value={summary && (formatUptime(summary.averageUptime, language) ?? t('noData'))}
          hint={t('stat.uptimeHint', { days: data?.uptimeDays ?? uptimeDays })}
          icon={<Activity />}
        />
      </div>

      {overview.isError && !data ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data && data.sites.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <>
          <Card>
            <CardHeader>
              <div>
                <CardTitle>{t('architecture')}</CardTitle>
                <CardDescription>{t('architectureHint')}</CardDescription>
              </div>
              <Legend />
            </CardHeader>
            <CardContent>
              {data ? (
                <DataCenterDiagram sites={data.sites} links={data.links} />
              ) : (
                <div aria-hidden className="animate-pulse rounded-md bg-muted" style={{ height: DIAGRAM_HEIGHT }} />
              )}
            </CardContent>
          </Card>

          <h2 className="mt-2 text-lg font-semibold">{t('sites')}</h2>
          <div className={cn('grid gap-3 md:grid-cols-2 xl:grid-cols-3', overview.isPlaceholderData && 'opacity-60')}>
            {data
              ? data.sites.map((site) => <DataCenterSiteCard key={site.id} site={site} uptimeDays={data.uptimeDays} />)
              : Array.from({ length: 3 }, (_, i) => (
                  <div key={i} aria-hidden className="h-80 animate-pulse rounded-lg border bg-muted/40" />
                ))}
          </div>
        </>
      )}

      <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-slot="how-computed">
        <p>{t('how.uptime', { days: data?.uptimeDays ?? uptimeDays })}</p>
        <p>{t('how.pue', { hours: data?.pueWindowHours ?? 24 })}</p>
        <p>{t('how.status')}</p>
        {data && <p>{t('updatedAt', { time: formatTime(data.at, language, siteZone?.timeZone) })}</p>}
        {data && siteZone && <ZoneNote place={siteZone.place} timeZone={siteZone.timeZone} />}
      </div>
    </section>
  );
}

function Legend() {
  const t = useStrings(datacentersStrings);
  return (
    <ul aria-label={t('legend')} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {(['online', 'degraded', 'offline'] as const).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <svg aria-hidden viewBox="0 0 10 10" className="size-2.5">
            <circle cx={5} cy={5} r={5} className={statusFill[status]} />
          </svg>
          {t(`status.${status}`)}
        </li>
      ))}
      {(['replication', 'edge-sync'] as const).map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <svg aria-hidden viewBox="0 0 24 6" className="h-1.5 w-6">
            <line
              x1={0}
              y1={3}
              x2={24}
              y2={3}
              strokeWidth={kind === 'replication' ? 3 : 2}
              strokeDasharray={kind === 'edge-sync' ? '6 5' : undefined}
              className={statusStroke.online}
            />
          </svg>
          {t(`link.${kind}`)}
        </li>
      ))}
    </ul>
  );
}
