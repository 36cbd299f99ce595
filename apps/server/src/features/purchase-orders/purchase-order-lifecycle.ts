import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { purchaseOrderLines, purchaseOrders, stockLocations } from '@sentinela/db/schema/procurement';
import type { Role } from '@sentinela/shared/auth-rules';
import { compareDecimals, fromScaled, subtractDecimals, sumDecimals, toScaled } from '@sentinela/shared/decimal';
import {
  purchaseOrderTransitions,
  QUANTITY_SCALE,
  type PurchaseOrderStatus,
  type purchaseOrderActionInput,
  type purchaseOrderCancelInput,
  type purchaseOrderReceiveInput,
} from '@sentinela/shared/procurement';
import type { PurchaseOrderDetail } from '@sentinela/shared/purchase-orders';
import type { ServerMessageKey } from '@sentinela/shared/messages';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
// The one writer of stock (ADR 024) lives with the spare parts; receiving is its other caller.
import { applyMovement, plainQuantity } from '../spare-parts/spare-parts.service';
import { getPurchaseApproval, getPurchaseOrder, lockOrder, type LockedOrder } from './purchase-orders.service';

type Tx = Database;
type Deps = { now: () => Date };

/** Refuses a move the lifecycle does not allow (purchaseOrderTransitions), in the user's words. */
function requireTransition(order: LockedOrder, to: PurchaseOrderStatus, refusal: ServerMessageKey): void {
  if (!purchaseOrderTransitions[order.status].includes(to))
    throw new AppError('CONFLICT', refusal, { number: order.number });
}

/**
 * One lifecycle step: lock, check the move, apply `change`, audit `purchaseOrders.<action>`
 * (from → to and whatever `change` adds), answer the order as it now is.
 */
async function transition(
  caller: ChangeCaller,
  id: string,
  deps: Deps,
  action: string,
  change: (tx: Tx, order: LockedOrder) => Promise<{ to: PurchaseOrderStatus; details?: Record<string, unknown> }>,
): Promise<PurchaseOrderDetail> {
  const done = await callerChange(
    caller,
    async (tx) => {
      const order = await lockOrder(tx, id);
      const result = await change(tx, order);
      return { order, ...result };
    },
    ({ order, to, details }) => ({
      action: `purchaseOrders.${action}`,
      target: order.id,
      details: { number: order.number, from: order.status, to, ...details },
    }),
  );
  return getPurchaseOrder(caller.db, done.order.id, deps.now());
}

/** An amount in R$ written the language's way, exact: 1234.5 → "1.234,50" (pt), "1,234.50" (en). */
function moneyWords(value: string, language: 'pt' | 'en'): string {
  const [whole = '0', cents = '00'] = fromScaled(toScaled(value, 2), 2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'pt' ? '.' : ',');
  return `${grouped}${language === 'pt' ? ',' : '.'}${cents}`;
}

type ActionInput = z.output<typeof purchaseOrderActionInput>;

/** Draft → submitted (for approval). */
export function submitPurchaseOrder(caller: ChangeCaller, input: ActionInput, deps: Deps) {
  return transition(caller, input.id, deps, 'submit', async (tx, order) => {
    requireTransition(order, 'submitted', 'purchaseOrders.cannotSubmit');
    await tx
      .update(purchaseOrders)
      .set({ status: 'submitted', submittedAt: deps.now(), submittedBy: caller.actor.id })
      .where(eq(purchaseOrders.id, order.id));
    return { to: 'submitted' };
  });
}

/** Submitted → draft again, for changes. */
export function returnPurchaseOrderToDraft(caller: ChangeCaller, input: ActionInput, deps: Deps) {
  return transition(caller, input.id, deps, 'returnToDraft', async (tx, order) => {
    requireTransition(order, 'draft', 'purchaseOrders.cannotReturn');
    await tx
      .update(purchaseOrders)
      .set({ status: 'draft', submittedAt: null, submittedBy: null })
      .where(eq(purchaseOrders.id, order.id));
    return { to: 'draft' };
  });
}

/** An order's total (lines + freight), exact, read inside the transaction. */
async function orderTotal(tx: Tx, id: string): Promise<string> {
  const [row] = await tx
    .select({
      total: sql<string>`((select coalesce(sum(l.line_total), 0) from ${purchaseOrderLines} l where l.order_id = purchase_orders.id) + purchase_orders.freight)::numeric(14, 2)::text`,
    })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id));
  return row?.total ?? '0.00';
}

/**
 * Submitted → approved. Administrators approve any order; an operator, orders whose total
 * (lines + freight) is at most the limit set on /settings.
 */
