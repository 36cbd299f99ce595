import { ListEmptyNote, ListTable, listTableCell } from '../../components/list-table';
import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import { ClipboardX } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useIsMobile } from '../../lib/use-is-mobile';
import { DeviceCard, DeviceCardList } from '../plant/device-card';
import { maintenanceStrings } from './maintenance.strings';
import {
  formatMoneyText,
  placeLabel,
  PriorityBadge,
  ScheduledCell,
  technicianLabel,
  WorkOrderActions,
  WorkOrderStatusBadges,
  type WorkOrderRowActions,
} from './work-order-parts';

const cell = listTableCell;

interface WorkOrderTableProps extends WorkOrderRowActions {
  items: WorkOrderItem[] | undefined;
  filtered: boolean;
  stale: boolean;
  busy: boolean;
}

/** The work-order list; on a phone, a card per order. */
export function WorkOrderTable({ items, filtered, stale, busy, ...actions }: WorkOrderTableProps) {
  const t = useStrings(maintenanceStrings);
  const { language } = useLanguage();
  const isMobile = useIsMobile();
  const empty = <ListEmptyNote icon={<ClipboardX aria-hidden className="size-4" />} filtered={filtered} t={t} />;
  const checklist = (order: WorkOrderItem) =>
    order.checklist.total === 0 ? '—' : t('checklistProgress', order.checklist);
  const cost = (order: WorkOrderItem) => (order.status === 'completed' ? formatMoneyText(order.cost, language) : '—');

  if (isMobile)
    return (
      <DeviceCardList items={items} stale={stale} busy={busy} empty={empty} label={t('listLabel')}>
        {items?.map((order) => (
          <DeviceCard
            key={order.id}
            attributes={{ 'data-order-id': order.id, 'data-number': order.number }}
            title={
              <>
                <span className="block font-medium">
                  {order.number} · {order.title}
                </span>
                <span className="block text-xs text-muted-foreground">{placeLabel(order)}</span>
              </>
            }
            status={
              <>
                <WorkOrderStatusBadges order={order} />
                <PriorityBadge priority={order.priority} />
              </>
            }
            figures={[
              { label: t('col.scheduled'), value: <ScheduledCell order={order} /> },
              { label: t('col.technician'), value: technicianLabel(t, order.technician) },
              { label: t('col.kind'), value: t(`kind.${order.kind}`) },
              { label: t('col.checklist'), value: checklist(order) },
              { label: t('col.cost'), value: cost(order) },
            ]}
          >
            <WorkOrderActions order={order} {...actions} className="flex flex-wrap justify-end gap-2" />
          </DeviceCard>
        ))}
      </DeviceCardList>
    );

  const columns = [
    t('col.number'),
    t('col.title'),
    t('col.equipment'),
    t('col.kind'),
    t('col.priority'),
    t('col.scheduled'),
    t('col.technician'),
    t('col.status'),
    t('col.cost'),
    t('col.checklist'),
    t('col.actions'),
  ];
  return (
    <ListTable
      columns={columns}
      items={items}
      minWidth="min-w-[70rem]"
      label={t('listLabel')}
      stale={stale}
      busy={busy}
      empty={empty}
      row={(order) => (
        <tr key={order.id} data-order-id={order.id} data-number={order.number} data-status={order.status}>
          <td className={cn(cell, 'font-medium whitespace-nowrap tabular-nums')}>{order.number}</td>
          <td className={cn(cell, 'min-w-40')}>{order.title}</td>
          <td className={cn(cell, 'min-w-36')}>
            <span className="block">{order.equipment?.name ?? order.room?.name ?? '—'}</span>
            <span className="block text-xs text-muted-foreground">{order.facility.name}</span>
          </td>
          <td className={cell}>{t(`kind.${order.kind}`)}</td>
          <td className={cell}>
            <PriorityBadge priority={order.priority} />
          </td>
          <td className={cell}>
            <ScheduledCell order={order} />
          </td>
          <td className={cell}>{technicianLabel(t, order.technician)}</td>
          <td className={cell}>
            <WorkOrderStatusBadges order={order} />
          </td>
          <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{cost(order)}</td>
          <td className={cn(cell, 'tabular-nums')} data-checklist>
            {checklist(order)}
          </td>
          <td className={cell}>
            <WorkOrderActions order={order} {...actions} className="flex flex-col items-stretch gap-1.5" />
          </td>
        </tr>
      )}
    />
  );
}
