import type { DataCenterSite, DataCenterStatus } from '@sentinela/shared/datacenters';
import type { Language } from '@sentinela/shared/language';
import type { ReactNode } from 'react';
import { StatusPill, type Tone } from '../../components/status-badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatNumber, formatQuantity } from '../../lib/format';
import { datacentersStrings } from './datacenters.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';

type T = AreaTranslate<keyof (typeof datacentersStrings)['pt']>;

const statusTone: Record<DataCenterStatus, Tone> = { online: 'green', degraded: 'amber', offline: 'red' };

export function SiteStatusBadge({ status }: { status: DataCenterStatus }) {
  const t = useStrings(datacentersStrings);
  return (
    <StatusPill tone={statusTone[status]} dot data-status={status}>
      {t(`status.${status}`)}
    </StatusPill>
  );
}

/** '22,9064° S, 47,0616° O' / '22.9064° S, 47.0616° W'. */
export function formatCoordinates(latitude: number, longitude: number, lang: Language, t: T): string {
  const part = (value: number, positive: 'dir.N' | 'dir.E', negative: 'dir.S' | 'dir.W') =>
    `${formatNumber(Math.abs(value), lang, 4)}° ${t(value < 0 ? negative : positive)}`;
  return `${part(latitude, 'dir.N', 'dir.S')}, ${part(longitude, 'dir.E', 'dir.W')}`;
}

/** Uptime as a percentage with three decimals: the differences live past the second nine. */
export function formatUptime(uptime: number | null, lang: Language): string | null {
  return uptime === null ? null : formatQuantity(uptime * 100, '%', lang, 3);
}

interface FieldProps {
  name: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  className?: string;
}

function Field({ name, label, children, hint, className }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-0.5', className)} data-field={name}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/** One data center: function, region, coordinates, IP, servers, uptime, PUE, open alerts. */
export function DataCenterSiteCard({ site, uptimeDays }: { site: DataCenterSite; uptimeDays: number }) {
  const t = useStrings(datacentersStrings);
  const { language } = useLanguage();
  const uptime = formatUptime(site.uptime, language);
  return (
    <Card data-site={site.name} aria-labelledby={`dc-${site.id}`}>
      <CardHeader>
        <CardTitle id={`dc-${site.id}`}>{site.name}</CardTitle>
        <SiteStatusBadge status={site.status} />
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Field name="function" label={t('function')}>
            {t(`function.${site.function}`)}
          </Field>
          <Field name="region" label={t('region')}>
            {site.region}
          </Field>
          <Field name="coordinates" label={t('coordinates')}>
            {formatCoordinates(site.latitude, site.longitude, language, t)}
          </Field>
          <Field name="ip" label={t('ipAddress')}>
            <span className="font-mono">{site.ipAddress}</span>
          </Field>
          <Field name="servers" label={t('servers')}>
            {t('serversValue', {
              online: formatNumber(site.serversOnline, language),
              total: formatNumber(site.servers, language),
            })}
          </Field>
          <Field
            name="uptime"
            label={t('uptime', { days: uptimeDays })}
            hint={
              uptime === null ? undefined : t('downtime', { minutes: formatNumber(site.downtimeMinutes, language) })
            }
          >
            {uptime ?? t('noData')}
          </Field>
          <Field
            name="pue"
            label={t('pue')}
            hint={
              site.pue === null || site.facilityPowerKw === null || site.itPowerKw === null
                ? undefined
                : t('pueValue', {
                    facility: formatQuantity(site.facilityPowerKw, 'kW', language, 1),
                    it: formatQuantity(site.itPowerKw, 'kW', language, 1),
                  })
            }
          >
            {site.pue === null ? t('noData') : formatNumber(site.pue, language, 2)}
          </Field>
          <Field name="alerts" label={t('openAlerts')}>
            {formatNumber(site.openAlerts, language)}
          </Field>
          <Field name="facility" label={t('facility')} className="col-span-2">
            {site.facility ? `${site.facility.name} · ${site.facility.city}` : t('noFacility')}
          </Field>
        </dl>
      </CardContent>
    </Card>
  );
}
