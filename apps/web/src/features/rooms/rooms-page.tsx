import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { hasRole } from '@sentinela/shared/auth-rules';
import type { RoomItem } from '@sentinela/shared/rooms';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useCurrentUser } from '../../lib/use-current-user';
import { RegistryImportButton } from '../plant/registry-import-button';
import { RegistryNewButton, RegistryRowActions } from '../plant/registry-actions';
import { useRegistryRefresh } from '../plant/use-registry-refresh';
import { useRegistryDelete } from '../plant/registry-delete';
import { DraftSearchField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { ErrorState, FirstPageLoading } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { roomsStrings } from './rooms.strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { FacilityFilter } from '../plant/facility-filter';
import { SiteFigures } from '../plant/site-figures';
import { ListPagination } from '../../components/list-pagination';
import { RoomsTable } from './rooms-table';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { useRoomsFilters } from './use-rooms-filters';

// The form brings the shared schemas (zod) along: it loads on the first click, not with the page.
const RoomFormDialog = lazy(() => import('./room-form-dialog'));

export const ROOMS_PAGE_SIZE = 20;
/** Consumption is "now": read again every so often while the page is open. */
const REFRESH_MS = 15_000;

/** /rooms: each facility's rooms with equipment counts, current consumption and open alerts. */
export default function RoomsPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(roomsStrings);
  const trpc = useTRPC();
  const [filters, setFilters] = useRoomsFilters();
  // The search box follows the URL and writes to it once typing pauses.
  const onSearch = useCallback((search: string) => setFilters({ search }), [setFilters]);

  const list = useQuery(
    trpc.rooms.list.queryOptions(
      {
        facilityId: filters.facilityId,
        search: filters.search || undefined,
        page: filters.page,
        pageSize: ROOMS_PAGE_SIZE,
      },
      { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS, staleTime: 0 },
    ),
  );
  const data = list.data;
  const summary = data?.summary;
  // One facility chosen: its clock; all in one zone: that one; otherwise each row reads its facility's.
  const zones = useFacilityZones();
  const chosen = zones.of(filters.facilityId) ?? zones.shared;

  // The registry (administrators): the form (null id: a new room) and the delete question.
  const admin = hasRole(useCurrentUser(), 'admin');
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  const refresh = useRegistryRefresh();
  const remove = useMutation(trpc.rooms.delete.mutationOptions({ onSuccess: () => refresh() }));
  const deleting = useRegistryDelete<RoomItem>(remove, t);
  const rowActions = (room: RoomItem) => {
    const label = `${room.name} (${room.facilityName})`;
    return (
      <RegistryRowActions
        t={t}
        editLabel={t('editOf', { room: label })}
        deleteLabel={t('deleteOf', { room: label })}
        onEdit={() => setForm({ id: room.id })}
        onDelete={() => deleting.ask(room)}
      />
    );
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.rooms')}>
        <div className="flex flex-wrap items-center gap-2">
          <RegistryImportButton entity="rooms" />
          <RegistryNewButton label={t('newRoom')} onClick={() => setForm({ id: null })} />
        </div>
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label={t('statRooms')} value={summary && formatNumber(summary.rooms, language)} />
        <SiteFigures summary={summary} t={t} />
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(14rem,2fr)_minmax(10rem,1fr)] lg:max-w-3xl">
        <DraftSearchField
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          search={filters.search}
          onSearch={onSearch}
        />
        <FacilityFilter
          label={t('facility')}
          emptyOption={t('allFacilities')}
          value={filters.facilityId}
          onChange={(facilityId) => setFilters({ facilityId })}
        />
      </div>

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ZoneNote place={chosen?.place} timeZone={chosen?.timeZone} />
          <RoomsTable
            items={data?.items}
            busy={list.isFetching}
            stale={list.isPlaceholderData}
            rows={ROOMS_PAGE_SIZE}
            actions={admin ? rowActions : undefined}
          />
        </>
      )}
      <FirstPageLoading query={list} text={t('loading')} />
      <div className="min-h-8">
        <ListPagination
          data={data}
          busy={list.isFetching && list.isPlaceholderData}
          onPage={(page) => setFilters({ page })}
          totalLabel={(count) => t('total', { count })}
        />
      </div>

      {form && (
        <Suspense fallback={null}>
          <RoomFormDialog
            open
            onOpenChange={(open) => !open && setForm(null)}
            roomId={form.id}
            defaultFacilityId={filters.facilityId}
          />
        </Suspense>
      )}
      {deleting.dialog}
    </section>
  );
}
