import { useMutation, useQuery } from '@tanstack/react-query';
import { formatCnpj } from '@sentinela/shared/cnpj';
import { SUPPLIER_ORDERS_SHOWN, type PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import type { SupplierDetail } from '@sentinela/shared/suppliers';
import { formStrings } from '../../components/form.strings';
import { RoleGatedButton } from '../../components/role-gated';
import { QuerySheet, Fact, SheetSection } from '../../components/detail-sheet';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { formatCurrency, formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { ActiveBadge, formatPhone, pill } from './supplier-table';
import { suppliersStrings } from './suppliers.strings';

const orderTone: Record<PurchaseOrderStatus, string> = {
  draft: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
  submitted: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  approved: 'bg-indigo-500/15 text-indigo-800 dark:text-indigo-300',
  partially_received: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  received: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  cancelled: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

/** A calendar day ('2026-12-01') in the user's date format, without shifting it by a time zone. */
function calendarDay(day: string | null, language: 'pt' | 'en'): string {
  if (!day) return '—';
  const format = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en-US', {
    dateStyle: 'short',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${day}T12:00:00Z`));
}

interface SupplierSheetProps {
  id: string;
  onEdit: (id: string) => void;
  onChanged: () => Promise<unknown>;
  onOpenChange: (open: boolean) => void;
}

/** One supplier: its record, contacts, delivery performance and latest orders. */
export default function SupplierSheet({ id, onEdit, onChanged, onOpenChange }: SupplierSheetProps) {
  const t = useStrings(suppliersStrings);
  const trpc = useTRPC();
  const supplier = useQuery(trpc.suppliers.get.queryOptions({ id }));
  const data = supplier.data;
  return (
    <QuerySheet
      open
      onOpenChange={onOpenChange}
      title={data ? data.legalName : t('sheet.loading')}
      query={supplier}
      description={(record) => `CNPJ ${formatCnpj(record.cnpj)}`}
      slot="supplier-sheet"
    >
      {(record) => (
        <SupplierBody
          supplier={record}
          onEdit={() => {
            onEdit(record.id);
          }}
          onChanged={async () => {
            await Promise.all([supplier.refetch(), onChanged()]);
          }}
        />
      )}
    </QuerySheet>
  );
}

function SupplierBody({
  supplier,
  onEdit,
  onChanged,
}: {
  supplier: SupplierDetail;
  onEdit: () => void;
  onChanged: () => Promise<unknown>;
}) {
  const t = useStrings(suppliersStrings);
  const tForm = useStrings(formStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const setActive = useMutation(trpc.suppliers.setActive.mutationOptions());
  const toggle = async () => {
    try {
      const saved = await setActive.mutateAsync({ id: supplier.id, active: !supplier.active });
      notify.success(t(saved.active ? 'reactivated' : 'deactivated', { name: saved.legalName }));
      await onChanged();
    } catch (error) {
      notify.error(errorMessage(error, tForm('saveFailed')));
    }
  };
  const p = supplier.performance;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <ActiveBadge active={supplier.active} />
        <span className="text-sm text-muted-foreground">
          {supplier.categories.map((c) => t(`category.${c}`)).join(', ')}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <RoleGatedButton needs="operator" size="sm" variant="outline" onClick={onEdit}>
          {t('edit')}
        </RoleGatedButton>
        <RoleGatedButton
          needs="admin"
          size="sm"
          variant="outline"
          disabled={setActive.isPending}
          onClick={() => void toggle()}
        >
          {supplier.active ? t('deactivate') : t('reactivate')}
        </RoleGatedButton>
      </div>

      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Fact label={t('sheet.tradeName')}>{supplier.tradeName ?? '—'}</Fact>
        <Fact label={t('sheet.paymentTerms')}>{supplier.paymentTerms ?? '—'}</Fact>
        {supplier.notes && (
          <div className="sm:col-span-2">
            <Fact label={t('sheet.notes')}>{supplier.notes}</Fact>
          </div>
        )}
      </dl>

      <SheetSection title={t('sheet.performance')}>
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" data-slot="supplier-performance">
          <Fact
            label={t('sheet.onTime')}
            hint={
              p.onTimeRate === null ? undefined : t('sheet.onTimeHint', { onTime: p.onTime, count: p.withExpectedDate })
            }
          >
            {p.onTimeRate === null ? t('sheet.noData') : `${formatNumber(p.onTimeRate * 100, language, 0)}%`}
          </Fact>
          <Fact
            label={t('sheet.leadTime')}
            hint={p.averageLeadDays === null ? undefined : t('sheet.leadTimeHint', { count: p.receivedOrders })}
          >
            {p.averageLeadDays === null
              ? t('sheet.noData')
              : t('sheet.leadTimeValue', { days: formatNumber(p.averageLeadDays, language, 1) })}
          </Fact>
        </dl>
      </SheetSection>

      <SheetSection title={t('sheet.contacts')}>
        {supplier.contacts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sheet.noContacts')}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {supplier.contacts.map((c) => (
              <li key={c.id} className="rounded-md border px-3 py-2">
                <span className="block font-medium">{c.name}</span>
                {c.email && (
                  <a className="block break-all underline-offset-2 hover:underline" href={`mailto:${c.email}`}>
                    {c.email}
                  </a>
                )}
                {c.phone && (
                  <a className="block underline-offset-2 hover:underline" href={`tel:${c.phone}`}>
                    {formatPhone(c.phone)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </SheetSection>

      <SheetSection title={t('sheet.orders')}>
        {supplier.recentOrders.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('sheet.noOrders')}</p>
        ) : (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full min-w-[28rem] text-sm" aria-label={t('sheet.orders')}>
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  {[t('sheet.order'), t('sheet.created'), t('sheet.expected'), t('col.status'), t('sheet.total')].map(
                    (label) => (
                      <th key={label} scope="col" className="px-2 py-2 text-left whitespace-nowrap">
                        {label}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y">
                {supplier.recentOrders.map((o) => (
                  <tr key={o.id} data-order-number={o.number}>
                    <td className="px-2 py-2 font-medium whitespace-nowrap tabular-nums">{o.number}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(o.createdAt, language)}</td>
                    <td className="px-2 py-2 whitespace-nowrap">{calendarDay(o.expectedDelivery, language)}</td>
                    <td className="px-2 py-2">
                      <span className={cn(pill, orderTone[o.status])}>{t(`orderStatus.${o.status}`)}</span>
                    </td>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                      {formatCurrency(Number(o.total), language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {supplier.recentOrders.length >= SUPPLIER_ORDERS_SHOWN && (
          <p className="text-xs text-muted-foreground">{t('sheet.ordersShown', { count: SUPPLIER_ORDERS_SHOWN })}</p>
        )}
      </SheetSection>
    </>
  );
}
