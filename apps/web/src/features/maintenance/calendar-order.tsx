import type { WorkOrderCalendarItem } from '@sentinela/shared/maintenance-calendar';
import type { WorkOrderPriority } from '@sentinela/shared/maintenance-values';
import { AlertTriangle, CalendarClock, CheckCircle2, Wrench, XCircle } from 'lucide-react';
import { RoleGatedButton } from '../../components/role-gated';
import { cn } from '../../lib/cn';
import { useStrings } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';
import { calendarStrings } from './work-order-calendar.strings';

/** A border by priority: low grey, medium blue, high amber, urgent red. */
const priorityBorder: Record<WorkOrderPriority, string> = {
  low: 'border-l-zinc-400',
  medium: 'border-l-sky-500',
  high: 'border-l-amber-500',
  urgent: 'border-l-red-600',
};

export interface CalendarOrderActions {
  onOpen: (id: string) => void;
  onReschedule: (id: string) => void;
}

/**
 * One order on a day: its number and title (opens the drawer), coloured by priority, an icon by
 * status, "Atrasada" marked; open orders have a Reagendar button (operators).
 */
export function CalendarOrder({
  order,
  onOpen,
  onReschedule,
}: CalendarOrderActions & { order: WorkOrderCalendarItem }) {
  const t = useStrings(calendarStrings);
  const tM = useStrings(maintenanceStrings);
  const open = order.status === 'scheduled' || order.status === 'in_progress';
  const state = t('orderState', {
    status: tM(`status.${order.status}`),
    priority: tM(`priority.${order.priority}`).toLowerCase(),
  });
  const StatusIcon =
    order.status === 'in_progress'
      ? Wrench
      : order.status === 'completed'
        ? CheckCircle2
        : order.status === 'cancelled'
          ? XCircle
          : null;
  return (
    <li
      className="flex items-stretch gap-0.5"
      data-order-id={order.id}
      data-number={order.number}
      data-status={order.status}
      data-priority={order.priority}
    >
      <button
        type="button"
        title={[order.number, order.title, order.place].filter(Boolean).join(' · ')}
        className={cn(
          'flex min-w-0 flex-1 items-center gap-1 rounded-sm border-l-4 bg-muted px-1.5 py-0.5 text-left text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
          priorityBorder[order.priority],
          !open && 'text-muted-foreground line-through',
        )}
        onClick={() => {
          onOpen(order.id);
        }}
      >
        {order.overdue && <AlertTriangle aria-hidden className="size-3 shrink-0 text-red-700 dark:text-red-400" />}
        {StatusIcon && <StatusIcon aria-hidden className="size-3 shrink-0" />}
        <span className="min-w-0">
          <span className="block truncate font-medium tabular-nums">{order.number}</span>{' '}
          <span className="block truncate">{order.title}</span>
        </span>
        <span className="sr-only">{`, ${state}${order.overdue ? `, ${tM('overdue')}` : ''}`}</span>
      </button>
      {open && (
        <RoleGatedButton
          needs="operator"
          size="icon-sm"
          variant="ghost"
          className="size-6"
          aria-label={t('reschedule', { number: order.number })}
          title={t('reschedule', { number: order.number })}
          onClick={() => {
            onReschedule(order.id);
          }}
        >
          <CalendarClock className="size-3.5" aria-hidden />
        </RoleGatedButton>
      )}
    </li>
  );
}
