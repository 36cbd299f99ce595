import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import type { WorkOrderPriority, WorkOrderStatus } from '@sentinela/shared/maintenance-values';
import { RoleGated } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatCurrency, formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';

type T = AreaTranslate<keyof (typeof maintenanceStrings)['pt']>;

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const statusTone: Record<WorkOrderStatus, string> = {
  scheduled: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  in_progress: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  completed: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  cancelled: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

const priorityTone: Record<WorkOrderPriority, string> = {
  low: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
  medium: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  high: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  urgent: 'bg-red-500/15 text-red-800 dark:text-red-300',
};

/** The order's status, and "Atrasada" beside it when it is open past its scheduled end. */
export function WorkOrderStatusBadges({ order }: { order: Pick<WorkOrderItem, 'status' | 'overdue'> }) {
  const t = useStrings(maintenanceStrings);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cn(pill, statusTone[order.status])} data-order-status={order.status}>
        {t(`status.${order.status}`)}
      </span>
      {order.overdue && (
        <span className={cn(pill, 'bg-red-500/15 text-red-800 dark:text-red-300')} data-overdue>
          {t('overdue')}
        </span>
      )}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: WorkOrderPriority }) {
  const t = useStrings(maintenanceStrings);
  return <span className={cn(pill, priorityTone[priority])}>{t(`priority.${priority}`)}</span>;
}

/** The operator's or contractor's name, or "Não atribuído". */
export function technicianLabel(t: T, technician: { name: string | null }): string {
  return technician.name ?? t('unassigned');
}

/** Where the work is: 'Motor A1 · Planta Campinas' (or the room/facility without equipment). */
export function placeLabel(order: Pick<WorkOrderItem, 'equipment' | 'room' | 'facility'>): string {
  return [order.equipment?.name ?? order.room?.name, order.facility.name].filter(Boolean).join(' · ');
}

/** An R$ decimal string in the user's currency. */
export function formatMoneyText(amount: string | null, language: 'pt' | 'en'): string {
  return formatCurrency(amount === null ? null : Number(amount), language);
}

/** Scheduled date in the facility's time, and the expected duration. */
export function ScheduledCell({ order }: { order: WorkOrderItem }) {
  const t = useStrings(maintenanceStrings);
  const { language } = useLanguage();
  return (
    <>
      <span className="block whitespace-nowrap">
        {formatDateTime(order.scheduledAt, language, order.facility.timezone)}
      </span>
      <span className="block text-xs text-muted-foreground">
        {t('duration', { hours: formatNumber(order.durationHours, language, 2) })}
      </span>
    </>
  );
}

export interface WorkOrderRowActions {
  pendingId: string | null;
  onStart: (order: WorkOrderItem) => void;
  onComplete: (order: WorkOrderItem) => void;
  onOpen: (order: WorkOrderItem) => void;
}

/** Start (scheduled) or Complete (in progress) for operators, and View details for everyone. */
export function WorkOrderActions({
  order,
  pendingId,
  onStart,
  onComplete,
  onOpen,
  className,
}: WorkOrderRowActions & { order: WorkOrderItem; className?: string }) {
  const t = useStrings(maintenanceStrings);
  const busy = pendingId === order.id;
  // The lifecycle's next step, when an operator may take one.
  const next =
    order.status === 'scheduled'
      ? { label: 'start' as const, run: onStart }
      : order.status === 'in_progress'
        ? { label: 'complete' as const, run: onComplete }
        : null;
  return (
    <div className={className}>
      {next && (
        <RoleGated needs="operator">
          {(allowed) => (
            <Button
              size="sm"
              disabled={!allowed || busy}
              onClick={() => {
                next.run(order);
              }}
            >
              {t(next.label)}
              <span className="sr-only"> {order.number}</span>
            </Button>
          )}
        </RoleGated>
      )}
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          onOpen(order);
        }}
      >
        {t('details')}
        <span className="sr-only"> {order.number}</span>
      </Button>
    </div>
  );
}
