import { useMutation, useQuery } from '@tanstack/react-query';
import type { MotorItem } from '@sentinela/shared/motors';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { DevicePageHeader, FiguresOrError } from '../plant/device-page-header';
import { PagedList } from '../plant/paged-list';
import { pollKeepingData } from '../../lib/polling';
import { useFilteredPage } from '../plant/use-filtered-page';
import { MotorFilters, noMotorFilters, type MotorFilterValues } from './motor-filters';
import { MotorStats } from './motor-stats';
import { MotorTable } from './motor-table';
import { useMotorLive } from './use-motor-live';
import { useDeviceCommand } from '../plant/use-device-command';

/** On/off per motor; a refusal or a timeout shows in the command history, so that is re-read too. */
function useMotorPower() {
  const trpc = useTRPC();
  const t = useStrings(motorsStrings);
  const command = useDeviceCommand<true>({
    refresh: [trpc.motors.list.pathKey(), trpc.motors.summary.pathKey(), trpc.motors.commands.pathKey()],
    refreshOnRefusal: [trpc.motors.commands.pathKey()],
  });
  const mutation = useMutation(trpc.motors.setPower.mutationOptions());
  const setPower = (motor: { id: string; name: string }, on: boolean) =>
    command.run({
      id: motor.id,
      mark: true,
      send: () => mutation.mutateAsync({ id: motor.id, on }),
      confirmedMessage: () => t(on ? 'confirmedOn' : 'confirmedOff', { name: motor.name }),
    });
  return { pending: command.pending, setPower };
}

// The detail panel (charts, nameplate, command history) loads when a motor is opened.
const MotorDetailSheet = lazy(() => import('./motor-detail-sheet'));

export const MOTORS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;
/** Statuses and confirmed states are pushed live; the list is re-read now and then all the same. */
const LIST_REFRESH_MS = 30_000;
const SUMMARY_REFRESH_MS = 10_000;

const optional = (value: string) => (value === '' ? undefined : value);

/** /motors: totals, the motors with live readings, on/off per motor and detailed monitoring. */
export default function MotorsPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(motorsStrings);
  const trpc = useTRPC();

  const [filters, setFilters] = useState<MotorFilterValues>(noMotorFilters);
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<MotorItem | null>(null);

  const input = {
    search: optional(search),
    facilityId: optional(filters.facilityId),
    roomId: optional(filters.roomId),
    status: filters.status === '' ? undefined : filters.status,
    power: filters.power === '' ? undefined : filters.power,
  };
  // A new filter starts again from page 1.
  const filterKey = JSON.stringify(input);
  const [page, setPage] = useFilteredPage(filterKey);

  const summary = useQuery(
    trpc.motors.summary.queryOptions(
      { facilityId: input.facilityId, roomId: input.roomId },
      pollKeepingData(SUMMARY_REFRESH_MS),
    ),
  );
  const list = useQuery(
    trpc.motors.list.queryOptions({ ...input, page, pageSize: MOTORS_PAGE_SIZE }, pollKeepingData(LIST_REFRESH_MS)),
  );
  const locations = useQuery(trpc.motors.locations.queryOptions());

  const items = list.data?.items;
  // The open motor stays live even when the list has moved to another page.
  const ids = useMemo(() => {
    const onPage = (items ?? []).map((item) => item.id);
    return openId && !onPage.includes(openId) ? [...onPage, openId] : onPage;
  }, [items, openId]);
  const { live, motor } = useMotorLive(ids);
  const power = useMotorPower();

  const selected = (openId && items?.find((item) => item.id === openId)) || opened;
  const filtered = filterKey !== JSON.stringify({});

  return (
    <section className="flex flex-col gap-4">
      <DevicePageHeader title={tCore('nav.motors')} live={live} description={t('description')} />

      <FiguresOrError query={summary}>{(data) => <MotorStats summary={data} />}</FiguresOrError>

      <MotorFilters values={filters} locations={locations.data} onChange={setFilters} />
      <p className="text-xs text-muted-foreground">{t('listDescription')}</p>

      <PagedList list={list} onPage={setPage} totalLabel={(count) => t('totalMotors', { count })}>
        <MotorTable
          items={items}
          stale={list.isPlaceholderData}
          filtered={filtered}
          live={motor}
          pending={power.pending}
          skeletonRows={8}
          onPower={(item, on) => void power.setPower(item, on)}
          onOpen={(item) => {
            setOpenId(item.id);
            setOpened(item);
          }}
        />
      </PagedList>

      {selected && (
        <Suspense fallback={null}>
          <MotorDetailSheet
            item={selected}
            live={motor(selected)}
            pending={Boolean(power.pending[selected.id])}
            open={openId !== null}
            onPower={(on) => void power.setPower(selected, on)}
            onOpenChange={(open) => {
              if (!open) setOpenId(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
