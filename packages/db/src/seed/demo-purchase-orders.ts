import { sql } from 'drizzle-orm';
import { fromScaled, sumDecimals } from '@sentinela/shared/decimal';
import type { PartUnit, PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import type { Database } from '../client';
import { auditLog } from '../schema/audit';
import {
  partStock,
  purchaseOrderLines,
  purchaseOrders,
  purchaseOrderSequences,
  stockMovements,
} from '../schema/procurement';
import { createRandom, type Random } from './seeded-random';

/**
 * The demo's purchase-order history (issue 15): about thirty orders over the last six months to
 * the demo suppliers, for the demo parts, in every status — most received (a few late), some
 * partly received, approved and waiting (some past their expected day), submitted, drafts and a
 * couple cancelled. Receipts are stock movements into the parts' location, and the balances
 * they add are written with them, so the stock stays the sum of its movements (ADR 024). Each
 * transition has its audit entry, so the orders' history and the events timeline show them.
 *
 * Called after the suppliers and parts exist (their ids are given), inside the seeding transaction.
 */

export interface DemoPurchasingInput {
  suppliers: { id: string }[];
  /** Catalogue parts, each with its preferred supplier (null: any) and where it is kept. */
  parts: { id: string; description: string; unit: PartUnit; preferredSupplierId: string | null }[];
  /** Where receipts go. */
  locationId: string;
  /** Open or past work orders an order may serve. */
  workOrderIds?: string[];
  /** Who bought, approved and received (demo users); none: the entries name nobody. */
  actors?: { id: string; email: string }[];
  now: Date;
  seed?: number;
}

const DAY = 86_400_000;
const ORDER_COUNT = 30;
const ORIGIN = { ip: '127.0.0.1', userAgent: 'demo-seed' };

/** The status of the n-th order (oldest first): old ones are closed, recent ones still open. */
function statusFor(index: number, random: Random): PurchaseOrderStatus {
  const age = 1 - index / ORDER_COUNT; // 1 = oldest
  if (age > 0.45) return random.chance(0.08) ? 'cancelled' : 'received';
  if (age > 0.25) return random.pick(['received', 'partially_received', 'approved'] as const);
  return random.pick(['partially_received', 'approved', 'submitted', 'draft', 'approved'] as const);
}

/** A unit price in R$ (2 to 4 decimals, from integers: never a float). */
function unitPrice(random: Random, unit: PartUnit): string {
  const cents = unit === 'm' ? random.int(150, 4_000) : random.int(800, 180_000);
  return fromScaled(BigInt(cents) * 100n + BigInt(unit === 'm' ? random.int(0, 99) : 0), 4);
}

function quantityOf(random: Random, unit: PartUnit): string {
  if (unit === 'm') return fromScaled(BigInt(random.int(10, 300)) * 1000n, 3);
  if (unit === 'kg' || unit === 'l') return fromScaled(BigInt(random.int(5, 80)) * 500n, 3);
  return fromScaled(BigInt(random.int(1, 20)) * 1000n, 3);
}

export async function seedDemoPurchaseOrders(
  tx: Database,
  input: DemoPurchasingInput,
): Promise<{ orders: number; movements: number }> {
  if (input.suppliers.length === 0 || input.parts.length === 0) return { orders: 0, movements: 0 };
  const random = createRandom(input.seed ?? 15);
  const now = input.now.getTime();
  const lastByYear = new Map<number, number>();
  const actor = () => (input.actors && input.actors.length > 0 ? random.pick(input.actors) : null);
  const audits: (typeof auditLog.$inferInsert)[] = [];
  let movements = 0;
  /** What the receipts brought, per part: the balances to add. */
  const arrived = new Map<string, string[]>();

  for (let index = 0; index < ORDER_COUNT; index++) {
    const supplier = input.suppliers[index % input.suppliers.length]!;
    const own = input.parts.filter((p) => p.preferredSupplierId === supplier.id);
    const pool = own.length > 0 ? own : input.parts;
    const createdAt = new Date(now - (182 - (index * 180) / ORDER_COUNT) * DAY + random.int(8, 17) * 3_600_000);
    const year = createdAt.getUTCFullYear();
    const n = (lastByYear.get(year) ?? 0) + 1;
    lastByYear.set(year, n);
    const number = `PC-${year}-${String(n).padStart(4, '0')}`;
    const status = statusFor(index, random);
    const leadDays = random.int(5, 20);
    const expected = new Date(createdAt.getTime() + leadDays * DAY);
    const submittedAt = new Date(createdAt.getTime() + random.int(1, 6) * 3_600_000);
    const approvedAt = new Date(submittedAt.getTime() + random.int(2, 30) * 3_600_000);
    // Received a few days either side of the promise: some late.
    const receivedAt = new Date(expected.getTime() + random.int(-3, 6) * DAY);
    const reached = (s: PurchaseOrderStatus) =>
      ['submitted', 'approved', 'partially_received', 'received'].indexOf(status) >=
      ['submitted', 'approved', 'partially_received', 'received'].indexOf(s);
    const buyer = actor();
    const approver = actor();
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        number,
        supplierId: supplier.id,
        status,
        expectedDelivery: expected.toISOString().slice(0, 10),
        workOrderId:
          input.workOrderIds && input.workOrderIds.length > 0 && random.chance(0.3)
            ? random.pick(input.workOrderIds)
            : null,
        freight: random.chance(0.5) ? fromScaled(BigInt(random.int(0, 25_000)), 2) : '0',
        notes: random.chance(0.2) ? 'Entrega no almoxarifado central, das 8h às 16h.' : null,
        createdBy: buyer?.id ?? null,
        createdAt,
        submittedAt: status !== 'draft' && status !== 'cancelled' ? submittedAt : null,
        submittedBy: status !== 'draft' && status !== 'cancelled' ? (buyer?.id ?? null) : null,
        approvedAt: status !== 'draft' && status !== 'submitted' && status !== 'cancelled' ? approvedAt : null,
        approvedBy:
          status !== 'draft' && status !== 'submitted' && status !== 'cancelled' ? (approver?.id ?? null) : null,
        receivedAt: status === 'received' ? receivedAt : null,
        cancelledAt: status === 'cancelled' ? submittedAt : null,
        cancelReason: status === 'cancelled' ? 'Fornecedor sem prazo; comprado de outro.' : null,
      })
      .returning({ id: purchaseOrders.id });
    if (!order) continue;

    const lineCount = Math.min(pool.length, random.int(1, 4));
    const chosen = [...pool].sort(() => random.next() - 0.5).slice(0, lineCount);
    const lines = await tx
      .insert(purchaseOrderLines)
      .values(
        chosen.map((part, position) => {
          const drawn = quantityOf(random, part.unit);
          const partly = status === 'partially_received' && position === 0;
          // A partly received line has at least 2 ordered, so half of it leaves some to come.
          const quantity = partly && Number(drawn) < 2 ? '2.000' : drawn;
          // Partly received: the first line in part, the others not yet.
          const received =
            status === 'received'
              ? quantity
              : partly
                ? fromScaled(BigInt(Math.max(1, Math.floor(Number(quantity) / 2))) * 1000n, 3)
                : '0';
          return {
            orderId: order.id,
            position,
            partId: part.id,
            description: part.description,
            quantity,
            unit: part.unit,
            unitPrice: unitPrice(random, part.unit),
            receivedQuantity: received,
          };
        }),
      )
      .returning({
        id: purchaseOrderLines.id,
        partId: purchaseOrderLines.partId,
        received: purchaseOrderLines.receivedQuantity,
      });
    const arrivals = lines.filter((l) => l.partId && Number(l.received) > 0);
    if (arrivals.length > 0) {
      const at = status === 'received' ? receivedAt : new Date(Math.min(now - DAY, expected.getTime()));
      await tx.insert(stockMovements).values(
        arrivals.map((l) => ({
          partId: l.partId!,
          kind: 'received' as const,
          quantity: l.received,
          toLocationId: input.locationId,
          purchaseOrderLineId: l.id,
          createdBy: buyer?.id ?? null,
          createdAt: at,
        })),
      );
      movements += arrivals.length;
      for (const l of arrivals) arrived.set(l.partId!, [...(arrived.get(l.partId!) ?? []), l.received]);
    }

    const entry = (action: string, at: Date, who: { id: string; email: string } | null, details = {}) =>
      audits.push({
        action: `purchaseOrders.${action}`,
        result: 'success',
        userId: who?.id ?? null,
        actorEmail: who?.email ?? null,
        target: order.id,
        ip: ORIGIN.ip,
        userAgent: ORIGIN.userAgent,
        details: { number, ...details },
        at,
      });
    entry('create', createdAt, buyer);
    if (status === 'cancelled') entry('cancel', submittedAt, approver, { reason: 'Fornecedor sem prazo' });
    if (reached('submitted') && status !== 'draft') entry('submit', submittedAt, buyer);
    if (reached('approved') && status !== 'submitted') entry('approve', approvedAt, approver);
    if (arrivals.length > 0)
      entry('receive', status === 'received' ? receivedAt : new Date(Math.min(now - DAY, expected.getTime())), buyer, {
        to: status,
      });
  }

  // Balances = the sum of the movements just written (added to whatever stock was there).
  for (const [partId, quantities] of arrived)
    await tx
      .insert(partStock)
      .values({ partId, locationId: input.locationId, quantity: sumDecimals(quantities, 3) })
      .onConflictDoUpdate({
        target: [partStock.partId, partStock.locationId],
        set: { quantity: sql`${partStock.quantity} + excluded.quantity` },
      });
  for (const [year, last] of lastByYear)
    await tx
      .insert(purchaseOrderSequences)
      .values({ year, last })
      .onConflictDoUpdate({
        target: purchaseOrderSequences.year,
        set: { last: sql`greatest(${purchaseOrderSequences.last}, ${last})` },
      });
  if (audits.length > 0) await tx.insert(auditLog).values(audits);
  return { orders: ORDER_COUNT, movements };
}
