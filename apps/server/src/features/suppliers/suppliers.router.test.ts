import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { purchaseOrderLines, purchaseOrders, suppliers } from '@sentinela/db/schema/procurement';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { eventMessage } from '@sentinela/shared/event-messages';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

describe.each(testDatabaseKinds())('suppliers API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let operator: TestClient;
  let operatorEn: TestClient;
  let admin: TestClient;
  const supplier = (extra: Record<string, unknown> = {}) => ({
    legalName: 'WEG Equipamentos Elétricos S.A.',
    tradeName: 'WEG',
    cnpj: '84.429.695/0001-11',
    categories: ['motors_drives', 'automation'] as ('motors_drives' | 'automation')[],
    paymentTerms: '28 dias',
    contacts: [
      { name: 'Márcia Souza', email: 'marcia@weg.example', phone: '(47) 3276-4000' },
      { name: 'João Lima', email: '', phone: '' },
    ],
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    operator = await server.enrolledClient('otto@example.com', 'operator');
    operatorEn = await server.enrolledClient('olga@example.com', 'operator', 'en');
    admin = await server.enrolledClient('ana@example.com', 'admin');
  });
  afterAll(() => server.close());

  it('creates a supplier stored with its CNPJ digits and ordered contacts, audited; viewers only read', async () => {
    const created = await operator.trpc.suppliers.create.mutate(supplier());
    expect(created).toMatchObject({
      legalName: 'WEG Equipamentos Elétricos S.A.',
      cnpj: '84429695000111',
      categories: ['motors_drives', 'automation'],
      active: true,
      orders: 0,
      openOrders: 0,
      mainContact: { name: 'Márcia Souza', email: 'marcia@weg.example', phone: '4732764000' },
      performance: { receivedOrders: 0, onTimeRate: null, averageLeadDays: null },
    });
    expect(created.contacts.map((c) => [c.name, c.email, c.phone])).toEqual([
      ['Márcia Souza', 'marcia@weg.example', '4732764000'],
      ['João Lima', null, null],
    ]);
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.target, created.id));
    expect(entry).toMatchObject({ action: 'suppliers.create', result: 'success', actorEmail: 'otto@example.com' });
    expect(await failure(viewer.trpc.suppliers.create.mutate(supplier({ cnpj: '33000167000101' })))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await viewer.trpc.suppliers.get.query({ id: created.id })).legalName).toBe(created.legalName);
    // On the events timeline, under purchasing.
    const events = await viewer.trpc.events.list.query({ filters: { kinds: ['procurement'] } });
    expect(events.items.map((e) => [e.result, eventMessage('pt', e)])).toEqual([
      ['denied', 'Fornecedor  cadastrado'], // the viewer's attempt
      ['success', 'Fornecedor WEG Equipamentos Elétricos S.A. cadastrado'],
    ]);
  });

  it('refuses a CNPJ with wrong check digits in pt and en, and writes nothing', async () => {
    const before = (await server.database.db.select().from(suppliers)).length;
    expect(
      await failure(operator.trpc.suppliers.create.mutate(supplier({ cnpj: '84.429.695/0001-12' }))),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('CNPJ inválido: os dígitos verificadores não conferem.'),
    });
    expect(await failure(operatorEn.trpc.suppliers.create.mutate(supplier({ cnpj: '8442969500011' })))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Enter the CNPJ with its 14 digits'),
    });
    expect((await server.database.db.select().from(suppliers)).length).toBe(before);
  });

  it('answers a duplicate CNPJ with a conflict naming it, on create and on update', async () => {
    expect(await failure(operator.trpc.suppliers.create.mutate(supplier({ legalName: 'Outra' })))).toMatchObject({
      code: 'CONFLICT',
      message: 'Já existe um fornecedor com o CNPJ 84.429.695/0001-11.',
    });
    const other = await operator.trpc.suppliers.create.mutate(
      supplier({ legalName: 'Petróleo Brasileiro S.A.', tradeName: 'Petrobras', cnpj: '33000167000101', contacts: [] }),
    );
    expect(
      await failure(operatorEn.trpc.suppliers.update.mutate({ ...supplier(), id: other.id, legalName: 'Petrobras' })),
    ).toMatchObject({ code: 'CONFLICT', message: 'A supplier with CNPJ 84.429.695/0001-11 already exists.' });
  });

  it('refuses NUL and control characters with a clear message, never a 500', async () => {
    expect(await failure(operator.trpc.suppliers.create.mutate(supplier({ legalName: 'A\u0000B' })))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await failure(viewer.trpc.suppliers.list.query({ search: 'a\u0000' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await failure(operator.trpc.suppliers.get.query({ id: '00000000-0000-4000-8000-000000000000' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: 'Fornecedor não encontrado.' });
  });

  it('edits a supplier and its contacts; only admins deactivate', async () => {
    const [weg] = (await viewer.trpc.suppliers.list.query({ search: 'weg' })).items;
    const updated = await operator.trpc.suppliers.update.mutate({
      ...supplier(),
      id: weg!.id,
      paymentTerms: '30/60 DDL',
      contacts: [{ name: 'Paulo Reis', email: 'paulo@weg.example' }],
    });
    expect(updated).toMatchObject({ paymentTerms: '30/60 DDL', contacts: [{ name: 'Paulo Reis', phone: null }] });
    expect(await failure(operator.trpc.suppliers.setActive.mutate({ id: weg!.id, active: false }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await admin.trpc.suppliers.setActive.mutate({ id: weg!.id, active: false })).active).toBe(false);
    const actions = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, weg!.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'suppliers.create',
      'suppliers.deactivate',
      'suppliers.update',
    ]);
    expect((await viewer.trpc.suppliers.options.query()).map((s) => s.legalName)).toEqual(['Petróleo Brasileiro S.A.']);
    await admin.trpc.suppliers.setActive.mutate({ id: weg!.id, active: true });
  });

  it('searches names (without accents) and the CNPJ masked or not, filters and pages', async () => {
    for (let i = 0; i < 5; i++)
      await server.database.db.insert(suppliers).values({
        legalName: `Distribuidora Elétrica ${i} Ltda`,
        cnpj: `1234567800${String(i).padStart(2, '0')}00`,
        categories: ['electrical'],
        active: i !== 4,
      });
    const names = async (input: Parameters<typeof viewer.trpc.suppliers.list.query>[0]) =>
      (await viewer.trpc.suppliers.list.query(input)).items.map((s) => s.legalName);
    expect(await names({ search: 'petroleo' })).toEqual(['Petróleo Brasileiro S.A.']);
    expect(await names({ search: '84.429.695' })).toEqual(['WEG Equipamentos Elétricos S.A.']);
    expect(await names({ search: '84429' })).toEqual(['WEG Equipamentos Elétricos S.A.']);
    expect(await names({ search: '100%' })).toEqual([]);
    expect(await names({ category: 'automation' })).toEqual([
      'Petróleo Brasileiro S.A.',
      'WEG Equipamentos Elétricos S.A.',
    ]);
    expect(await names({ active: false })).toEqual(['Distribuidora Elétrica 4 Ltda']);
    const page = await viewer.trpc.suppliers.list.query({ category: 'electrical', pageSize: 2, page: 2 });
    expect(page).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.items.map((s) => s.legalName)).toEqual([
      'Distribuidora Elétrica 2 Ltda',
      'Distribuidora Elétrica 3 Ltda',
    ]);
  });

  it('computes the on-time rate and average lead time from the received orders', async () => {
    const db = server.database.db;
    const [weg] = (await viewer.trpc.suppliers.list.query({ search: 'weg' })).items;
    const day = (d: number, h = 12) => new Date(Date.UTC(2026, 9, d, h));
    const order = (n: number, values: Partial<typeof purchaseOrders.$inferInsert>) => ({
      number: `PC-2026-00${n}`,
      supplierId: weg!.id,
      createdAt: day(1),
      ...values,
    });
    const orders = await db
      .insert(purchaseOrders)
      .values([
        // On time, 4 days approved → received.
        order(11, { status: 'received', approvedAt: day(2), receivedAt: day(6), expectedDelivery: '2026-10-06' }),
        // Late by a day, 6 days.
        order(12, { status: 'received', approvedAt: day(2), receivedAt: day(8), expectedDelivery: '2026-10-07' }),
        // No expected day: counts for the lead time (2 days), not for the on-time rate.
        order(13, { status: 'received', approvedAt: day(3), receivedAt: day(5) }),
        // Still open: counts for neither.
        order(14, { status: 'approved', approvedAt: day(3), expectedDelivery: '2026-10-04' }),
      ])
      .returning();
    await db.insert(purchaseOrderLines).values([
      { orderId: orders[0]!.id, position: 0, description: 'Arruela', quantity: '1', unit: 'un', unitPrice: '0.1' },
      { orderId: orders[0]!.id, position: 1, description: 'Porca', quantity: '1', unit: 'un', unitPrice: '0.2' },
    ]);
    const detail = await viewer.trpc.suppliers.get.query({ id: weg!.id });
    expect(detail.performance).toEqual({
      receivedOrders: 3,
      withExpectedDate: 2,
      onTime: 1,
      onTimeRate: 0.5,
      averageLeadDays: 4,
    });
    expect(detail).toMatchObject({ orders: 4, openOrders: 1 });
    expect(detail.recentOrders.find((o) => o.number === 'PC-2026-0011')?.total).toBe('0.30');
  });

  it('exports the filtered list as CSV in the caller language', async () => {
    const pt = await viewer.trpc.suppliers.exportCsv.query({ search: 'weg' });
    expect(pt).toMatchObject({ rows: 1, truncated: false });
    expect(pt.filename).toMatch(/^fornecedores-\d{4}-\d{2}-\d{2}\.csv$/);
    const [head, row] = pt.csv.replace('\uFEFF', '').split('\r\n');
    expect(head?.split(';').slice(0, 3)).toEqual(['Razão social', 'Nome fantasia', 'CNPJ']);
    expect(row).toContain('84.429.695/0001-11');
    expect(row).toContain('Motores e acionamentos, Automação');
    const en = await operatorEn.trpc.suppliers.exportCsv.query({ category: 'electrical', active: true });
    expect(en.rows).toBe(4);
    expect(en.csv).toContain('Legal name,Trade name,CNPJ');
  });
});
