import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { useLanguage } from '../../lib/i18n/language-context';
import { lightsStrings } from './lights.strings';
import { equipmentGender } from '../../lib/i18n/equipment-gender';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-search-draft';
import { useTrailingCall } from '../../lib/use-trailing-call';
import { DevicePageHeader, FiguresOrError } from '../plant/device-page-header';
import { PagedList } from '../plant/paged-list';
import { pollKeepingData } from '../../lib/polling';
import { useFilteredPage } from '../plant/use-filtered-page';
import { LightSchedules } from './light-schedules';
import { LightsScope, scopeLabel, siteScope, type LightsScopeValue } from './lights-scope';
import { LightsStats, SavingsCard } from './lights-stats';
import { LightFilters, LightsTable, type LightFilterValues } from './lights-table';
import { QuickActions } from './quick-actions';
import { useDeviceCommand } from '../plant/use-device-command';
import { useFacilityZones } from '../plant/use-facility-zones';
import { useLightsLive, type LightChange } from './use-lights-live';

export const LIGHTS_PAGE_SIZE = 20;
/**
 * Readings and confirmed states are pushed live; the figures are re-read as soon as a light's
 * confirmed state changes (gathered for this long), and the figures and the list now and then all the same.
 */
const SUMMARY_AFTER_CONFIRM_MS = 250;
const SUMMARY_REFRESH_MS = 10_000;
const LIST_REFRESH_MS = 30_000;
const SAVINGS_REFRESH_MS = 60_000;
/** While the server still reads the savings history, ask again soon. */
const SAVINGS_FILLING_REFRESH_MS = 5_000;

const optional = (value: string) => (value === '' ? undefined : value);

/**
 * Commands to one light (on/off, brightness, mode): until the device answers the light shows the
 * requested value as pending; a confirmed state is applied at once through `onConfirmed`.
 */
function useLightCommands(onConfirmed: (id: string, state: Record<string, unknown>) => void) {
  const trpc = useTRPC();
  const t = useStrings(lightsStrings);
  const command = useDeviceCommand<LightChange>({
    refresh: [trpc.lights.list.pathKey(), trpc.lights.summary.pathKey()],
  });
  const mutation = useMutation(trpc.lights.set.mutationOptions());
  const send = (light: { id: string; name: string }, change: LightChange) =>
    command.run({
      id: light.id,
      mark: change,
      send: () => mutation.mutateAsync({ id: light.id, ...change }),
      onConfirmed: (result) => {
        if (result.state) onConfirmed(light.id, result.state);
      },
      confirmedMessage: () =>
        'on' in change
          ? t(`confirmed.${change.on ? 'on' : 'off'}.${equipmentGender(light.name, 'light')}`, { name: light.name })
          : 'brightness' in change
            ? t('confirmed.brightness', { name: light.name, value: change.brightness })
            : t('confirmed.mode', { name: light.name, mode: t(`mode.${change.mode}`) }),
    });
  return { pending: command.pending, send };
}

/** /lights: figures, quick actions, every light with its controls, and the rooms' schedules. */
export default function LightsPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(lightsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const [scope, setScope] = useState<LightsScopeValue>(siteScope);
  const [filters, setFilters] = useState<LightFilterValues>({ search: '', state: '' });
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);

  const scopeInput = { facilityId: optional(scope.facilityId), roomId: optional(scope.roomId) };
  const listInput = {
    ...scopeInput,
    search: optional(search),
    state: filters.state === '' ? undefined : filters.state,
  };
  // A new scope or filter starts again from page 1.
  const filterKey = JSON.stringify(listInput);
  const [page, setPage] = useFilteredPage(filterKey);

  const facilities = useQuery(trpc.lights.rooms.queryOptions());
  const zones = useFacilityZones();
  const summary = useQuery(trpc.lights.summary.queryOptions(scopeInput, pollKeepingData(SUMMARY_REFRESH_MS)));
  const savings = useQuery(
    trpc.lights.savings.queryOptions(scopeInput, {
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.complete === false ? SAVINGS_FILLING_REFRESH_MS : SAVINGS_REFRESH_MS,
    }),
  );
  const list = useQuery(
    trpc.lights.list.queryOptions({ ...listInput, page, pageSize: LIGHTS_PAGE_SIZE }, pollKeepingData(LIST_REFRESH_MS)),
  );

  const items = list.data?.items;
  // null until the list is known: the stream opens once, for the lights it shows.
  const ids = useMemo(() => items?.map((item) => item.id) ?? null, [items]);
  const refreshSummary = useTrailingCall(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.lights.summary.pathKey() });
  }, SUMMARY_AFTER_CONFIRM_MS);
  const { live, light, confirm } = useLightsLive(ids, list.dataUpdatedAt, refreshSummary);
  const commands = useLightCommands(confirm);
  const scopeText = scopeLabel(scope, facilities.data, t);

  return (
    <section className="flex flex-col gap-4">
      <DevicePageHeader title={tCore('nav.lights')} live={live} description={t('description')} />

      <LightsScope facilities={facilities.data} value={scope} onChange={setScope} />

      <FiguresOrError query={summary}>{(data) => <LightsStats summary={data} />}</FiguresOrError>
      <SavingsCard
        savings={savings.data}
        failed={savings.isError && !savings.data}
        zone={scope.facilityId ? zones.of(scope.facilityId) : zones.site}
      />

      <QuickActions
        scope={scope}
        scopeText={scopeText}
        count={summary.isPlaceholderData ? undefined : summary.data?.total}
      />

      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t('listTitle')}</CardTitle>
            <CardDescription>{t('listDescription')}</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <LightFilters values={filters} onChange={setFilters} />
          <PagedList list={list} onPage={setPage} totalLabel={(count) => t('totalLights', { count })}>
            <LightsTable
              items={items}
              stale={list.isPlaceholderData}
              filtered={filterKey !== JSON.stringify({})}
              live={light}
              pending={commands.pending}
              onChange={(item, change) => void commands.send(item, change)}
              skeletonRows={8}
            />
          </PagedList>
        </CardContent>
      </Card>

      <LightSchedules scope={scope} facilities={facilities.data} />
    </section>
  );
}
