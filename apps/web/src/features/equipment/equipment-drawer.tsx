import type { EquipmentItem } from '@sentinela/shared/equipment';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { hasRole } from '@sentinela/shared/auth-rules';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { LiveBadge } from '../../components/live-badge';
import { StatusBadge } from '../../components/status-badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';
import { formatDateTime, formatTime } from '../../lib/format';
import { equipmentStrings } from './equipment.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useLiveTelemetry } from '../../lib/live';
import { useCurrentUser } from '../../lib/use-current-user';
import { DeviceCredentialsSection } from './device-credentials-section';
import { EquipmentRegistryActions } from './equipment-registry-actions';
import { EquipmentHistory } from './equipment-history';
import { EquipmentMaintenance } from './equipment-maintenance';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { formatMetric, formatRated, metricLabel, ratedLabel, sortMetrics } from './metric-format';
import { PowerControl } from './power-control';

interface EquipmentDrawerProps {
  item: EquipmentItem | null;
  status: EquipmentStatus | undefined;
  onClose: () => void;
  /** Administrators: open the device's form (the drawer closes). */
  onEdit?: (id: string) => void;
}

/** A device's details in a side panel: where it is, its nameplate, live values and history. */
export default function EquipmentDrawer({ item, status, onClose, onEdit }: EquipmentDrawerProps) {
  const tOps = useStrings(opsStrings);
  return (
    <Sheet open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" closeLabel={tOps('close')} className="w-full max-w-xl sm:w-[36rem]">
        {item && (
          <DrawerBody key={item.id} item={item} status={status ?? item.status} onClose={onClose} onEdit={onEdit} />
        )}
      </SheetContent>
    </Sheet>
  );
}

interface DrawerBodyProps {
  item: EquipmentItem;
  status: EquipmentStatus;
  onClose: () => void;
  onEdit?: (id: string) => void;
}

function DrawerBody({ item, status, onClose, onEdit }: DrawerBodyProps) {
  const admin = hasRole(useCurrentUser(), 'admin');
  const t = useStrings(equipmentStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const ids = useMemo(() => [item.id], [item.id]);
  const live = useLiveTelemetry(ids);
  const values = live.values[item.id] ?? {};
  const metrics = sortMetrics(Object.keys(values));
  const updatedAt = live.updatedAt[item.id];
  // Every time in the drawer is the equipment's facility's clock, said once in the header.
  const zone = useFacilityZones().of(item.facilityId);
  const lastSeen = updatedAt ?? item.lastSeenAt;
  const onOff = (on: boolean) => (on ? t('isOn') : t('isOff'));
  const rated = Object.entries(item.rated);

  return (
    <div className="flex h-full flex-col overflow-y-auto">
      <header className="flex flex-col gap-2 border-b p-4 pr-12">
        <SheetTitle className="text-lg">{item.name}</SheetTitle>
        <SheetDescription className="flex flex-wrap items-center gap-2">
          <span>{tOps(`kind.${item.kind}`)}</span>
          <span aria-hidden>·</span>
          <span className="font-mono text-xs">{item.id}</span>
        </SheetDescription>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={live.statuses[item.id] ?? status} />
          <LiveBadge status={live.live} />
        </div>
        {zone && <ZoneNote place={zone.place} timeZone={zone.timeZone} />}
      </header>

      <div className="flex flex-col gap-6 p-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">{t('facility')}</dt>
          <dd>{item.facilityName}</dd>
          <dt className="text-muted-foreground">{t('room')}</dt>
          <dd>
            {item.roomId ? (
              <Link href={`/equipment?roomId=${item.roomId}`} className="underline-offset-2 hover:underline">
                {item.roomName}
              </Link>
            ) : (
              '—'
            )}
          </dd>
          <dt className="text-muted-foreground">{t('location')}</dt>
          <dd>{item.location ?? '—'}</dd>
          <dt className="text-muted-foreground">{t('lastSeen')}</dt>
          <dd>{lastSeen ? formatDateTime(lastSeen, language, zone?.timeZone) : t('never')}</dd>
        </dl>

        {admin && onEdit && (
          <EquipmentRegistryActions
            id={item.id}
            name={item.name}
            onEdit={() => onEdit(item.id)}
            onDeleted={onClose}
            timeZone={zone?.timeZone}
          />
        )}
        {admin && <DeviceCredentialsSection id={item.id} name={item.name} timeZone={zone?.timeZone} />}

        {(item.kind === 'motor' || item.kind === 'light') && <PowerControl item={item} />}

        <section aria-labelledby="latest-title" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="latest-title" className="text-sm font-semibold">
              {t('latest')}
            </h3>
            <span className="text-xs text-muted-foreground">
              {updatedAt ? t('updatedAt', { time: formatTime(updatedAt, language, zone?.timeZone) }) : t('latestHint')}
            </span>
          </div>
          {!live.ready ? (
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <span key={i} aria-hidden className="h-16 animate-pulse rounded-md bg-muted" />
              ))}
            </div>
          ) : metrics.length === 0 ? (
            <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
              {t('noValues')}
            </p>
          ) : (
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="latest-values">
              {metrics.map((metric) => (
                <div key={metric} className="rounded-md border p-2.5" data-metric={metric}>
                  <dt className="truncate text-xs text-muted-foreground" title={metricLabel(t, metric)}>
                    {metricLabel(t, metric)}
                  </dt>
                  <dd className="mt-0.5 text-base font-semibold tabular-nums">
                    {formatMetric(metric, values[metric] ?? Number.NaN, language, onOff)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>

        <EquipmentHistory item={item} metrics={metrics} timeZone={zone?.timeZone} />

        <EquipmentMaintenance id={item.id} timeZone={zone?.timeZone} />

        {rated.length > 0 && (
          <section aria-labelledby="rated-title" className="flex flex-col gap-2">
            <h3 id="rated-title" className="text-sm font-semibold">
              {t('rated')}
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {rated.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{ratedLabel(t, key)}</dt>
                  <dd className="tabular-nums">{formatRated(key, value, language)}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
