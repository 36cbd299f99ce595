import { hasRole } from '@sentinela/shared/auth-rules';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useCallback } from 'react';
import { CsvExportButton } from '../../components/csv-export-button';
import { LiveBadge } from '../../components/live-badge';
import { PageHeader } from '../../components/page-header';
import { EmptyState, ErrorState, FirstPageLoading } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { ZoneNote } from '../../components/zone-note';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useLiveEvents, type LiveEvent, type LiveEventType } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { useTrailingCall } from '../../lib/use-trailing-call';
import { useFacilityZones } from '../plant/use-facility-zones';
import { EventEntry } from './event-entry';
import { EventFilters } from './event-filters';
import { eventsStrings } from './events.strings';
import { useEventFilters } from './use-event-filters';

const PAGE_SIZE = 50;
/** The live events that can add an entry to the timeline. */
const ENTRY_EVENTS: LiveEventType[] = ['status', 'command', 'alert'];
/** New facts come in at most this often (a burst of live events is one re-read). */
const LIVE_REFRESH_MS = 3_000;
/** Facts with no live event of their own (work orders, registry, sign-ins) come in this often. */
const POLL_MS = 30_000;

/** /events: everything that happened, newest first, filtered on the server, live, paged by cursor. */
export default function EventsPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(eventsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const admin = hasRole(useCurrentUser(), 'admin');
  const { values, setValues, input, filtered } = useEventFilters();

  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const actors = useQuery(trpc.events.actors.queryOptions());
  const equipment = useQuery(
    trpc.equipment.list.queryOptions(
      { facilityId: values.facilityId, page: 1, pageSize: 500 },
      { enabled: values.facilityId !== '', staleTime: 60_000 },
    ),
  );
  const zones = useFacilityZones();

  const list = useInfiniteQuery(
    trpc.events.list.infiniteQueryOptions(
      { filters: input, limit: PAGE_SIZE },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
        refetchInterval: POLL_MS,
      },
    ),
  );
  const items = list.data?.pages.flatMap((page) => page.items);

  const refresh = useTrailingCall(() => {
    void queryClient.invalidateQueries({ queryKey: trpc.events.list.pathKey() });
  }, LIVE_REFRESH_MS);
  const onEvents = useCallback(
    (events: LiveEvent[]) => {
      if (events.length > 0) refresh();
    },
    [refresh],
  );
  // Only what can add an entry: never the telemetry points (the server leaves them out).
  const live = useLiveEvents(onEvents, values.equipmentId ? [values.equipmentId] : undefined, ENTRY_EVENTS);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.events')}>
        <div className="flex flex-wrap items-center gap-2">
          <LiveBadge status={live} />
          <CsvExportButton
            t={t}
            load={() =>
              queryClient.fetchQuery(trpc.events.exportCsv.queryOptions({ filters: input }, { staleTime: 0 }))
            }
          />
        </div>
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <EventFilters
        values={values}
        onChange={setValues}
        admin={admin}
        facilities={facilities.data}
        equipment={values.facilityId ? equipment.data?.items : undefined}
        actors={actors.data}
        filtered={filtered}
      />

      {list.isError && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items === undefined ? (
        <div className="flex flex-col gap-2" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={<History aria-hidden className="size-6" />}>
          {filtered ? t('emptyFiltered') : t('empty')}
        </EmptyState>
      ) : (
        <div className="rounded-lg border px-3" aria-busy={list.isFetching}>
          <ZoneNote className="pt-3" />
          <ol aria-label={tCore('nav.events')} className={list.isPlaceholderData ? 'opacity-60' : undefined}>
            {items.map((entry) => (
              <EventEntry key={entry.id} entry={entry} siteZone={zones.site?.timeZone} />
            ))}
          </ol>
        </div>
      )}
      <FirstPageLoading query={{ data: items, isError: list.isError }} text={t('loading')} />
      {items && items.length > 0 && (
        <div className="flex min-h-9 items-center justify-center">
          {list.hasNextPage ? (
            <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? t('loadingMore') : t('more')}
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">{t('end')}</p>
          )}
        </div>
      )}
    </section>
  );
}
