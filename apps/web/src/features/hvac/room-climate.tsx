import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RoomClimate } from '@sentinela/shared/hvac';
import { useState } from 'react';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState } from '../../components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { formatTemperatureDelta } from '../../lib/temperature-units';

const ROOMS_PAGE_SIZE = 12;
const ROOMS_REFRESH_MS = 15_000;
/** Within this of the set-point (°C) a room counts as on target. */
const ON_TARGET_BAND_C = 1.5;

const deviationTone = {
  onTarget: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  above: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  below: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
} as const;

/** Every room with HVAC units or sensors: temperature and humidity now, set-point against actual. */
export function RoomClimateOverview({ facilityId }: { facilityId: string | undefined }) {
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [pageFacility, setPageFacility] = useState(facilityId);
  if (pageFacility !== facilityId) {
    setPageFacility(facilityId);
    setPage(1);
  }
  const rooms = useQuery(
    trpc.hvac.rooms.queryOptions(
      { facilityId, page, pageSize: ROOMS_PAGE_SIZE },
      { placeholderData: keepPreviousData, refetchInterval: ROOMS_REFRESH_MS },
    ),
  );
  const data = rooms.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('rooms.title')}</CardTitle>
        <CardDescription className="w-full">
          {t('rooms.description', { band: formatTemperatureDelta(ON_TARGET_BAND_C, language).slice(1) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {rooms.isError && !data ? (
          <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : data?.items.length === 0 ? (
          <EmptyState>{t('rooms.empty')}</EmptyState>
        ) : (
          <ul
            className={cn(
              'grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3',
              rooms.isPlaceholderData && 'opacity-60',
            )}
            aria-busy={!data}
          >
            {data
              ? data.items.map((room) => <RoomCard key={room.roomId} room={room} />)
              : Array.from({ length: 3 }, (_, i) => (
                  <li key={i} aria-hidden className="h-44 animate-pulse rounded-lg border bg-muted/40" />
                ))}
          </ul>
        )}
        <ListPagination
          data={data}
          busy={rooms.isFetching}
          onPage={setPage}
          totalLabel={(count) => t('rooms.total', { count })}
          hideWhenOnePage
        />
      </CardContent>
    </Card>
  );
}

function RoomCard({ room }: { room: RoomClimate }) {
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const deviation = room.temperature !== null && room.setpoint !== null ? room.temperature - room.setpoint : null;
  const state =
    deviation === null
      ? null
      : Math.abs(deviation) <= ON_TARGET_BAND_C
        ? 'onTarget'
        : deviation > 0
          ? 'above'
          : 'below';
  const devices = [
    room.hvacCount > 0 ? t('room.units', { running: room.hvacRunning, count: room.hvacCount }) : null,
    room.sensorCount > 0 ? t('room.sensors', { count: room.sensorCount }) : null,
  ].filter(Boolean);
  /** The room's figures: its readings large, then the setpoint and how far off it they are. */
  const figures: { label: string; field?: string; value: string; large?: boolean }[] = [
    {
      label: t('room.temperature'),
      field: 'temperature',
      value: formatTemperature(room.temperature, language),
      large: true,
    },
    { label: t('room.humidity'), value: formatQuantity(room.humidity, '%', language, 1), large: true },
    { label: t('room.setpoint'), field: 'setpoint', value: formatTemperature(room.setpoint, language) },
    {
      label: t('room.deviation'),
      value: deviation === null ? '—' : formatTemperatureDelta(deviation, language),
    },
  ];
  return (
    <li className="flex h-44 flex-col gap-2 rounded-lg border p-3" data-room-id={room.roomId}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold">{room.roomName}</h3>
          <p className="truncate text-xs text-muted-foreground">{room.facilityName}</p>
        </div>
        {state ? (
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', deviationTone[state])}>
            {t(`room.${state}`)}
          </span>
        ) : (
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs whitespace-nowrap text-muted-foreground">
            {room.setpoint === null ? t('room.noSetpoint') : t('room.noReading')}
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        {figures.map(({ label, field, value, large }) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className={large ? 'text-lg font-semibold tabular-nums' : 'tabular-nums'} data-field={field}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-auto truncate text-xs text-muted-foreground">
        {[
          room.temperatureSource && t(room.temperatureSource === 'hvac' ? 'room.sourceHvac' : 'room.sourceSensor'),
          ...devices,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}
