import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { hasRole } from '@sentinela/shared/auth-rules';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'wouter';
import { DraftSearchField } from '../../components/filter-bar';
import { PageHeader } from '../../components/page-header';
import { ListPagination } from '../../components/list-pagination';
import { useCurrentUser } from '../../lib/use-current-user';
import { EmptyState, ErrorState } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { formatNumber } from '../../lib/format';
import { facilitiesStrings } from './facilities.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { SiteFigures } from '../plant/site-figures';
import { pageParam, searchParam } from '../plant/url-filters';
import { RegistryImportButton } from '../plant/registry-import-button';
import { RegistryNewButton, RegistryRowActions } from '../plant/registry-actions';
import { useRegistryRefresh } from '../plant/use-registry-refresh';
import { useRegistryDelete } from '../plant/registry-delete';
import { FacilityCard } from './facility-card';

// The form brings the shared schemas (zod) along: it loads on the first click, not with the page.
const FacilityFormDialog = lazy(() => import('./facility-form-dialog'));

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

  const list = useQuery(
    trpc.facilities.list.queryOptions(
      { search: search || undefined, page, pageSize: FACILITIES_PAGE_SIZE },
      { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS, staleTime: 0 },
    ),
  );
  const data = list.data;
  const summary = data?.summary;

  // The registry (administrators): the form (null id: a new facility) and the delete question.
  const admin = hasRole(useCurrentUser(), 'admin');
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  const refresh = useRegistryRefresh();
  const remove = useMutation(trpc.facilities.delete.mutationOptions({ onSuccess: () => refresh() }));
  const deleting = useRegistryDelete<{ id: string; name: string }>(remove, t);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.facilities')}>
        <div className="flex flex-wrap items-center gap-2">
          <RegistryImportButton entity="facilities" />
          <RegistryNewButton label={t('newFacility')} onClick={() => setForm({ id: null })} />
        </div>
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
        <StatCard label={t('statFacilities')} value={summary && formatNumber(summary.facilities, language)} />
        <StatCard label={t('statRooms')} value={summary && formatNumber(summary.rooms, language)} />
        <SiteFigures summary={summary} t={t} />
      </div>

      <DraftSearchField
        label={t('search')}
        fieldClassName="max-w-sm"
        placeholder={t('searchPlaceholder')}
        search={search}
        onSearch={onSearch}
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
            <FacilityCard
              key={facility.id}
              facility={facility}
              actions={
                admin && (
                  <RegistryRowActions
                    t={t}
                    editLabel={t('editOf', { name: facility.name })}
                    deleteLabel={t('deleteOf', { name: facility.name })}
                    onEdit={() => setForm({ id: facility.id })}
                    onDelete={() => deleting.ask({ id: facility.id, name: facility.name })}
                  />
                )
              }
            />
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

      {form && (
        <Suspense fallback={null}>
          <FacilityFormDialog open onOpenChange={(open) => !open && setForm(null)} facilityId={form.id} />
        </Suspense>
      )}
      {deleting.dialog}
    </section>
  );
}