export function approvePurchaseOrder(caller: ChangeCaller & { actor: { role: Role } }, input: ActionInput, deps: Deps) {
  return transition(caller, input.id, deps, 'approve', async (tx, order) => {
    requireTransition(order, 'approved', 'purchaseOrders.cannotApprove');
    const total = await orderTotal(tx, order.id);
    if (caller.actor.role !== 'admin') {
      const { operatorLimit } = await getPurchaseApproval(tx);
      if (compareDecimals(total, operatorLimit) > 0)
        throw new AppError('FORBIDDEN', 'purchaseOrders.overLimit', {
          number: order.number,
          totalPt: moneyWords(total, 'pt'),
          totalEn: moneyWords(total, 'en'),
          limitPt: moneyWords(operatorLimit, 'pt'),
          limitEn: moneyWords(operatorLimit, 'en'),
        });
    }
    await tx
      .update(purchaseOrders)
      .set({ status: 'approved', approvedAt: deps.now(), approvedBy: caller.actor.id })
      .where(eq(purchaseOrders.id, order.id));
    return { to: 'approved', details: { total } };
  });
}

/** Cancels an order not yet fully received, with a reason. */
export function cancelPurchaseOrder(
  caller: ChangeCaller,
  input: z.output<typeof purchaseOrderCancelInput>,
  deps: Deps,
) {
  return transition(caller, input.id, deps, 'cancel', async (tx, order) => {
    requireTransition(order, 'cancelled', 'purchaseOrders.cannotCancel');
    await tx
      .update(purchaseOrders)
      .set({ status: 'cancelled', cancelledAt: deps.now(), cancelledBy: caller.actor.id, cancelReason: input.reason })
      .where(eq(purchaseOrders.id, order.id));
    return { to: 'cancelled', details: { reason: input.reason } };
  });
}

/**
 * Receives goods line by line into a stock location: each line's quantity is added to what was
 * received before (never past what was ordered) and becomes a `received` movement of its part;
 * the order is then received (every line complete) or partially received. All in one
 * transaction, the order locked: parallel receipts run one after the other and never over-receive.
 */
export function receivePurchaseOrder(
  caller: ChangeCaller,
  input: z.output<typeof purchaseOrderReceiveInput>,
  deps: Deps,
) {
  return transition(caller, input.id, deps, 'receive', async (tx, order) => {
    requireTransition(order, 'partially_received', 'purchaseOrders.cannotReceive');
    const lineIds = input.lines.map((l) => l.lineId);
    if (new Set(lineIds).size !== lineIds.length) throw new AppError('BAD_REQUEST', 'purchaseOrders.lineRepeated');
    const [location] = await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(and(eq(stockLocations.id, input.locationId), eq(stockLocations.active, true)));
    if (!location) throw new AppError('BAD_REQUEST', 'purchaseOrders.locationNotFound');
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        position: purchaseOrderLines.position,
        partId: purchaseOrderLines.partId,
        description: purchaseOrderLines.description,
        quantity: purchaseOrderLines.quantity,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const received: Record<string, string> = {};
    for (const { lineId, quantity } of input.lines) {
      const line = byId.get(lineId);
      if (!line) throw new AppError('BAD_REQUEST', 'purchaseOrders.lineNotInOrder');
      const remaining = subtractDecimals(line.quantity, line.receivedQuantity, QUANTITY_SCALE);
      if (compareDecimals(quantity, remaining) > 0)
        throw new AppError('CONFLICT', 'purchaseOrders.overReceipt', {
          position: line.position + 1,
          description: line.description,
          remaining: plainQuantity(remaining),
          quantity: plainQuantity(quantity),
        });
      line.receivedQuantity = sumDecimals([line.receivedQuantity, quantity], QUANTITY_SCALE);
      received[lineId] = quantity;
      await tx
        .update(purchaseOrderLines)
        .set({ receivedQuantity: line.receivedQuantity })
        .where(eq(purchaseOrderLines.id, lineId));
      if (line.partId)
        await applyMovement(tx, {
          partId: line.partId,
          kind: 'received',
          quantity,
          toLocationId: location.id,
          purchaseOrderLineId: line.id,
          createdBy: caller.actor.id,
        });
    }
    const complete = lines.every((l) => compareDecimals(l.receivedQuantity, l.quantity) === 0);
    const to: PurchaseOrderStatus = complete ? 'received' : 'partially_received';
    await tx
      .update(purchaseOrders)
      .set({ status: to, receivedAt: complete ? deps.now() : null })
      .where(eq(purchaseOrders.id, order.id));
    return { to, details: { locationId: location.id, lines: received } };
  });
}
