import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { workOrderChecklistItems, workOrders } from '@sentinela/db/schema/maintenance';
import { alerts, equipment, equipmentStatusChanges } from '@sentinela/db/schema/plant';
import type {
  WorkOrderDetail,
  WorkOrderStatus,
  workOrderCancelInput,
  workOrderCheckInput,
  workOrderCompleteInput,
  workOrderReassignInput,
  workOrderRescheduleInput,
} from '@sentinela/shared/maintenance';
import type { LiveEvent } from '@sentinela/shared/live-events';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { ChangeDeps } from '../../trpc/procedures';
import { consumeWorkOrderParts } from './work-order-parts.service';
import { checkTechnician, getWorkOrder, lockOrder, type LockedOrder } from './work-orders.service';

/** A device silent longer than this is offline (PRODUCT.md §3). */
const OFFLINE_AFTER_MS = 60_000;

type Tx = Database;

/** Refuses a change unless the order is in one of `allowed`, with the reason in the user's words. */
function requireStatus(order: LockedOrder, allowed: readonly WorkOrderStatus[]): void {
  if (allowed.includes(order.status)) return;
  const params = { number: order.number };
  if (order.status === 'completed' || order.status === 'cancelled')
    throw new AppError('CONFLICT', 'maintenance.alreadyClosed', params);
  if (order.status === 'in_progress') throw new AppError('CONFLICT', 'maintenance.alreadyStarted', params);
  throw new AppError('CONFLICT', 'maintenance.notStarted', params);
}

/**
 * The status an equipment goes back to when its last order in progress ends: the one it had
 * when the work started, except that online/offline is read afresh from when it was last heard.
 */
export function restoredStatus(prior: EquipmentStatus | null, lastSeenAt: Date | null, now: Date): EquipmentStatus {
  if (prior === 'error' || prior === 'maintenance') return prior;
  return lastSeenAt && now.getTime() - lastSeenAt.getTime() <= OFFLINE_AFTER_MS ? 'online' : 'offline';
}

type StatusChange = Extract<LiveEvent, { type: 'status' }>;

/** The other orders in progress on the same equipment (the equipment stays in maintenance while one is). */
const otherWorkInProgress = (orderId: string, equipmentId: string) =>
  and(eq(workOrders.equipmentId, equipmentId), eq(workOrders.status, 'in_progress'), ne(workOrders.id, orderId));

/**
 * Starts the work: the equipment goes to maintenance (and so is locked out, see the commands
 * service) and the status it had is kept on the order, taken from another order already in
 * progress on it if there is one.
 */
async function lockOut(tx: Tx, order: LockedOrder): Promise<{ prior: EquipmentStatus | null; change?: StatusChange }> {
  if (!order.equipmentId) return { prior: null };
  const [device] = await tx
    .select({ status: equipment.status })
    .from(equipment)
    .where(eq(equipment.id, order.equipmentId))
    .for('update');
  if (!device) return { prior: null };
  const [other] = await tx
    .select({ prior: workOrders.priorEquipmentStatus })
    .from(workOrders)
    .where(otherWorkInProgress(order.id, order.equipmentId))
    .limit(1);
  const prior = other ? other.prior : device.status;
  if (device.status === 'maintenance') return { prior };
  await tx.update(equipment).set({ status: 'maintenance' }).where(eq(equipment.id, order.equipmentId));
  await tx
    .insert(equipmentStatusChanges)
    // The transaction's time, as its audit entry's: the change and the transition share one moment.
    .values({ equipmentId: order.equipmentId, at: sql`now()`, fromStatus: device.status, toStatus: 'maintenance' });
  return { prior, change: { type: 'status', equipmentId: order.equipmentId, status: 'maintenance' } };
}

/** Ends the work of an order that was in progress: the last one gives the equipment its status back. */
async function release(tx: Tx, order: LockedOrder, now: Date): Promise<StatusChange | undefined> {
  if (!order.equipmentId || order.status !== 'in_progress') return undefined;
  const [device] = await tx
    .select({ status: equipment.status, lastSeenAt: equipment.lastSeenAt })
    .from(equipment)
    .where(eq(equipment.id, order.equipmentId))
    .for('update');
  const [stillOpen] = await tx
    .select({ n: count() })
    .from(workOrders)
    .where(otherWorkInProgress(order.id, order.equipmentId));
  if (!device || (stillOpen?.n ?? 0) > 0) return undefined;
  const [self] = await tx
    .select({ prior: workOrders.priorEquipmentStatus })
    .from(workOrders)
    .where(eq(workOrders.id, order.id));
  const status = restoredStatus(self?.prior ?? null, device.lastSeenAt, now);
  if (status === device.status) return undefined;
  await tx.update(equipment).set({ status }).where(eq(equipment.id, order.equipmentId));
  await tx
    .insert(equipmentStatusChanges)
    .values({ equipmentId: order.equipmentId, at: sql`now()`, fromStatus: device.status, toStatus: status });
  return { type: 'status', equipmentId: order.equipmentId, status };
}

/**
 * Clears the alert a completed order answers, if still open: by the one who completed it, the
 * order's number and closing note as the note. Answers the live event that says so.
 */
async function clearAnsweredAlert(
  tx: Tx,
  orderId: string,
  number: string,
  closingNote: string,
  actorId: string,
  now: Date,
): Promise<LiveEvent | undefined> {
  const [order] = await tx.select({ alertId: workOrders.alertId }).from(workOrders).where(eq(workOrders.id, orderId));
  if (!order?.alertId) return undefined;
  const [alert] = await tx
    .update(alerts)
    .set({
      status: 'cleared',
      clearedBy: actorId,
      clearedAt: now,
      clearNote: `${number}: ${closingNote}`.slice(0, 1000),
    })
    .where(and(eq(alerts.id, order.alertId), ne(alerts.status, 'cleared')))
    .returning();
  if (!alert) return undefined;
  return {
    type: 'alert',
    alertId: alert.id,
    equipmentId: alert.equipmentId,
    severity: alert.severity,
    status: 'cleared',
    message: alert.message,
    messageKey: alert.messageKey,
    messageParams: alert.messageParams,
  };
}

