import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parts, partStock, stockLocations, stockMovements } from '@sentinela/db/schema/procurement';
import type { StockMovementKind } from '@sentinela/shared/procurement-values';
import { AppError, onlyRow } from '../../platform/errors';

/**
 * One stock movement (ADR 024): the quantity is positive; it leaves `fromLocationId` and/or
 * enters `toLocationId` — received → to; consumed → from; adjusted → one of them, with a reason;
 * transferred → both.
 */
export interface Movement {
  partId: string;
  kind: StockMovementKind;
  quantity: string;
  fromLocationId?: string | null;
  toLocationId?: string | null;
  reason?: string | null;
  purchaseOrderLineId?: string | null;
  workOrderId?: string | null;
  /** Who moved it (null: the system). */
  createdBy: string | null;
  /** When (default: the transaction's time); the demo seed writes past movements. */
  at?: Date;
}

/**
 * A stored quantity as people read it, without its trailing zeros ("12.500" → "12.5", "3.000" → "3"):
 * "3.000" reads as three thousand in pt.
 */
export function plainQuantity(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/**
 * Writes one movement and its balances, in `tx` (the caller's transaction): the leaving side is
 * taken only if the balance covers it — one conditional UPDATE, so concurrent movements of the
 * same part and location queue on its row and none can take the balance below zero — else a
 * CONFLICT naming the part, the place and what is there. The entering side is an upsert.
 */
export async function applyMovement(tx: Database, m: Movement): Promise<{ id: string }> {
  if (m.fromLocationId) {
    const taken = await tx
      .update(partStock)
      .set({ quantity: sql`${partStock.quantity} - ${m.quantity}::numeric` })
      .where(
        and(
          eq(partStock.partId, m.partId),
          eq(partStock.locationId, m.fromLocationId),
          gte(partStock.quantity, sql`${m.quantity}::numeric`),
        ),
      )
      .returning({ quantity: partStock.quantity });
    if (taken.length === 0) await refuseShortage(tx, m.partId, m.fromLocationId, m.quantity);
  }
  if (m.toLocationId)
    await tx
      .insert(partStock)
      .values({ partId: m.partId, locationId: m.toLocationId, quantity: m.quantity })
      .onConflictDoUpdate({
        target: [partStock.partId, partStock.locationId],
        set: { quantity: sql`${partStock.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      });
  return onlyRow(
    await tx
      .insert(stockMovements)
      .values({
        partId: m.partId,
        kind: m.kind,
        quantity: m.quantity,
        fromLocationId: m.fromLocationId ?? null,
        toLocationId: m.toLocationId ?? null,
        reason: m.reason ?? null,
        purchaseOrderLineId: m.purchaseOrderLineId ?? null,
        workOrderId: m.workOrderId ?? null,
        createdBy: m.createdBy,
        ...(m.at ? { createdAt: m.at } : {}),
      })
      .returning({ id: stockMovements.id }),
  );
}

async function refuseShortage(tx: Database, partId: string, locationId: string, requested: string): Promise<never> {
  const [found] = await tx
    .select({
      code: parts.code,
      description: parts.description,
      unit: parts.unit,
      location: stockLocations.name,
      available: sql<string>`coalesce((select ps.quantity from part_stock ps where ps.part_id = "parts"."id" and ps.location_id = "stock_locations"."id"), 0)`,
    })
    .from(parts)
    .innerJoin(stockLocations, eq(stockLocations.id, locationId))
    .where(eq(parts.id, partId));
  if (!found) throw new AppError('NOT_FOUND', 'spareParts.notFound');
  throw new AppError('CONFLICT', 'spareParts.insufficientStock', {
    code: found.code,
    description: found.description,
    location: found.location,
    unit: found.unit,
    available: plainQuantity(String(found.available)),
    requested: plainQuantity(requested),
  });
}
