import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../test/test-database';
import type { DatabaseHandle } from '../client';
import { auditLog } from '../schema/audit';
import { parts, partStock, purchaseOrders, stockLocations, suppliers } from '../schema/procurement';
import { seedDemoPurchaseOrders } from './demo-purchase-orders';

describe.each(testDatabaseKinds())('the demo purchase orders on %s', (kind) => {
  let handle: DatabaseHandle;
  const now = new Date('2026-03-02T12:00:00Z');

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('writes about thirty orders in every status, with stock equal to the movements and a history each', async () => {
    const db = handle.db;
    const made = await db
      .insert(suppliers)
      .values([
        { legalName: 'Elétrica Paulista Ltda', cnpj: '11222333000181', categories: ['electrical'] },
        { legalName: 'Motores do Sul SA', cnpj: '11444777000161', categories: ['motors_drives'] },
      ])
      .returning({ id: suppliers.id });
    const [store] = await db.insert(stockLocations).values({ name: 'Almoxarifado central' }).returning();
    const catalogue = await db
      .insert(parts)
      .values([
        { code: 'CAB-25', description: 'Cabo 2,5 mm²', unit: 'm', preferredSupplierId: made[0]!.id },
        { code: 'FUS-10', description: 'Fusível NH 10 A', unit: 'un', preferredSupplierId: made[0]!.id },
        { code: 'ROL-6205', description: 'Rolamento 6205', unit: 'un', preferredSupplierId: made[1]!.id },
        { code: 'GRX-1', description: 'Graxa de lítio', unit: 'kg', preferredSupplierId: made[1]!.id },
      ])
      .returning({
        id: parts.id,
        description: parts.description,
        unit: parts.unit,
        preferredSupplierId: parts.preferredSupplierId,
      });
    const result = await db.transaction((tx) =>
      seedDemoPurchaseOrders(tx, { suppliers: made, parts: catalogue, locationId: store!.id, now }),
    );
    expect(result.orders).toBe(30);
    const statuses = await db
      .select({ status: purchaseOrders.status, n: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .groupBy(purchaseOrders.status);
    const byStatus = Object.fromEntries(statuses.map((s) => [s.status, s.n]));
    expect(byStatus.received).toBeGreaterThan(8);
    expect(byStatus.partially_received).toBeGreaterThan(0);
    expect(byStatus.approved).toBeGreaterThan(0);
    const late = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .where(
        sql`${purchaseOrders.status} in ('approved', 'partially_received') and ${purchaseOrders.expectedDelivery} < '2026-03-02'`,
      );
    expect(late[0]!.n).toBeGreaterThan(0);
    const mismatch: unknown = await db.execute(sql`
      select s.part_id from part_stock s
      where s.quantity <> (select coalesce(sum(m.quantity), 0) from stock_movements m
                           where m.part_id = s.part_id and m.to_location_id = s.location_id)`);
    const rows = (mismatch as { rows?: unknown[] }).rows ?? (mismatch as unknown[]);
    expect(rows).toHaveLength(0);
    expect((await db.select().from(partStock)).length).toBeGreaterThan(0);
    const [first] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.number, 'PC-2025-0001'));
    const history = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, first!.id));
    expect(history.map((h) => h.action)[0]).toBe('purchaseOrders.create');
  });
});
