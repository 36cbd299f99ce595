import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { parts, stockLocations, workOrderParts } from '@sentinela/db/schema/procurement';
import { multiplyDecimals, sumDecimals } from '@sentinela/shared/decimal';
import { openWorkOrderStatuses } from '@sentinela/shared/maintenance-values';
import type { workOrderPartInput } from '@sentinela/shared/procurement';
import type { WorkOrderParts, workOrderPartRemoveInput } from '@sentinela/shared/spare-parts';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { ChangeDeps } from '../../trpc/procedures';
import {
  applyMovement,
  lastUnitPriceSql,
  plainQuantity,
  requireActivePart,
  requireLocation,
} from '../spare-parts/spare-parts.service';
import { lockOrder } from './work-orders.service';

const isOpen = (status: string) => (openWorkOrderStatuses as readonly string[]).includes(status);

/** A work order's part lines, what each location holds now, and their value at the last purchase price. */
export async function listWorkOrderParts(db: Database, input: { workOrderId: string }): Promise<WorkOrderParts> {
  const [order] = await db
    .select({ status: workOrders.status })
    .from(workOrders)
    .where(eq(workOrders.id, input.workOrderId));
  if (!order) throw new AppError('NOT_FOUND', 'maintenance.notFound');
  const rows = await db
    .select({
      id: workOrderParts.id,
      partId: parts.id,
      code: parts.code,
      description: parts.description,
      unit: parts.unit,
      locationId: stockLocations.id,
      locationName: stockLocations.name,
      quantity: workOrderParts.quantity,
      available: sql<string>`coalesce((select ps.quantity from part_stock ps where ps.part_id = "parts"."id" and ps.location_id = "stock_locations"."id"), 0)::numeric(14, 3)`,
      lastUnitPrice: lastUnitPriceSql(sql`"parts"."id"`),
      consumedAt: workOrderParts.consumedAt,
    })
    .from(workOrderParts)
    .innerJoin(parts, eq(parts.id, workOrderParts.partId))
    .innerJoin(stockLocations, eq(stockLocations.id, workOrderParts.locationId))
    .where(eq(workOrderParts.workOrderId, input.workOrderId))
    .orderBy(asc(parts.code), asc(stockLocations.name));
  const lines = rows.map((r) => ({
    id: r.id,
    part: { id: r.partId, code: r.code, description: r.description, unit: r.unit },
    location: { id: r.locationId, name: r.locationName },
    quantity: r.quantity,
    available: String(r.available),
    lastUnitPrice: r.lastUnitPrice === null ? null : String(r.lastUnitPrice),
    consumedAt: r.consumedAt,
  }));
  const priced = lines.filter((l) => l.lastUnitPrice !== null);
  return {
    lines,
    estimatedCost: sumDecimals(
      priced.map((l) => multiplyDecimals(l.quantity, l.lastUnitPrice ?? '0', 2)),
      2,
    ),
    unpricedLines: lines.length - priced.length,
    editable: isOpen(order.status),
  };
}

/** The order, locked, still open (its lines change only before it completes or is cancelled). */
async function lockOpenOrder(tx: Database, id: string): Promise<string> {
  const order = await lockOrder(tx, id);
  if (!isOpen(order.status)) throw new AppError('CONFLICT', 'spareParts.workOrderClosed', { number: order.number });
  return order.number;
}

/** Adds a part line to an open order, or sets the quantity of the line it already has for that part and location. */
export async function setWorkOrderPart(
  caller: ChangeCaller,
  input: z.output<typeof workOrderPartInput>,
  _deps: ChangeDeps,
): Promise<WorkOrderParts> {
  const part = await requireActivePart(caller.db, input.partId);
  await requireLocation(caller.db, input.locationId);
  await callerChange(
    caller,
    async (tx) => {
      const number = await lockOpenOrder(tx, input.workOrderId);
      await tx
        .insert(workOrderParts)
        .values({ ...input, createdBy: caller.actor.id })
        .onConflictDoUpdate({
          target: [workOrderParts.workOrderId, workOrderParts.partId, workOrderParts.locationId],
          set: { quantity: input.quantity },
        });
      return number;
    },
    (number) => ({
      action: 'workOrders.partSet',
      target: input.workOrderId,
      details: { number, code: part.code, quantity: plainQuantity(input.quantity), locationId: input.locationId },
    }),
  );
  return listWorkOrderParts(caller.db, input);
}

export async function removeWorkOrderPart(
  caller: ChangeCaller,
  input: z.output<typeof workOrderPartRemoveInput>,
  _deps: ChangeDeps,
): Promise<WorkOrderParts> {
  await callerChange(
    caller,
    async (tx) => {
      const number = await lockOpenOrder(tx, input.workOrderId);
      const [removed] = await tx
        .delete(workOrderParts)
        .where(and(eq(workOrderParts.id, input.lineId), eq(workOrderParts.workOrderId, input.workOrderId)))
        .returning({ partId: workOrderParts.partId });
      if (!removed) throw new AppError('NOT_FOUND', 'spareParts.workOrderPartNotFound');
      const [part] = await tx.select({ code: parts.code }).from(parts).where(eq(parts.id, removed.partId));
      return { number, code: part?.code ?? null };
    },
    (done) => ({
      action: 'workOrders.partRemove',
      target: input.workOrderId,
      details: done,
    }),
  );
  return listWorkOrderParts(caller.db, input);
}

/**
 * Takes an order's part lines from stock as it completes, in the completion's transaction: one
 * `consumed` movement each. A line the location cannot cover refuses the completion (naming the
 * part, the place and what is there), so nothing is completed nor taken (ADR 024).
 */
export async function consumeWorkOrderParts(
  tx: Database,
  workOrderId: string,
  actorId: string,
  now: Date,
): Promise<number> {
  const lines = await tx
    .select({
      id: workOrderParts.id,
      partId: workOrderParts.partId,
      locationId: workOrderParts.locationId,
      quantity: workOrderParts.quantity,
    })
    .from(workOrderParts)
    .where(and(eq(workOrderParts.workOrderId, workOrderId), isNull(workOrderParts.consumedAt)))
    // A fixed order: two completions taking the same balances lock them in the same order.
    .orderBy(asc(workOrderParts.partId), asc(workOrderParts.locationId));
  for (const line of lines) {
    await applyMovement(tx, {
      partId: line.partId,
      kind: 'consumed',
      quantity: line.quantity,
      fromLocationId: line.locationId,
      workOrderId,
      createdBy: actorId,
    });
    await tx.update(workOrderParts).set({ consumedAt: now }).where(eq(workOrderParts.id, line.id));
  }
  return lines.length;
}
