import { and, eq, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test/test-database';
import type { DatabaseHandle } from './client';
import {
  parts,
  partStock,
  purchaseOrderLines,
  purchaseOrders,
  stockLocations,
  stockMovements,
  supplierContacts,
  suppliers,
} from './schema/procurement';

/** Migration 0017 (ADR 024): the procurement tables and the rules PostgreSQL itself holds. */
describe.each(testDatabaseKinds())('procurement tables on %s', (kind) => {
  let handle: DatabaseHandle;
  let supplierId = '';
  let partId = '';
  let central = '';
  let field = '';

  // PostgreSQL reports a violated constraint as the error's cause (Drizzle wraps it).
  async function refusal(write: Promise<unknown>): Promise<string> {
    try {
      await write;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? String(error);
    }
    throw new Error('the write was accepted');
  }

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [supplier] = await handle.db
      .insert(suppliers)
      .values({
        legalName: 'Eletro Paulista Comércio de Materiais Elétricos Ltda',
        tradeName: 'Eletro Paulista',
        cnpj: '84429695000111',
        categories: ['electrical', 'motors_drives'],
      })
      .returning();
    supplierId = supplier!.id;
    const locations = await handle.db
      .insert(stockLocations)
      .values([{ name: 'Almoxarifado central' }, { name: 'Almoxarifado de campo' }])
      .returning();
    central = locations[0]!.id;
    field = locations[1]!.id;
    const [part] = await handle.db
      .insert(parts)
      .values({ code: 'ROL-6205', description: 'Rolamento 6205 2RS', unit: 'un', minimumStock: '4' })
      .returning();
    partId = part!.id;
  });
  afterAll(() => handle.close());

  it('keeps a supplier with its categories, contacts and folded search text', async () => {
    await handle.db.insert(supplierContacts).values([
      { supplierId, position: 0, name: 'Márcia Souza', email: 'compras@eletropaulista.com.br' },
      { supplierId, position: 1, name: 'João Lima', phone: '11987654321' },
    ]);
    const [row] = await handle.db.select().from(suppliers).where(eq(suppliers.id, supplierId));
    expect(row).toMatchObject({ categories: ['electrical', 'motors_drives'], active: true });
    expect(row?.searchText).toContain('eletro paulista comercio de materiais eletricos');
    expect(row?.searchText).toContain('84429695000111');
  });

  it('refuses a CNPJ that is not 14 digits or that another supplier has', async () => {
    expect(await refusal(handle.db.insert(suppliers).values({ legalName: 'X', cnpj: '84.429.695/0001-11' }))).toMatch(
      /suppliers_cnpj_digits/,
    );
    expect(await refusal(handle.db.insert(suppliers).values({ legalName: 'Y', cnpj: '84429695000111' }))).toMatch(
      /suppliers_cnpj_unique|duplicate key/,
    );
  });

  it('deletes the contacts with their supplier', async () => {
    const [other] = await handle.db
      .insert(suppliers)
      .values({ legalName: 'Temporária Ltda', cnpj: '33000167000101' })
      .returning();
    await handle.db.insert(supplierContacts).values({ supplierId: other!.id, position: 0, name: 'Ana' });
    await handle.db.delete(suppliers).where(eq(suppliers.id, other!.id));
    expect(await handle.db.select().from(supplierContacts).where(eq(supplierContacts.supplierId, other!.id))).toEqual(
      [],
    );
  });

  it('totals order lines exactly: lines of 0.1 and 0.2 make 0.30, and a line rounds half up to the cent', async () => {
    const [order] = await handle.db
      .insert(purchaseOrders)
      .values({ number: 'PC-2026-0001', supplierId, freight: '0.00', expectedDelivery: '2026-12-01' })
      .returning();
    await handle.db.insert(purchaseOrderLines).values([
      { orderId: order!.id, position: 0, description: 'Arruela', quantity: '1', unit: 'un', unitPrice: '0.1' },
      { orderId: order!.id, position: 1, description: 'Porca', quantity: '1', unit: 'un', unitPrice: '0.2' },
      {
        orderId: order!.id,
        position: 2,
        partId,
        description: 'Rolamento',
        quantity: '2.5',
        unit: 'un',
        unitPrice: '0.01',
      },
    ]);
    const lines = await handle.db
      .select({ lineTotal: purchaseOrderLines.lineTotal })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, order!.id))
      .orderBy(purchaseOrderLines.position);
    expect(lines.map((l) => l.lineTotal)).toEqual(['0.10', '0.20', '0.03']);
    const [sum] = await handle.db
      .select({
        total: sql<string>`sum(${purchaseOrderLines.lineTotal}) filter (where ${purchaseOrderLines.position} < 2)`,
      })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, order!.id));
    expect(sum?.total).toBe('0.30');
    expect(order?.expectedDelivery).toBe('2026-12-01');
    expect(order?.status).toBe('draft');
  });

  it('refuses a line received beyond its quantity, and a cancelled order without a reason', async () => {
    const [line] = await handle.db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.position, 2));
    expect(
      await refusal(
        handle.db
          .update(purchaseOrderLines)
          .set({ receivedQuantity: '2.501' })
          .where(eq(purchaseOrderLines.id, line!.id)),
      ),
    ).toMatch(/purchase_order_lines_received_range/);
    expect(
      await refusal(
        handle.db.update(purchaseOrders).set({ status: 'cancelled' }).where(eq(purchaseOrders.number, 'PC-2026-0001')),
      ),
    ).toMatch(/purchase_orders_cancel_reason/);
  });

  it('holds each movement kind to its locations, and an adjustment to its reason', async () => {
    const move = (values: Partial<typeof stockMovements.$inferInsert>) =>
      refusal(handle.db.insert(stockMovements).values({ partId, kind: 'received', quantity: '1', ...values }));
    expect(await move({ kind: 'received' })).toMatch(/stock_movements_locations/);
    expect(await move({ kind: 'consumed', toLocationId: central })).toMatch(/stock_movements_locations/);
    expect(await move({ kind: 'adjusted', toLocationId: central })).toMatch(/stock_movements_locations/);
    expect(await move({ kind: 'transferred', fromLocationId: central, toLocationId: central })).toMatch(
      /stock_movements_locations/,
    );
    expect(await move({ kind: 'received', toLocationId: central, quantity: '0' })).toMatch(
      /stock_movements_quantity_positive/,
    );
    expect(await refusal(handle.db.insert(partStock).values({ partId, locationId: central, quantity: '-1' }))).toMatch(
      /part_stock_not_negative/,
    );
  });

  it('gives the stock of any day as the sum of the movements up to it, per location', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 10, d, 12));
    await handle.db.insert(stockMovements).values([
      { partId, kind: 'received', quantity: '10', toLocationId: central, createdAt: day(1) },
      { partId, kind: 'transferred', quantity: '3', fromLocationId: central, toLocationId: field, createdAt: day(2) },
      { partId, kind: 'consumed', quantity: '2', fromLocationId: field, createdAt: day(3) },
      { partId, kind: 'adjusted', quantity: '0.5', fromLocationId: central, reason: 'Contagem', createdAt: day(4) },
    ]);
    const stockOn = async (date: Date) => {
      const rows = await handle.db
        .select({
          location: stockLocations.name,
          quantity: sql<string>`sum(case when ${stockMovements.toLocationId} = ${stockLocations.id} then ${stockMovements.quantity} else -${stockMovements.quantity} end)`,
        })
        .from(stockMovements)
        .innerJoin(
          stockLocations,
          sql`${stockLocations.id} in (${stockMovements.fromLocationId}, ${stockMovements.toLocationId})`,
        )
        .where(and(eq(stockMovements.partId, partId), lte(stockMovements.createdAt, date)))
        .groupBy(stockLocations.name)
        .orderBy(stockLocations.name);
      return Object.fromEntries(rows.map((r) => [r.location, r.quantity]));
    };
    expect(await stockOn(day(1))).toEqual({ 'Almoxarifado central': '10.000' });
    expect(await stockOn(day(3))).toEqual({ 'Almoxarifado central': '7.000', 'Almoxarifado de campo': '1.000' });
    expect(await stockOn(day(5))).toEqual({ 'Almoxarifado central': '6.500', 'Almoxarifado de campo': '1.000' });
  });
});
