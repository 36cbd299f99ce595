import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { CsvExportButton } from '../../components/csv-export-button';
import { PageHeader } from '../../components/page-header';
import { FirstPageLoading } from '../../components/query-state';
import { RoleGatedNewButton } from '../../components/role-gated';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { PagedList } from '../plant/paged-list';
import { idParam } from '../plant/url-filters';
import { SupplierFilters } from './supplier-filters';
import { SupplierTable } from './supplier-table';
import { suppliersStrings } from './suppliers.strings';
import { supplierListFilters, useSupplierFilters } from './use-supplier-filters';

// The drawer loads when a supplier is opened; the form (and the schemas it checks with) when
// it is first asked for.
const SupplierSheet = lazy(() => import('./supplier-sheet'));
const SupplierFormDialog = lazy(() => import('./supplier-form-dialog'));

export const SUPPLIERS_PAGE_SIZE = 25;

/** /suppliers: the suppliers (searched, filtered, paged, exported), a supplier's drawer and form. */
export default function SuppliersPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(suppliersStrings);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useSupplierFilters();
  const listFilters = supplierListFilters(filters);
  const list = useQuery(
    trpc.suppliers.list.queryOptions(
      { ...listFilters, page: filters.page, pageSize: SUPPLIERS_PAGE_SIZE },
      {
        placeholderData: keepPreviousData,
      },
    ),
  );
  // A link from elsewhere (an order's supplier): ?supplier=<id> opens its drawer.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => idParam(params, 'supplier') ?? null);
  /** The form: a new supplier (null) or one being edited (its id). */
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.suppliers.pathKey() });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.suppliers')}>
        <CsvExportButton t={t} load={() => client.suppliers.exportCsv.query(listFilters)} />
        <RoleGatedNewButton
          needs="operator"
          onClick={() => {
            setEditing({ id: null });
          }}
          label={t('newSupplier')}
        />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <SupplierFilters filters={filters} onChange={setFilters} />
      <PagedList
        list={list}
        onPage={(page) => {
          setFilters({ page });
        }}
        totalLabel={(count) => t('total', { count: formatNumber(count, language) })}
      >
        <SupplierTable
          items={list.data?.items}
          filtered={Boolean(filters.search || filters.category || filters.active)}
          stale={list.isPlaceholderData}
          busy={list.isFetching}
          onOpen={(supplier) => {
            setOpenId(supplier.id);
          }}
        />
      </PagedList>
      <FirstPageLoading query={list} text={t('loading')} />

      {openId !== null && (
        <Suspense fallback={null}>
          <SupplierSheet
            id={openId}
            onEdit={(id) => {
              setEditing({ id });
            }}
            onChanged={refresh}
            onOpenChange={(open) => {
              if (open) return;
              setOpenId(null);
              if (params.has('supplier'))
                setParams(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    next.delete('supplier');
                    return next;
                  },
                  { replace: true },
                );
            }}
          />
        </Suspense>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <SupplierFormDialog
            id={editing.id}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            onSaved={async (saved) => {
              setEditing(null);
              if (editing.id === null) setOpenId(saved.id);
              await refresh();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
