import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parts, purchaseOrderLines, purchaseOrders, suppliers } from '@sentinela/db/schema/procurement';
import { compareDecimals, fromScaled, subtractDecimals, toScaled } from '@sentinela/shared/decimal';
import { QUANTITY_SCALE, type PartUnit } from '@sentinela/shared/procurement-values';
import type { PurchaseOrderDetail, SuggestedOrders } from '@sentinela/shared/purchase-orders';
import type { ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { createPurchaseOrder } from './purchase-orders.service';

/** Units counted in whole pieces: a suggestion of 2.4 of them is 3. Metres, kilograms, litres and hours keep their decimals. */
const wholeUnits: ReadonlySet<PartUnit> = new Set(['un', 'cx', 'par', 'jg', 'rl', 'pc', 'cj']);

/**
 * The reorder rule (ADR 024): what is missing to reach the minimum, counting what open orders
 * still bring (minimum − stock − on order), rounded up to a whole number for counted units.
 */
export function reorderQuantity(minimum: string, stock: string, onOrder: string, unit: PartUnit): string {
  const missing = subtractDecimals(subtractDecimals(minimum, stock, QUANTITY_SCALE), onOrder, QUANTITY_SCALE);
  if (compareDecimals(missing, '0') <= 0) return '0.000';
  if (!wholeUnits.has(unit)) return missing;
  const one = 10n ** BigInt(QUANTITY_SCALE);
  const units = toScaled(missing, QUANTITY_SCALE);
  return fromScaled(((units + one - 1n) / one) * one, QUANTITY_SCALE);
}

/** Stock of a part over every location. */
const stockSql = sql<string>`(select coalesce(sum(s.quantity), 0) from part_stock s where s.part_id = parts.id)::text`;
/** What open orders (submitted, approved, partly received; drafts too) still bring of a part. */
const onOrderSql = sql<string>`(select coalesce(sum(l.quantity - l.received_quantity), 0) from ${purchaseOrderLines} l
  join ${purchaseOrders} o on o.id = l.order_id
  where l.part_id = parts.id and o.status in ('draft', 'submitted', 'approved', 'partially_received'))::text`;

/** Active parts of active preferred suppliers below their minimum stock, with what to order, per supplier. */
export async function suggestedOrders(db: Database, supplierId?: string): Promise<SuggestedOrders> {
  const rows = await db
    .select({
      partId: parts.id,
      code: parts.code,
      description: parts.description,
      unit: parts.unit,
      minimumStock: parts.minimumStock,
      stock: stockSql,
      onOrder: onOrderSql,
      supplierId: suppliers.id,
      supplierName: sql<string>`coalesce(${suppliers.tradeName}, ${suppliers.legalName})`,
    })
    .from(parts)
    .innerJoin(suppliers, eq(suppliers.id, parts.preferredSupplierId))
    .where(
      and(
        eq(parts.active, true),
        eq(suppliers.active, true),
        isNotNull(parts.preferredSupplierId),
        supplierId ? eq(suppliers.id, supplierId) : undefined,
        sql`(select coalesce(sum(s.quantity), 0) from part_stock s where s.part_id = parts.id) < ${parts.minimumStock}`,
      ),
    )
    .orderBy(asc(sql`9`), asc(parts.code));
  const groups = new Map<string, SuggestedOrders[number]>();
  for (const r of rows) {
    const quantity = reorderQuantity(r.minimumStock, r.stock, r.onOrder, r.unit);
    if (compareDecimals(quantity, '0') <= 0) continue;
    let group = groups.get(r.supplierId);
    if (!group) {
      group = { supplier: { id: r.supplierId, name: r.supplierName }, parts: [] };
      groups.set(r.supplierId, group);
    }
    group.parts.push({
      partId: r.partId,
      code: r.code,
      description: r.description,
      unit: r.unit,
      minimumStock: r.minimumStock,
      stock: fromScaled(toScaled(r.stock, QUANTITY_SCALE), QUANTITY_SCALE),
      quantity,
    });
  }
  return [...groups.values()];
}

/** One click on a suggestion: a draft to the supplier with its parts below minimum, at the last price paid (else zero). */
export async function draftFromSuggestion(
  caller: ChangeCaller,
  input: { supplierId: string },
  deps: { now: () => Date },
): Promise<PurchaseOrderDetail> {
  const [group] = await suggestedOrders(caller.db, input.supplierId);
  if (!group || group.parts.length === 0) throw new AppError('CONFLICT', 'purchaseOrders.noSuggestion');
  const prices = await caller.db
    .select({
      partId: parts.id,
      price: sql<string | null>`(select l.unit_price::text from ${purchaseOrderLines} l
        join ${purchaseOrders} o on o.id = l.order_id
        where l.part_id = parts.id and o.status <> 'cancelled' order by o.created_at desc limit 1)`,
    })
    .from(parts)
    .where(eq(parts.preferredSupplierId, input.supplierId));
  const priceOf = new Map(prices.map((p) => [p.partId, p.price]));
  return createPurchaseOrder(
    caller,
    {
      supplierId: input.supplierId,
      expectedDelivery: null,
      workOrderId: null,
      freight: '0.00',
      notes: null,
      lines: group.parts.map((p) => ({
        partId: p.partId,
        description: p.description,
        quantity: p.quantity,
        unit: p.unit,
        unitPrice: priceOf.get(p.partId) ?? '0',
      })),
    },
    deps,
    { suggested: true },
  );
}
