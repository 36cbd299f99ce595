import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { SearchField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { formatNumber } from '../../lib/format';
import { facilitiesStrings } from './facilities.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { SiteFigures } from '../plant/site-figures';
import { pageParam, searchParam } from '../plant/url-filters';
import { useSearchDraft } from '../plant/use-search-draft';
import { FacilityCard } from './facility-card';

export const FACILITIES_PAGE_SIZE = 12;
/** Consumption is "now": read again every so often while the page is open. */
const REFRESH_MS = 15_000;

/** /facilities: each site with its rooms, equipment status, current consumption and open alerts. */
export default function FacilitiesPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(facilitiesStrings);
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const search = searchParam(params);
  const page = pageParam(params);

  // The search box follows the URL (?search=) and writes to it once typing pauses.
  const onSearch = useCallback(
    (next: string) => setParams(next ? { search: next } : {}, { replace: true }),
    [setParams],
  );
  const [text, setText] = useSearchDraft(search, onSearch);

  const list = useQuery(
    trpc.facilities.list.queryOptions(
      { search: search || undefined, page, pageSize: FACILITIES_PAGE_SIZE },
      { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS, staleTime: 0 },
    ),
  );
  const data = list.data;
  const summary = data?.summary;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.facilities')} />
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard label={t('statFacilities')} value={summary && formatNumber(summary.facilities, language)} />
        <StatCard label={t('statRooms')} value={summary && formatNumber(summary.rooms, language)} />
        <SiteFigures summary={summary} t={t} />
      </div>

      <SearchField
        label={t('search')}
        fieldClassName="max-w-sm"
        maxLength={120}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <p role="status" className="sr-only">
            {t('loading')}
          </p>
          {Array.from({ length: 2 }, (_, i) => (
            <div
              key={i}
              aria-hidden
              data-slot="skeleton"
              className="h-[23rem] animate-pulse rounded-lg border bg-muted/40"
            />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy={list.isFetching}>
          {data.items.map((facility) => (
            <FacilityCard key={facility.id} facility={facility} />
          ))}
        </div>
      )}
      <ListPagination
        data={data}
        busy={list.isFetching && list.isPlaceholderData}
        onPage={(next) =>
          setParams(search ? { search, page: String(next) } : { page: String(next) }, { replace: true })
        }
        totalLabel={(count) => t('total', { count })}
        hideWhenOnePage
      />
    </section>
  );
}
