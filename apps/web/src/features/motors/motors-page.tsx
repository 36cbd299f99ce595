import { useMutation, useQuery } from '@tanstack/react-query';
import type { MotorItem } from '@sentinela/shared/motors';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { equipmentGender } from '../../lib/i18n/equipment-gender';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { DevicePageHeader, FiguresOrError } from '../plant/device-page-header';
import { PagedList } from '../plant/paged-list';
import { pollKeepingData } from '../../lib/polling';
import { SelectField } from '../../components/select-field';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { DeviceFilters, noDeviceFilters, useDeviceFilters, type DeviceFilterValues } from '../plant/device-filters';
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
      confirmedMessage: () =>
        t(`confirmed.${on ? 'on' : 'off'}.${equipmentGender(motor.name, 'motor')}`, { name: motor.name }),
    });
  return { pending: command.pending, setPower };
}

// The detail panel (charts, nameplate, command history) loads when a motor is opened.
const MotorDetailSheet = lazy(() => import('./motor-detail-sheet'));

interface MotorFilterValues extends DeviceFilterValues {
  power: '' | 'on' | 'off';
}

export const MOTORS_PAGE_SIZE = 20;
/** Statuses and confirmed states are pushed live; the list is re-read now and then all the same. */
const LIST_REFRESH_MS = 30_000;
const SUMMARY_REFRESH_MS = 10_000;

/** /motors: totals, the motors with live readings, on/off per motor and detailed monitoring. */
export default function MotorsPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(motorsStrings);
  const trpc = useTRPC();

  const tOps = useStrings(opsStrings);
  const { values, setValues, input, page, setPage, filtered } = useDeviceFilters<MotorFilterValues>({
    ...noDeviceFilters,
    power: '',
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<MotorItem | null>(null);

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

  return (
    <section className="flex flex-col gap-4">
      <DevicePageHeader title={tCore('nav.motors')} live={live} description={t('description')} />

      <FiguresOrError query={summary}>{(data) => <MotorStats summary={data} />}</FiguresOrError>

      <DeviceFilters
        values={values}
        onChange={setValues}
        locations={locations.data}
        searchLabel={t('filter.search')}
        rooms
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1fr)_12rem_repeat(3,10rem)]"
      >
        <SelectField
          label={t('filter.power')}
          labelPlacement="hidden"
          value={values.power}
          emptyOption={`${t('filter.power')}: ${tOps('all')}`}
          options={[
            { value: 'on', label: t('power.on') },
            { value: 'off', label: t('power.off') },
          ]}
          onChange={(power) => {
            setValues({ ...values, power: power as MotorFilterValues['power'] });
          }}
        />
      </DeviceFilters>
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
