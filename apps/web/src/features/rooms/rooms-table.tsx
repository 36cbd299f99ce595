import type { CurrentPower, OpenAlertCounts, StatusCounts } from '@sentinela/shared/equipment';
import type { RoomItem } from '@sentinela/shared/rooms';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SeverityBadge } from '../../components/status-badge';
import { buttonClassName } from '../../components/ui/button';
import { formatQuantity, formatTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { cn } from '../../lib/cn';
import { DeviceTable, listCell, SkeletonBars } from '../plant/device-table';
import { useFacilityZones } from '../plant/use-facility-zones';
import { roomsStrings } from './rooms.strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';

const cell = cn(listCell, 'align-top');
type RoomsT = AreaTranslate<keyof (typeof roomsStrings)['pt']>;

const kindKeys = new Set(['production', 'utility', 'office', 'warehouse', 'server-room', 'cold-storage', 'outdoor']);

export function roomKindLabel(t: RoomsT, kind: string): string {
  return kindKeys.has(kind) ? t(`kind.${kind}` as Parameters<RoomsT>[0]) : kind;
}

/** "10 online · 1 offline · 1 in error": only the statuses some equipment has. */
export function statusLine(t: RoomsT, counts: StatusCounts): string {
  if (counts.total === 0) return t('noEquipment');
  return (['online', 'offline', 'maintenance', 'error'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => t(status, { count: counts[status] }))
    .join(' · ');
}

/** A room's current consumption; `timeZone` is its facility's, so "at 15:41" is the plant's clock. */
export function PowerFigure({ power, timeZone }: { power: CurrentPower; timeZone: string | undefined }) {
  const t = useStrings(roomsStrings);
  const { language } = useLanguage();
  if (power.kw === null || power.source === null) return <span className="text-muted-foreground">{t('noPower')}</span>;
  const source = power.source === 'meter' ? t('source.meter') : t('source.devices');
  return (
    <>
      <div className="font-medium tabular-nums">{formatQuantity(power.kw, 'kW', language, 1)}</div>
      <div className="text-xs text-muted-foreground">
        {source}
        {power.asOf && ` · ${t('asOf', { time: formatTime(power.asOf, language, timeZone) })}`}
      </div>
    </>
  );
}

export function AlertPills({ counts }: { counts: OpenAlertCounts }) {
  const t = useStrings(roomsStrings);
  if (counts.total === 0) return <span className="text-muted-foreground">{t('noAlerts')}</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {(['critical', 'warning', 'info'] as const)
        .filter((severity) => counts[severity] > 0)
        .map((severity) => (
          <span key={severity} className="inline-flex items-center gap-1 text-xs">
            <strong className="tabular-nums">{counts[severity]}</strong>
            <SeverityBadge severity={severity} />
          </span>
        ))}
    </div>
  );
}

interface RoomsTableProps {
  items: RoomItem[] | undefined;
  busy: boolean;
  stale: boolean;
  rows: number;
  /** More actions of a row (edit, delete), beside "View equipment"; only for those who may use them. */
  actions?: (room: RoomItem) => ReactNode;
}

/** Rooms with facility, equipment by status, current consumption, open alerts and a drill-down. */
export function RoomsTable({ items, busy, stale, rows, actions }: RoomsTableProps) {
  const t = useStrings(roomsStrings);
  const zones = useFacilityZones();
  return (
    <DeviceTable
      columns={[
        {
          label: t('room'),
          cell: (room) => (
            <>
              <div className="font-medium">{room.name}</div>
              <div className="text-xs text-muted-foreground">{roomKindLabel(t, room.kind)}</div>
            </>
          ),
        },
        { label: t('facility'), cell: (room) => room.facilityName },
        {
          label: t('equipment'),
          cell: (room) => (
            <>
              <div className="font-medium tabular-nums">{room.equipment.total}</div>
              <div className="text-xs text-muted-foreground">{statusLine(t, room.equipment)}</div>
            </>
          ),
        },
        {
          label: t('power'),
          cell: (room) => <PowerFigure power={room.power} timeZone={zones.of(room.facilityId)?.timeZone} />,
        },
        { label: t('alerts'), cell: (room) => <AlertPills counts={room.openAlerts} /> },
        {
          label: t('actions'),
          cell: (room) => (
            <div className="flex flex-wrap gap-2">
              <Link
                href={`/equipment?roomId=${room.id}`}
                className={buttonClassName('outline', 'sm')}
                aria-label={t('viewEquipmentOf', { room: `${room.name} (${room.facilityName})` })}
              >
                {t('viewEquipment')}
              </Link>
              {actions?.(room)}
            </div>
          ),
        },
      ]}
      minWidth="min-w-[56rem]"
      items={items}
      stale={stale}
      busy={busy}
      empty={t('empty')}
      variant="list"
      rowKey={(room) => ({ key: room.id, 'data-room-id': room.id })}
      skeleton={
        <SkeletonBars
          rows={rows}
          widths={[40, 36, 12, 20, 16, 28]}
          cellClassName={cell}
          secondLine={(column) => column < 4}
          secondLineClassName="w-20"
        />
      }
    />
  );
}
