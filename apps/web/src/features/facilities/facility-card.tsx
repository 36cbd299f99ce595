import type { EquipmentKind } from '@sentinela/shared/plant';
import type { FacilityItem } from '@sentinela/shared/facilities';
import type { Language } from '@sentinela/shared/language';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SeverityBadge } from '../../components/status-badge';
import { buttonClassName } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatNumber, formatQuantity, formatTime, formatZoneOffset } from '../../lib/format';
import { facilitiesStrings } from './facilities.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';

type FacilitiesT = AreaTranslate<keyof (typeof facilitiesStrings)['pt']>;

const tones = {
  good: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  warn: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  bad: 'bg-red-500/15 text-red-800 dark:text-red-300',
  none: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

/** 'All online', or what is not: '2 offline · 1 in error · 3 in maintenance'. */
function facilityStatus(
  t: FacilitiesT,
  equipment: FacilityItem['equipment'],
): { text: string; tone: keyof typeof tones } {
  if (equipment.total === 0) return { text: t('noEquipment'), tone: 'none' };
  const parts = (['error', 'offline', 'maintenance'] as const)
    .filter((s) => equipment[s] > 0)
    .map((s) => t(s, { count: equipment[s] }));
  if (parts.length === 0) return { text: t('allOnline'), tone: 'good' };
  return { text: parts.join(' · '), tone: equipment.error > 0 ? 'bad' : 'warn' };
}

function coordinate(value: number | null, lang: Language): string {
  return value === null ? '—' : `${formatNumber(value, lang, 4)}°`;
}

/**
 * One site: where it is, what it holds, how it is doing, and links into its rooms and equipment;
 * `actions` (edit, delete) only for those who may use them.
 */
export function FacilityCard({ facility, actions }: { facility: FacilityItem; actions?: ReactNode }) {
  const t = useStrings(facilitiesStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const status = facilityStatus(t, facility.equipment);
  // Every time on the card is the facility's clock, whatever the browser's zone; the zone is said once.
  const zone = facility.timezone;
  const offset = formatZoneOffset(zone);
  const titleId = `facility-${facility.id}`;
  const power = facility.power;

  return (
    <Card aria-labelledby={titleId} data-facility-code={facility.code} className="flex flex-col">
      <CardHeader>
        <div className="min-w-0">
          <CardTitle id={titleId}>{facility.name}</CardTitle>
          <CardDescription>{[facility.city, facility.state].filter(Boolean).join(', ')}</CardDescription>
        </div>
        <span
          className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', tones[status.tone])}
          data-testid="facility-status"
        >
          {status.text}
        </span>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs text-muted-foreground">{t('coordinates')}</dt>
            <dd className="tabular-nums">
              {coordinate(facility.latitude, language)}, {coordinate(facility.longitude, language)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('timezone')}</dt>
            <dd>
              {offset ? `${zone} (${offset})` : zone}
              <span className="text-muted-foreground" data-slot="facility-now">
                {' · '}
                {t('localTime', { time: formatTime(new Date(), language, zone) })}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('rooms')}</dt>
            <dd className="tabular-nums">{formatNumber(facility.rooms, language)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('equipment')}</dt>
            <dd className="tabular-nums">
              {t('equipmentOnline', {
                online: formatNumber(facility.equipment.online, language),
                total: formatNumber(facility.equipment.total, language),
              })}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('power')}</dt>
            <dd>
              {power.kw === null || power.source === null ? (
                <span className="text-muted-foreground">{t('noPower')}</span>
              ) : (
                <>
                  <span className="font-semibold tabular-nums">{formatQuantity(power.kw, 'kW', language, 1)}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t(`source.${power.source === 'mainMeter' ? 'mainMeter' : 'rooms'}`)}
                    {power.asOf && ` · ${t('asOf', { time: formatTime(power.asOf, language, zone) })}`}
                  </span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">{t('alerts')}</dt>
            <dd>
              {facility.openAlerts.total === 0 ? (
                <span className="text-muted-foreground">{t('noAlerts')}</span>
              ) : (
                <span className="flex flex-wrap gap-1.5">
                  {(['critical', 'warning', 'info'] as const)
                    .filter((severity) => facility.openAlerts[severity] > 0)
                    .map((severity) => (
                      <span key={severity} className="inline-flex items-center gap-1 text-xs">
                        <strong className="tabular-nums">{facility.openAlerts[severity]}</strong>
                        <SeverityBadge severity={severity} />
                      </span>
                    ))}
                </span>
              )}
            </dd>
          </div>
        </dl>
        <div>
          <h3 className="text-xs text-muted-foreground">{t('byKind')}</h3>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {(Object.keys(facility.byKind) as EquipmentKind[])
              .filter((kind) => facility.byKind[kind] > 0)
              .map((kind) => (
                <li key={kind}>
                  <Link
                    href={`/equipment?facilityId=${facility.id}&kind=${kind}`}
                    className="inline-flex rounded-md border px-2 py-0.5 text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    {t('kindLink', {
                      count: formatNumber(facility.byKind[kind], language),
                      kind: tOps(`kind.${kind}`),
                    })}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Link
            href={`/rooms?facilityId=${facility.id}`}
            className={buttonClassName('outline', 'sm')}
            aria-label={t('viewRoomsOf', { name: facility.name })}
          >
            {t('viewRooms')}
          </Link>
          <Link
            href={`/equipment?facilityId=${facility.id}`}
            className={buttonClassName('outline', 'sm')}
            aria-label={t('viewEquipmentOf', { name: facility.name })}
          >
            {t('viewEquipment')}
          </Link>
          {actions}
        </div>
      </CardContent>
    </Card>
  );
}
