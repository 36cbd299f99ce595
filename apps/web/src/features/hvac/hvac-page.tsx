import { useMutation, useQuery } from '@tanstack/react-query';
import type { HvacItem } from '@sentinela/shared/hvac';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { equipmentGender } from '../../lib/i18n/equipment-gender';
import { useStrings } from '../../lib/i18n/strings';
import { useLiveTelemetry } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';
import { DevicePageHeader, FiguresOrError } from '../plant/device-page-header';
import { PagedList } from '../plant/paged-list';
import { pollKeepingData } from '../../lib/polling';
import { HvacStats } from './hvac-stats';
import { HvacTable } from './hvac-table';
import { RoomClimateOverview } from './room-climate';
import { useDeviceCommand } from '../plant/use-device-command';
import { DeviceFilters, noDeviceFilters, useDeviceFilters } from '../plant/device-filters';

/** Set-point and on/off commands to HVAC units; a confirmation also re-reads the rooms' climate. */
function useHvacCommands() {
  const trpc = useTRPC();
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const command = useDeviceCommand<'setpoint' | 'power'>({
    refresh: [trpc.hvac.list.pathKey(), trpc.hvac.summary.pathKey(), trpc.hvac.rooms.pathKey()],
  });
  const setpoint = useMutation(trpc.hvac.setSetpoint.mutationOptions());
  const power = useMutation(trpc.hvac.setPower.mutationOptions());
  return {
    pending: command.pending,
    /** `celsius`: the new set-point, already converted from what the user typed. */
    setSetpoint: (unit: { id: string; name: string }, celsius: number) =>
      command.run({
        id: unit.id,
        mark: 'setpoint',
        send: () => setpoint.mutateAsync({ id: unit.id, setpoint: celsius }),
        confirmedMessage: () =>
          t('setpoint.confirmed', { name: unit.name, value: formatTemperature(celsius, language) }),
      }),
    setPower: (unit: { id: string; name: string }, on: boolean) =>
      command.run({
        id: unit.id,
        mark: 'power',
        send: () => power.mutateAsync({ id: unit.id, on }),
        confirmedMessage: () =>
          t(`confirmed.${on ? 'on' : 'off'}.${equipmentGender(unit.name, 'hvac')}`, { name: unit.name }),
      }),
  };
}

// The set-point dialog (and Radix Dialog with it) loads when an operator opens it.
const SetpointDialog = lazy(() => import('./setpoint-dialog'));

export const HVAC_PAGE_SIZE = 20;
const LIST_REFRESH_MS = 20_000;
const SUMMARY_REFRESH_MS = 10_000;

/** /hvac: the units (readings, set-point, state, controls) and the climate of every room. */
export default function HvacPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(hvacStrings);
  const trpc = useTRPC();

  const { values, setValues, input, page, setPage, filtered } = useDeviceFilters(noDeviceFilters);
  const [editing, setEditing] = useState<HvacItem | null>(null);

  const summary = useQuery(
    trpc.hvac.summary.queryOptions({ facilityId: input.facilityId }, pollKeepingData(SUMMARY_REFRESH_MS)),
  );
  const list = useQuery(
    trpc.hvac.list.queryOptions({ ...input, page, pageSize: HVAC_PAGE_SIZE }, pollKeepingData(LIST_REFRESH_MS)),
  );
  const locations = useQuery(trpc.hvac.locations.queryOptions());
  const items = list.data?.items;
  const ids = useMemo(() => (items ?? []).map((item) => item.id), [items]);
  const live = useLiveTelemetry(ids, { enabled: items !== undefined });
  const commands = useHvacCommands();
  const limits = list.data?.setpointLimits ?? summary.data?.setpointLimits;

  return (
    <section className="flex flex-col gap-4">
      <DevicePageHeader title={tCore('nav.hvac')} live={live.live} description={t('description')} />

      <FiguresOrError query={summary}>{(data) => <HvacStats summary={data} />}</FiguresOrError>

      <Card>
        <CardHeader>
          <CardTitle>{t('units.title')}</CardTitle>
          <CardDescription className="min-h-4 w-full">
            {limits &&
              t('units.description', {
                min: formatTemperature(limits.min, language),
                max: formatTemperature(limits.max, language),
              })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <DeviceFilters
            values={values}
            onChange={setValues}
            locations={locations.data}
            searchLabel={t('filter.search')}
            className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(12rem,1fr)_repeat(2,minmax(10rem,14rem))]"
          />

          <PagedList list={list} onPage={setPage} totalLabel={(count) => t('totalUnits', { count })}>
            <HvacTable
              items={items}
              stale={list.isPlaceholderData}
              filtered={filtered}
              liveValues={live.values}
              liveStatuses={live.statuses}
              pending={commands.pending}
              onPower={(item, on) => void commands.setPower(item, on)}
              onEditSetpoint={setEditing}
            />
          </PagedList>
        </CardContent>
      </Card>

      <RoomClimateOverview facilityId={input.facilityId} />

      {editing && limits && (
        <Suspense fallback={null}>
          <SetpointDialog
            unit={editing}
            limits={limits}
            onClose={() => {
              setEditing(null);
            }}
            onSubmit={(celsius) => void commands.setSetpoint(editing, celsius)}
          />
        </Suspense>
      )}
    </section>
  );
}
