import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import type { WorkOrderPriority, WorkOrderStatus } from '@sentinela/shared/maintenance-values';
import { StatusPill, type Tone } from '../../components/status-badge';
import { RoleGatedButton } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { formatCurrency, formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';

type T = AreaTranslate<keyof (typeof maintenanceStrings)['pt']>;

const statusTone: Record<WorkOrderStatus, Tone> = {
  scheduled: 'sky',
  in_progress: 'amber',
  completed: 'green',
  cancelled: 'zinc',
};

const priorityTone: Record<WorkOrderPriority, Tone> = { low: 'zinc', medium: 'sky', high: 'amber', urgent: 'red' };

/** The order's status, and "Atrasada" beside it when it is open past its scheduled end. */
export function WorkOrderStatusBadges({ order }: { order: Pick<WorkOrderItem, 'status' | 'overdue'> }) {
  const t = useStrings(maintenanceStrings);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusPill tone={statusTone[order.status]} data-order-status={order.status}>
        {t(`status.${order.status}`)}
      </StatusPill>
      {order.overdue && (
        <StatusPill tone="red" data-overdue>
          {t('overdue')}
        </StatusPill>
      )}
    </span>
  );
}

export function PriorityBadge({ priority }: { priority: WorkOrderPriority }) {
  const t = useStrings(maintenanceStrings);
  return <StatusPill tone={priorityTone[priority]}>{t(`priority.${priority}`)}</StatusPill>;
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
        <RoleGatedButton
          needs="operator"
          size="sm"
          disabled={busy}
          onClick={() => {
            next.run(order);
          }}
        >
          {t(next.label)}
          <span className="sr-only"> {order.number}</span>
        </RoleGatedButton>
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