/**
 * One audited transition: locks the order, checks its status, runs `change`, records the entry
 * (with `details`), then tells the live stream what `change` answers it changed.
 */
async function transition(
  caller: ChangeCaller,
  deps: ChangeDeps,
  id: string,
  action: string,
  allowed: readonly WorkOrderStatus[],
  change: (tx: Tx, order: LockedOrder, now: Date) => Promise<(LiveEvent | undefined)[] | void>,
  details: Record<string, unknown> = {},
): Promise<WorkOrderDetail> {
  const now = deps.now();
  let number = '';
  const events = await callerChange(
    caller,
    async (tx) => {
      const order = await lockOrder(tx, id);
      number = order.number;
      requireStatus(order, allowed);
      return (await change(tx, order, now)) ?? [];
    },
    () => ({
      action: `workOrders.${action}`,
      target: id,
      details: { number, ...details },
    }),
  );
  // After the commit: the equipment's status, the alert an order cleared.
  for (const event of events) if (event) deps.bus.publish(event);
  return getWorkOrder(caller.db, id, now);
}

export function startWorkOrder(caller: ChangeCaller, { id }: { id: string }, deps: ChangeDeps) {
  return transition(caller, deps, id, 'start', ['scheduled'], async (tx, order, now) => {
    const { prior, change } = await lockOut(tx, order);
    await tx
      .update(workOrders)
      .set({ status: 'in_progress', startedAt: now, startedBy: caller.actor.id, priorEquipmentStatus: prior })
      .where(eq(workOrders.id, order.id));
    return [change];
  });
}

export function completeWorkOrder(
  caller: ChangeCaller,
  input: z.output<typeof workOrderCompleteInput>,
  deps: ChangeDeps,
) {
  const { id, clearAlert, ...closing } = input;
  return transition(
    caller,
    deps,
    id,
    'complete',
    ['in_progress'],
    async (tx, order, now) => {
      const [unchecked] = await tx
        .select({ n: count() })
        .from(workOrderChecklistItems)
        .where(
          and(
            eq(workOrderChecklistItems.workOrderId, id),
            eq(workOrderChecklistItems.mandatory, true),
            isNull(workOrderChecklistItems.doneAt),
          ),
        );
      if ((unchecked?.n ?? 0) > 0)
        throw new AppError('CONFLICT', 'maintenance.mandatoryUnchecked', { count: unchecked?.n ?? 0 });
      // Its part lines leave stock with it, or (stock short) it does not complete.
      await consumeWorkOrderParts(tx, id, caller.actor.id, now);
      await tx
        .update(workOrders)
        .set({ status: 'completed', completedAt: now, completedBy: caller.actor.id, ...closing })
        .where(eq(workOrders.id, id));
      return [
        await release(tx, order, now),
        clearAlert
          ? await clearAnsweredAlert(tx, id, order.number, closing.closingNote, caller.actor.id, now)
          : undefined,
      ];
    },
    { ...closing, clearAlert },
  );
}

export function cancelWorkOrder(caller: ChangeCaller, input: z.output<typeof workOrderCancelInput>, deps: ChangeDeps) {
  return transition(
    caller,
    deps,
    input.id,
    'cancel',
    ['scheduled', 'in_progress'],
    async (tx, order, now) => {
      await tx
        .update(workOrders)
        .set({ status: 'cancelled', cancelledAt: now, cancelledBy: caller.actor.id, cancelReason: input.reason })
        .where(eq(workOrders.id, input.id));
      return [await release(tx, order, now)];
    },
    { reason: input.reason },
  );
}

export function rescheduleWorkOrder(
  caller: ChangeCaller,
  input: z.output<typeof workOrderRescheduleInput>,
  deps: ChangeDeps,
) {
  const { id, ...when } = input;
  return transition(
    caller,
    deps,
    id,
    'reschedule',
    ['scheduled'],
    async (tx) => {
      await tx.update(workOrders).set(when).where(eq(workOrders.id, id));
    },
    when,
  );
}

export async function reassignWorkOrder(
  caller: ChangeCaller,
  input: z.output<typeof workOrderReassignInput>,
  deps: ChangeDeps,
) {
  await checkTechnician(caller.db, input.technicianId);
  const { id, ...technician } = input;
  return transition(
    caller,
    deps,
    id,
    'reassign',
    ['scheduled', 'in_progress'],
    async (tx) => {
      await tx.update(workOrders).set(technician).where(eq(workOrders.id, id));
    },
    technician,
  );
}

/** Ticks (or unticks) a checklist item of an open order: who and when are kept. */
export function checkWorkOrderItem(
  caller: ChangeCaller,
  input: z.output<typeof workOrderCheckInput>,
  deps: ChangeDeps,
) {
  return transition(
    caller,
    deps,
    input.id,
    'check',
    ['scheduled', 'in_progress'],
    async (tx, _order, now) => {
      const changed = await tx
        .update(workOrderChecklistItems)
        .set(input.done ? { doneAt: now, doneBy: caller.actor.id } : { doneAt: null, doneBy: null })
        .where(and(eq(workOrderChecklistItems.id, input.itemId), eq(workOrderChecklistItems.workOrderId, input.id)))
        .returning({ id: workOrderChecklistItems.id });
      if (changed.length === 0) throw new AppError('NOT_FOUND', 'validation.checklistItem');
    },
    { itemId: input.itemId, done: input.done },
  );
}
