import { ListEmptyNote, ListTable, listTableCell } from '../../components/list-table';
import { formatCnpj } from '@sentinela/shared/cnpj';
import type { SupplierItem } from '@sentinela/shared/suppliers';
import { Building2 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useStrings } from '../../lib/i18n/strings';
import { suppliersStrings } from './suppliers.strings';

const cell = listTableCell;
export const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** A Brazilian phone stored as digits, as people write it: (19) 3214-5500, (19) 99123-4567. */
export function formatPhone(phone: string): string {
  const m = /^(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : phone;
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useStrings(suppliersStrings);
  return (
    <span
      className={cn(
        pill,
        active
          ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
          : 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
      )}
      data-active={active}
    >
      {active ? t('active') : t('inactive')}
    </span>
  );
}

interface SupplierTableProps {
  items: SupplierItem[] | undefined;
  filtered: boolean;
  stale: boolean;
  busy: boolean;
  onOpen: (supplier: SupplierItem) => void;
}

/** The suppliers list: a row per supplier, its name opens its drawer. */
export function SupplierTable({ items, filtered, stale, busy, onOpen }: SupplierTableProps) {
  const t = useStrings(suppliersStrings);
  const columns = [
    t('col.name'),
    t('col.cnpj'),
    t('col.categories'),
    t('col.contact'),
    t('col.orders'),
    t('col.status'),
  ];
  return (
    <ListTable
      columns={columns}
      items={items}
      minWidth="min-w-[56rem]"
      label={t('listLabel')}
      stale={stale}
      busy={busy}
      empty={<ListEmptyNote icon={<Building2 aria-hidden className="size-4" />} filtered={filtered} t={t} />}
      row={(supplier) => (
        <tr key={supplier.id} data-supplier-id={supplier.id} data-cnpj={supplier.cnpj}>
          <td className={cn(cell, 'min-w-48')}>
            <button
              type="button"
              className="text-left font-medium underline-offset-2 hover:underline focus-visible:underline"
              onClick={() => {
                onOpen(supplier);
              }}
            >
              {supplier.legalName}
            </button>
            {supplier.tradeName && <span className="block text-xs text-muted-foreground">{supplier.tradeName}</span>}
          </td>
          <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{formatCnpj(supplier.cnpj)}</td>
          <td className={cn(cell, 'min-w-40')}>{supplier.categories.map((c) => t(`category.${c}`)).join(', ')}</td>
          <td className={cn(cell, 'min-w-40')}>
            {supplier.mainContact ? (
              <>
                <span className="block">{supplier.mainContact.name}</span>
                <span className="block text-xs break-all text-muted-foreground">
                  {supplier.mainContact.email ?? formatPhone(supplier.mainContact.phone ?? '')}
                </span>
              </>
            ) : (
              '—'
            )}
          </td>
          <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>
            {t('ordersCount', { total: supplier.orders, open: supplier.openOrders })}
          </td>
          <td className={cell}>
            <ActiveBadge active={supplier.active} />
          </td>
        </tr>
      )}
    />
  );
}
