import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { CsvExportButton } from '../../components/csv-export-button';
import { PageHeader } from '../../components/page-header';
import { RoleGatedNewButton } from '../../components/role-gated';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import {
  emptyFilters,
  listInputOf,
  PurchaseOrderFilters,
  PurchaseOrderTable,
  type ListFilters,
} from './purchase-orders-list';
import { purchaseOrdersStrings } from './purchase-orders.strings';
import { SparePartsPanel } from './parts/spare-parts-panel';
import { SuggestedOrdersCard } from './suggested-orders-card';

// The drawer and the forms (and the schemas they check with) load when first asked for.
const PurchaseOrderDetailDialog = lazy(() => import('./purchase-order-detail'));
const PurchaseOrderFormDialog = lazy(() => import('./purchase-order-form-dialog'));

export const PURCHASE_ORDERS_PAGE_SIZE = 25;

/** /purchase-orders: the orders (filtered, paged, CSV), the suggested orders, and what a buyer does with them. */
export default function PurchaseOrdersPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(purchaseOrdersStrings);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ListFilters>(emptyFilters);
  const [page, setPage] = useState(1);
  const input = listInputOf(filters);
  const list = useQuery(
    trpc.purchaseOrders.list.queryOptions(
      { ...input, page, pageSize: PURCHASE_ORDERS_PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const options = useQuery(trpc.purchaseOrders.options.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.pathKey() });
  // The tab is in the address (?tab=parts), so a link or a reload lands on the parts.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'parts' ? 'parts' : 'orders';
  const changeTab = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === 'parts') next.set('tab', 'parts');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.purchaseOrders')}>
        <CsvExportButton t={t} load={() => client.purchaseOrders.exportCsv.query(input)} />
        <RoleGatedNewButton needs="operator" onClick={() => setEditing({ id: null })} label={t('newOrder')} />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <Tabs value={tab} onValueChange={changeTab} className="flex flex-col gap-4">
        <TabsList>
          <TabsTrigger value="orders">{t('tab.orders')}</TabsTrigger>
          <TabsTrigger value="parts">{t('tab.parts')}</TabsTrigger>
        </TabsList>
        <TabsContent value="parts">
          <SparePartsPanel />
        </TabsContent>
        <TabsContent value="orders">
          <SuggestedOrdersCard onCreated={(id) => setOpenId(id)} />
          <PurchaseOrderFilters
            values={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
            suppliers={options.data?.suppliers}
            workOrders={options.data?.workOrders}
          />
          <PurchaseOrderTable
            list={list}
            filtered={Object.keys(input).length > 0}
            onPage={setPage}
            onOpen={setOpenId}
          />
        </TabsContent>
      </Tabs>

      {openId !== null && (
        <Suspense fallback={null}>
          <PurchaseOrderDetailDialog
            id={openId}
            options={options.data}
            onEdit={(id) => setEditing({ id })}
            onClose={() => setOpenId(null)}
            onChanged={refresh}
          />
        </Suspense>
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <PurchaseOrderFormDialog
            id={editing.id}
            options={options.data}
            onClose={() => setEditing(null)}
            onSaved={(id) => {
              setEditing(null);
              setOpenId(id);
              void refresh();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
