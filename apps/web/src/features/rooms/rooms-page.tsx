import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SearchField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { ErrorState, FirstPageLoading } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { SelectField } from '../../components/select-field';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { roomsStrings } from './rooms.strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { SiteFigures } from '../plant/site-figures';
import { ListPagination } from '../../components/list-pagination';
import { useSearchDraft } from '../plant/use-search-draft';
import { RoomsTable } from './rooms-table';
import { useRoomsFilters } from './use-rooms-filters';

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
  const [text, setText] = useSearchDraft(filters.search, onSearch);

  const facilities = useQuery(trpc.facilities.options.queryOptions());
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

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.rooms')} />
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label={t('statRooms')} value={summary && formatNumber(summary.rooms, language)} />
        <SiteFigures summary={summary} t={t} />
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(14rem,2fr)_minmax(10rem,1fr)] lg:max-w-3xl">
        <SearchField
          label={t('search')}
          maxLength={120}
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <SelectField
          label={t('facility')}
          value={filters.facilityId ?? ''}
          emptyOption={t('allFacilities')}
          options={(facilities.data ?? []).map((facility) => ({ value: facility.id, label: facility.name }))}
          onChange={(value) => setFilters({ facilityId: value || undefined })}
        />
      </div>

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <RoomsTable items={data?.items} busy={list.isFetching} stale={list.isPlaceholderData} rows={ROOMS_PAGE_SIZE} />
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
    </section>
  );
}
