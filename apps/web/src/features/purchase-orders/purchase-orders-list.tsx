import { ListEmptyNote, ListTable, listTableCell } from '../../components/list-table';
import type { PurchaseOrderItem, PurchaseOrdersListInput } from '@sentinela/shared/purchase-orders';
import { purchaseOrderStatusValues, type PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import { ClipboardX } from 'lucide-react';
import { SearchField } from '../../components/filter-bar';
import { FirstPageLoading } from '../../components/query-state';
import { SelectField } from '../../components/select-field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { PagedList } from '../plant/paged-list';
import { PurchaseOrderStatusBadges } from './purchase-order-parts';
import { formatMoneyText } from './purchase-order-values';
import { purchaseOrdersStrings } from './purchase-orders.strings';

export interface ListFilters {
  search: string;
  status: PurchaseOrderStatus | '';
  supplierId: string;
  workOrderId: string;
  from: string;
  to: string;
}
export const emptyFilters: ListFilters = { search: '', status: '', supplierId: '', workOrderId: '', from: '', to: '' };

/** The filters as the list's input (blank fields left out). */
export function listInputOf(f: ListFilters): Omit<PurchaseOrdersListInput, 'page' | 'pageSize'> {
  return {
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.supplierId ? { supplierId: f.supplierId } : {}),
    ...(f.workOrderId ? { workOrderId: f.workOrderId } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to && (!f.from || f.to >= f.from) ? { to: f.to } : {}),
  };
}

const cell = listTableCell;

interface Option {
  id: string;
  name: string;
}

/** Search, status, supplier, work order and creation dates. */
export function PurchaseOrderFilters({
  values,
  onChange,
  suppliers,
  workOrders,
}: {
  values: ListFilters;
  onChange: (next: ListFilters) => void;
  suppliers: Option[] | undefined;
  workOrders: { id: string; number: string }[] | undefined;
}) {
  const t = useStrings(purchaseOrdersStrings);
  const set = (patch: Partial<ListFilters>) => onChange({ ...values, ...patch });
  const rangeError = values.from && values.to && values.to < values.from;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6">
      <SearchField
        fieldClassName="lg:col-span-2"
        label={t('filter.search')}
        placeholder={t('filter.searchPlaceholder')}
        value={values.search}
        onChange={(e) => set({ search: e.target.value })}
      />
      <SelectField
        label={t('filter.status')}
        value={values.status}
        emptyOption={t('filter.allStatuses')}
        options={purchaseOrderStatusValues.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(status) => set({ status: status as PurchaseOrderStatus | '' })}
      />
      <SelectField
        label={t('filter.supplier')}
        value={values.supplierId}
        emptyOption={t('filter.allSuppliers')}
        options={(suppliers ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(supplierId) => set({ supplierId })}
      />
      <SelectField
        label={t('filter.workOrder')}
        value={values.workOrderId}
        emptyOption={t('filter.allWorkOrders')}
        options={(workOrders ?? []).map((w) => ({ value: w.id, label: w.number }))}
        onChange={(workOrderId) => set({ workOrderId })}
      />
      <div className="flex gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted-foreground">
          {t('filter.from')}
          <Input type="date" value={values.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-medium text-muted-foreground">
          {t('filter.to')}
          <Input
            type="date"
            value={values.to}
            aria-invalid={rangeError ? true : undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
      </div>
      {rangeError && (
        <p role="alert" className="text-xs text-destructive lg:col-span-6">
          {t('filter.rangeError')}
        </p>
      )}
    </div>
  );
}

type ListQuery = Parameters<typeof PagedList>[0]['list'] & {
  data: { items: PurchaseOrderItem[]; page: number; pageSize: number; total: number } | undefined;
  isPlaceholderData: boolean;
};

/** The orders table (number, supplier, status, dates, work order, total), paged. */
export function PurchaseOrderTable({
  list,
  filtered,
  onPage,
  onOpen,
}: {
  list: ListQuery;
  filtered: boolean;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  const t = useStrings(purchaseOrdersStrings);
  const { language } = useLanguage();
  const items = list.data?.items;
  const columns = [
    t('col.number'),
    t('col.supplier'),
    t('col.status'),
    t('col.created'),
    t('col.expected'),
    t('col.workOrder'),
    t('col.total'),
  ];
  return (
    <>
      <PagedList
        list={list}
        onPage={onPage}
        totalLabel={(count) => t('total', { count: formatNumber(count, language) })}
      >
        <ListTable
          columns={columns}
          items={items}
          minWidth="min-w-[48rem]"
          label={t('tab.orders')}
          stale={list.isPlaceholderData}
          busy={list.isFetching}
          empty={<ListEmptyNote icon={<ClipboardX aria-hidden className="size-4" />} filtered={filtered} t={t} />}
          row={(order) => (
            <tr key={order.id} data-order-id={order.id} data-number={order.number} data-status={order.status}>
              <td className={cn(cell, 'font-medium whitespace-nowrap tabular-nums')}>
                <button
                  type="button"
                  className="underline underline-offset-4 hover:no-underline"
                  aria-label={t('open', { number: order.number })}
                  onClick={() => onOpen(order.id)}
                >
                  {order.number}
                </button>
              </td>
              <td className={cn(cell, 'min-w-40')}>{order.supplier.name}</td>
              <td className={cell}>
                <PurchaseOrderStatusBadges status={order.status} late={order.late} />
              </td>
              <td className={cn(cell, 'whitespace-nowrap')}>{formatDateTime(order.createdAt, language)}</td>
              <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>
                {order.expectedDelivery ? formatDateOnly(order.expectedDelivery, language) : '—'}
              </td>
              <td className={cn(cell, 'whitespace-nowrap')}>{order.workOrder?.number ?? '—'}</td>
              <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')} data-total>
                {formatMoneyText(order.total, language)}
              </td>
            </tr>
          )}
        />
      </PagedList>
      <FirstPageLoading query={list} text={t('loading')} />
    </>
  );
}

/** A calendar date 'YYYY-MM-DD' as 24/03/2026 (pt) or 03/24/2026 (en). */
export function formatDateOnly(day: string, language: 'pt' | 'en'): string {
  const [y, m, d] = day.split('-');
  return language === 'pt' ? `${d}/${m}/${y}` : `${m}/${d}/${y}`;
}
