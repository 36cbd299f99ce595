import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parts,
  partStock,
  purchaseOrders,
  stockLocations,
  stockMovements,
  suppliers,
} from '@sentinela/db/schema/procurement';
import { eventMessage } from '@sentinela/shared/event-messages';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { PurchaseOrderInput } from '@sentinela/shared/procurement';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

describe.each(testDatabaseKinds())('purchase orders API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let operator: TestClient;
  let operatorEn: TestClient;
  let admin: TestClient;
  let supplierId: string;
  let otherSupplierId: string;
  let cableId: string;
  let fuseId: string;
  let storeId: string;

  const order = (extra: Partial<PurchaseOrderInput> = {}): PurchaseOrderInput => ({
    supplierId,
    expectedDelivery: '2026-03-20',
    freight: '10.00',
    lines: [
      { partId: cableId, description: 'Cabo flexível 2,5 mm²', quantity: '100', unit: 'm', unitPrice: '3.1234' },
      { partId: null, description: 'Frete de guindaste', quantity: '1', unit: 'h', unitPrice: '250' },
    ],
    ...extra,
  });
  const stockOf = async (partId: string) => {
    const rows = await server.database.db
      .select({ quantity: partStock.quantity })
      .from(partStock)
      .where(eq(partStock.partId, partId));
    return rows[0]?.quantity ?? '0';
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    operatorEn = await server.enrolledClient('olga@example.com', 'operator', 'en');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    const db = server.database.db;
    const [s1, s2] = await db
      .insert(suppliers)
      .values([
        {
          legalName: 'Elétrica Paulista Ltda',
          tradeName: 'Elétrica Paulista',
          cnpj: '11222333000181',
          categories: ['electrical'],
        },
        { legalName: 'Motores do Sul SA', cnpj: '11444777000161', categories: ['motors_drives'] },
      ])
      .returning({ id: suppliers.id });
    supplierId = s1!.id;
    otherSupplierId = s2!.id;
    const [store] = await db.insert(stockLocations).values({ name: 'Almoxarifado central' }).returning();
    storeId = store!.id;
    const [cable, fuse] = await db
      .insert(parts)
      .values([
        {
          code: 'CAB-25',
          description: 'Cabo flexível 2,5 mm²',
          unit: 'm',
          minimumStock: '50',
          preferredSupplierId: supplierId,
        },
        {
          code: 'FUS-10',
          description: 'Fusível NH 10 A',
          unit: 'un',
          minimumStock: '5.5',
          preferredSupplierId: supplierId,
        },
      ])
      .returning({ id: parts.id });
    cableId = cable!.id;
    fuseId = fuse!.id;
  });
  afterAll(() => server.close());

  it('drafts a numbered order with exact totals; viewers only read', async () => {
    const created = await operator.trpc.purchaseOrders.create.mutate(order());
    expect(created).toMatchObject({
      number: 'PC-2026-0001',
      status: 'draft',
      supplier: { id: supplierId, name: 'Elétrica Paulista', cnpj: '11222333000181' },
      freight: '10.00',
      linesTotal: '562.34',
      total: '572.34',
      late: false,
    });
    expect(created.lines.map((l) => [l.lineTotal, l.receivedQuantity])).toEqual([
      ['312.34', '0.000'],
      ['250.00', '0.000'],
    ]);
    expect(created.history.map((h) => h.action)).toEqual(['purchaseOrders.create']);
    expect(await failure(viewer.trpc.purchaseOrders.create.mutate(order()))).toMatchObject({ code: 'FORBIDDEN' });
    const list = await viewer.trpc.purchaseOrders.list.query({ search: 'paulista' });
    expect(list.items.map((o) => [o.number, o.total])).toEqual([['PC-2026-0001', '572.34']]);
    expect(list.counts).toMatchObject({ total: 1, draft: 1 });
  });

  it('adds lines of 0.10 and 0.20 to 0.30 exactly', async () => {
    const created = await operator.trpc.purchaseOrders.create.mutate(
      order({
        freight: '0',
        lines: [
          { partId: null, description: 'Arruela', quantity: '1', unit: 'un', unitPrice: '0.1' },
          { partId: null, description: 'Porca', quantity: '1', unit: 'un', unitPrice: '0.2' },
        ],
      }),
    );
    expect(created.total).toBe('0.30');
    expect(created.linesTotal).toBe('0.30');
    const listed = await viewer.trpc.purchaseOrders.list.query({ search: created.number });
    expect(listed.items[0]?.total).toBe('0.30');
  });

  it('numbers orders created at the same time without gaps or repeats', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, () => operator.trpc.purchaseOrders.create.mutate(order())),
    );
    const numbers = made.map((o) => o.number).sort();
    expect(new Set(numbers).size).toBe(6);
    expect(numbers[0]).toBe('PC-2026-0003');
    expect(numbers[5]).toBe('PC-2026-0008');
  });

  it('edits only drafts, refuses illegal moves with a clear CONFLICT, and cancels with a reason', async () => {
    const draft = await operator.trpc.purchaseOrders.create.mutate(order());
    const edited = await operator.trpc.purchaseOrders.update.mutate({ ...order({ freight: '0' }), id: draft.id });
    expect(edited.total).toBe('562.34');
    expect(await failure(operator.trpc.purchaseOrders.approve.mutate({ id: draft.id }))).toMatchObject({
      code: 'CONFLICT',
      message: `O pedido ${draft.number} não está aguardando aprovação.`,
    });
    expect(
      await failure(
        operatorEn.trpc.purchaseOrders.receive.mutate({
          id: draft.id,
          locationId: storeId,
          lines: [{ lineId: draft.lines[0]!.id, quantity: '1' }],
        }),
      ),
    ).toMatchObject({
      code: 'CONFLICT',
      message: `Order ${draft.number} is not approved: only an approved order is received.`,
    });
    await operator.trpc.purchaseOrders.submit.mutate({ id: draft.id });
    expect(await failure(operator.trpc.purchaseOrders.update.mutate({ ...order(), id: draft.id }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await failure(operator.trpc.purchaseOrders.submit.mutate({ id: draft.id }))).toMatchObject({
      code: 'CONFLICT',
    });
    const back = await operator.trpc.purchaseOrders.returnToDraft.mutate({ id: draft.id });
    expect(back.status).toBe('draft');
    expect(
      await failure(operator.trpc.purchaseOrders.cancel.mutate({ id: draft.id, reason: 'Duplicado' })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await failure(admin.trpc.purchaseOrders.cancel.mutate({ id: draft.id, reason: '  ' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const cancelled = await admin.trpc.purchaseOrders.cancel.mutate({ id: draft.id, reason: 'Duplicado' });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicado' });
    expect(await failure(admin.trpc.purchaseOrders.cancel.mutate({ id: draft.id, reason: 'De novo' }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(cancelled.history.map((h) => h.action)).toEqual([
      'purchaseOrders.create',
      'purchaseOrders.update',
      'purchaseOrders.submit',
      'purchaseOrders.returnToDraft',
      'purchaseOrders.cancel',
    ]);
    const timeline = await viewer.trpc.events.list.query({ filters: { kinds: ['procurement'] } });
    const mine = timeline.items.filter((e) => (e.params as { number?: string }).number === draft.number);
    expect(mine.map((e) => e.code)).toEqual([
      'purchaseOrders.cancel',
      'purchaseOrders.returnToDraft',
      'purchaseOrders.submit',
      'purchaseOrders.update',
      'purchaseOrders.create',
    ]);
    expect(eventMessage('pt', mine[0]!)).toBe(`Pedido de compra ${draft.number} cancelado`);
    expect(mine[0]?.kind).toBe('procurement');
    expect(await failure(operator.trpc.purchaseOrders.get.query({ id: crypto.randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets an operator approve up to the limit set by an admin, and admins any order', async () => {
    expect(await viewer.trpc.purchaseOrders.approvalLimit.query()).toEqual({ operatorLimit: '5000.00' });
    expect(await failure(operator.trpc.purchaseOrders.setApprovalLimit.mutate({ operatorLimit: '1' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    await admin.trpc.purchaseOrders.setApprovalLimit.mutate({ operatorLimit: '572.33' });
    const big = await operator.trpc.purchaseOrders.create.mutate(order());
    await operator.trpc.purchaseOrders.submit.mutate({ id: big.id });
    expect(await failure(operator.trpc.purchaseOrders.approve.mutate({ id: big.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'O total do pedido ' +
        big.number +
        ' (R$ 572,34) passa do limite de aprovação dos operadores (R$ 572,33): peça a um administrador.',
    });
    expect(await failure(viewer.trpc.purchaseOrders.approve.mutate({ id: big.id }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    await admin.trpc.purchaseOrders.setApprovalLimit.mutate({ operatorLimit: '572.34' });
    const approved = await operator.trpc.purchaseOrders.approve.mutate({ id: big.id });
    expect(approved.status).toBe('approved');
    const huge = await operator.trpc.purchaseOrders.create.mutate(order({ freight: '100000' }));
    await operator.trpc.purchaseOrders.submit.mutate({ id: huge.id });
    expect((await admin.trpc.purchaseOrders.approve.mutate({ id: huge.id })).status).toBe('approved');
    await admin.trpc.purchaseOrders.setApprovalLimit.mutate({ operatorLimit: '5000.00' });
  });

  async function approvedOrder(lines: PurchaseOrderInput['lines']) {
    const created = await operator.trpc.purchaseOrders.create.mutate(order({ lines }));
    await operator.trpc.purchaseOrders.submit.mutate({ id: created.id });
    return operator.trpc.purchaseOrders.approve.mutate({ id: created.id });
  }

  it('receives in parts: stock rises by movements, over-receipt is refused, the order ends received', async () => {
    const before = await stockOf(fuseId);
    const approved = await approvedOrder([
      { partId: fuseId, description: 'Fusível NH 10 A', quantity: '10', unit: 'un', unitPrice: '12.5' },
      { partId: null, description: 'Serviço de entrega', quantity: '1', unit: 'h', unitPrice: '80' },
    ]);
    const [fuseLine, serviceLine] = approved.lines;
    const first = await operator.trpc.purchaseOrders.receive.mutate({
      id: approved.id,
      locationId: storeId,
      lines: [{ lineId: fuseLine!.id, quantity: '4' }],
    });
    expect(first.status).toBe('partially_received');
    expect(first.lines[0]?.receivedQuantity).toBe('4.000');
    expect(Number(await stockOf(fuseId)) - Number(before)).toBe(4);
    expect(
      await failure(
        operatorEn.trpc.purchaseOrders.receive.mutate({
          id: approved.id,
          locationId: storeId,
          lines: [{ lineId: fuseLine!.id, quantity: '6.001' }],
        }),
      ),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Line 1 (Fusível NH 10 A): 6 left to receive; 6.001 is more than ordered.',
    });
    expect(await stockOf(fuseId)).toBe('4.000');
    const second = await operator.trpc.purchaseOrders.receive.mutate({
      id: approved.id,
      locationId: storeId,
      lines: [
        { lineId: fuseLine!.id, quantity: '6' },
        { lineId: serviceLine!.id, quantity: '1' },
      ],
    });
    expect(second.status).toBe('received');
    const options = await viewer.trpc.purchaseOrders.options.query();
    expect(options.parts.find((p) => p.id === fuseId)).toMatchObject({ stock: '10.000', lastPrice: '12.5000' });
    expect(options.locations.map((l) => l.name)).toEqual(['Almoxarifado central']);
    expect(second.receivedAt).not.toBeNull();
    expect(await stockOf(fuseId)).toBe('10.000');
    const movements = await server.database.db
      .select({ kind: stockMovements.kind, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.purchaseOrderLineId, fuseLine!.id));
    expect(movements.map((m) => m.quantity).sort()).toEqual(['4.000', '6.000']);
    expect(await failure(admin.trpc.purchaseOrders.cancel.mutate({ id: approved.id, reason: 'x' }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(
      await failure(
        viewer.trpc.purchaseOrders.receive.mutate({
          id: approved.id,
          locationId: storeId,
          lines: [{ lineId: fuseLine!.id, quantity: '1' }],
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('never over-receives under parallel receipts', async () => {
    const approved = await approvedOrder([
      { partId: cableId, description: 'Cabo', quantity: '30', unit: 'm', unitPrice: '2' },
    ]);
    const before = await stockOf(cableId);
    const line = approved.lines[0]!;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        operator.trpc.purchaseOrders.receive.mutate({
          id: approved.id,
          locationId: storeId,
          lines: [{ lineId: line.id, quantity: '10' }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const after = await operator.trpc.purchaseOrders.get.query({ id: approved.id });
    expect(after).toMatchObject({ status: 'received', lines: [{ receivedQuantity: '30.000' }] });
    expect(Number(await stockOf(cableId)) - Number(before)).toBe(30);
  });

  it('suggests parts below minimum per preferred supplier and drafts them in one click', async () => {
    const db = server.database.db;
    // Fuses: 10 in stock, minimum 5.5 → not suggested; raise the minimum to 13.2 → 3.2 missing → 4 (whole units).
    await db.update(parts).set({ minimumStock: '13.2' }).where(eq(parts.id, fuseId));
    // Cable: minimum 50 m, 30 m in stock; open orders above also bring some, so count what is on order.
    const suggestions = await viewer.trpc.purchaseOrders.suggestions.query();
    const group = suggestions.find((g) => g.supplier.id === supplierId);
    const fuse = group?.parts.find((p) => p.partId === fuseId);
    expect(fuse).toMatchObject({ code: 'FUS-10', stock: '10.000', minimumStock: '13.200', quantity: '4.000' });
    expect(suggestions.some((g) => g.supplier.id === otherSupplierId)).toBe(false);
    expect(await failure(viewer.trpc.purchaseOrders.draftFromSuggestion.mutate({ supplierId }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const draft = await operator.trpc.purchaseOrders.draftFromSuggestion.mutate({ supplierId });
    expect(draft.status).toBe('draft');
    expect(draft.lines.find((l) => l.partId === fuseId)).toMatchObject({ quantity: '4.000', unitPrice: '12.5000' });
    // The draft now brings what was missing: no suggestion left for the fuses.
    const again = await viewer.trpc.purchaseOrders.suggestions.query();
    expect(again.flatMap((g) => g.parts).some((p) => p.partId === fuseId)).toBe(false);
    expect(
      await failure(operator.trpc.purchaseOrders.draftFromSuggestion.mutate({ supplierId: otherSupplierId })),
    ).toMatchObject({ code: 'CONFLICT' });
  });

  it('filters by status, supplier and dates; counts late orders; exports CSV in the caller language', async () => {
    const late = await approvedOrder([
      { partId: null, description: 'Luvas', quantity: '2', unit: 'par', unitPrice: '9' },
    ]);
    await server.database.db
      .update(purchaseOrders)
      .set({ expectedDelivery: '2026-03-01' })
      .where(eq(purchaseOrders.id, late.id));
    const list = await viewer.trpc.purchaseOrders.list.query({ status: 'approved' });
    expect(list.items.every((o) => o.status === 'approved')).toBe(true);
    expect(list.items.filter((o) => o.late).map((o) => o.number)).toEqual([late.number]);
    expect(list.counts.late).toBe(1);
    const none = await viewer.trpc.purchaseOrders.list.query({ supplierId: otherSupplierId });
    expect(none.total).toBe(0);
    const future = await viewer.trpc.purchaseOrders.list.query({ from: '2026-03-03' });
    expect(future.total).toBe(0);
    const today = await viewer.trpc.purchaseOrders.list.query({ from: '2026-03-02', to: '2026-03-02' });
    expect(today.total).toBe(list.counts.total);
    expect(
      await failure(viewer.trpc.purchaseOrders.list.query({ from: '2026-03-05', to: '2026-03-01' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const csv = await viewer.trpc.purchaseOrders.exportCsv.query({ search: 'PC-2026-0002' });
    expect(csv.csv).toContain('PC-2026-0002;Rascunho;Elétrica Paulista;');
    expect(csv.csv).toContain(';0,30');
  });
});
