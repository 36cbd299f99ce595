import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parts, partStock, stockLocations, stockMovements } from '@sentinela/db/schema/procurement';
import { compareDecimals, subtractDecimals, sumDecimals } from '@sentinela/shared/decimal';
import { QUANTITY_SCALE, type StockMovementKind } from '@sentinela/shared/procurement-values';
import { AppError } from '../../platform/errors';

/** One change of stock (ADR 024): a positive quantity leaving `fromLocationId` and/or entering `toLocationId`. */
export interface Movement {
  partId: string;
  kind: StockMovementKind;
  quantity: string;
  fromLocationId?: string | null;
  toLocationId?: string | null;
  reason?: string | null;
  purchaseOrderLineId?: string | null;
  workOrderId?: string | null;
  createdBy?: string | null;
}

/** Adds `delta` (may be negative) to a part's balance at a location, the row locked; refuses a negative result. */
async function moveBalance(tx: Database, partId: string, locationId: string, delta: string): Promise<void> {
  // Make sure the row exists, then lock it: concurrent movements of the part there serialise here.
  await tx.insert(partStock).values({ partId, locationId, quantity: '0' }).onConflictDoNothing();
  const [row] = await tx
    .select({ quantity: partStock.quantity })
    .from(partStock)
    .where(and(eq(partStock.partId, partId), eq(partStock.locationId, locationId)))
    .for('update');
  const current = row?.quantity ?? '0';
  const next = sumDecimals([current, delta], QUANTITY_SCALE);
  if (compareDecimals(next, '0') < 0) {
    const [names] = await tx
      .select({ code: parts.code, location: stockLocations.name })
      .from(parts)
      .innerJoin(stockLocations, eq(stockLocations.id, locationId))
      .where(eq(parts.id, partId));
    throw new AppError('CONFLICT', 'stock.insufficient', {
      code: names?.code ?? partId,
      location: names?.location ?? locationId,
      available: current,
    });
  }
  await tx
    .update(partStock)
    .set({ quantity: sql`${partStock.quantity} + ${delta}::numeric` })
    .where(and(eq(partStock.partId, partId), eq(partStock.locationId, locationId)));
}

/**
 * Writes one movement and the balances it changes, inside the caller's transaction `tx` (so the
 * movement, the balances and whatever caused them are kept together or not at all).
 */
export async function applyMovement(tx: Database, movement: Movement): Promise<void> {
  if (movement.fromLocationId)
    await moveBalance(
      tx,
      movement.partId,
      movement.fromLocationId,
      subtractDecimals('0', movement.quantity, QUANTITY_SCALE),
    );
  if (movement.toLocationId) await moveBalance(tx, movement.partId, movement.toLocationId, movement.quantity);
  await tx.insert(stockMovements).values({
    partId: movement.partId,
    kind: movement.kind,
    quantity: movement.quantity,
    fromLocationId: movement.fromLocationId ?? null,
    toLocationId: movement.toLocationId ?? null,
    reason: movement.reason ?? null,
    purchaseOrderLineId: movement.purchaseOrderLineId ?? null,
    workOrderId: movement.workOrderId ?? null,
    createdBy: movement.createdBy ?? null,
  });
}
