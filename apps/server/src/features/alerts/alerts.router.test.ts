import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { alertRules, alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { Language } from '@sentinela/shared/language';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import type { LiveEvent } from '../../telemetry/live-bus';
import { failure } from '../../../test/call-failure';

const PASSWORD = 'Turbina#Forte26';

describe.each(testDatabaseKinds())('alerts API on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let operator: TestClient;
  let viewer: TestClient;
  let operatorId = '';
  const events: LiveEvent[] = [];
  const ids: Record<string, string> = {};

  async function enrolledUser(email: string, name: string, lang: Language = 'pt') {
    const client = server.client(lang);
    await client.trpc.auth.register.mutate({ name, email, password: PASSWORD });
    const { secret } = await client.trpc.auth.setup2FA.query();
    await client.trpc.auth.verify2FA.mutate({
      code: await generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) }),
    });
    server.clock.advance(30_000);
    return client;
  }

  async function insertAlert(key: string, values: Partial<typeof alerts.$inferInsert> & { equipmentId: string }) {
    const [row] = await server.database.db
      .insert(alerts)
      .values({
        source: `event:${key}`,
        severity: 'warning',
        message: `Alerta ${key}`,
        raisedAt: server.clock.now(),
        ...values,
      })
      .returning();
    ids[key] = row!.id;
    server.clock.advance(1_000);
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.bus.subscribe((event) => events.push(event));
    admin = await enrolledUser('ana@example.com', 'Ana Admin');
    operator = await enrolledUser('olga@example.com', 'Olga Operadora');
    viewer = await enrolledUser('vitor@example.com', 'Vitor Leitor');
    const [olga] = await server.database.db
      .update(users)
      .set({ role: 'operator' })
      .where(eq(users.email, 'olga@example.com'))
      .returning();
    operatorId = olga!.id;

    const db = server.database.db;
    const [cps, jvl] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas' },
        { code: 'jvl', name: 'Fábrica Joinville', city: 'Joinville' },
      ])
      .returning();
    await db.insert(equipment).values([
      { id: 'm1', name: 'Motor Esteira 1', kind: 'motor', status: 'online', facilityId: cps!.id },
      { id: 'e1', name: 'Medidor Geral', kind: 'meter', status: 'online', facilityId: jvl!.id },
    ]);
    await insertAlert('hot', { equipmentId: 'm1', severity: 'critical', value: 97.3, source: 'threshold:x' });
    await insertAlert('pf', { equipmentId: 'e1', severity: 'warning', value: 0.85 });
    await insertAlert('silence', { equipmentId: 'm1', severity: 'warning', source: 'silence' });
    await insertAlert('info', { equipmentId: 'e1', severity: 'info' });
    await insertAlert('old', {
      equipmentId: 'm1',
      severity: 'critical',
      status: 'cleared',
      clearedAt: server.clock.now(),
    });
    await insertAlert('many1', { equipmentId: 'e1', severity: 'info' });
    await insertAlert('many2', { equipmentId: 'e1', severity: 'critical' });
  });
  afterAll(() => server.close());

  it('lets any signed-in role list, with equipment and facility names, newest first', async () => {
    const list = await viewer.trpc.alerts.list.query({});
    expect(list.total).toBe(7);
    expect(list.items.map((i) => i.id)).toEqual(
      ['many2', 'many1', 'old', 'info', 'silence', 'pf', 'hot'].map((k) => ids[k]),
    );
    expect(list.items.at(-1)).toEqual({
      id: ids.hot,
      equipmentId: 'm1',
      equipmentName: 'Motor Esteira 1',
      facilityName: 'Fábrica Campinas',
      facilityTimezone: 'America/Sao_Paulo',
      severity: 'critical',
      message: 'Alerta hot',
      messageKey: null,
      messageParams: null,
      value: 97.3,
      status: 'active',
      source: 'threshold:x',
      raisedAt: new Date('2026-03-02T12:01:30Z'),
      acknowledgedAt: null,
      acknowledgedByName: null,
      acknowledgeNote: null,
      clearedAt: null,
      clearedByName: null,
      clearNote: null,
      rule: null,
      changes: [],
      workOrder: null,
    });
    expect(list.counts).toEqual({ total: 6, critical: 2, warning: 2, info: 2 });
    expect(await failure(server.client().trpc.alerts.list.query({}))).toMatchObject({
      message: 'Please login (10001)',
      code: 'UNAUTHORIZED',
    });
  });

  it('filters by status, severity and equipment, and pages', async () => {
    const open = await viewer.trpc.alerts.list.query({ status: 'open' });
    expect(open.total).toBe(6);
    expect((await viewer.trpc.alerts.list.query({ status: 'cleared' })).items.map((i) => i.id)).toEqual([ids.old]);
    const critical = await viewer.trpc.alerts.list.query({ severity: 'critical', status: 'open' });
    expect(critical.items.map((i) => i.id)).toEqual([ids.many2, ids.hot]);
    // Counts are the open alerts, whatever the status and severity filters; the equipment filter applies.
    expect(critical.counts).toEqual({ total: 6, critical: 2, warning: 2, info: 2 });
    const m1 = await viewer.trpc.alerts.list.query({ equipmentId: 'm1' });
    expect(m1.items.map((i) => i.id)).toEqual([ids.old, ids.silence, ids.hot]);
    expect(m1.counts).toEqual({ total: 2, critical: 1, warning: 1, info: 0 });
    const page2 = await viewer.trpc.alerts.list.query({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page2.items.map((i) => i.id)).toEqual([ids.info, ids.silence, ids.pf]);
    expect((await failure(viewer.trpc.alerts.list.query({ status: 'nope' as 'open' }))).code).toBe('BAD_REQUEST');
  });

  it('lists one alert alone by its id (a link to it), cleared or not, whatever the other filters', async () => {
    const one = await viewer.trpc.alerts.list.query({ id: ids.old, status: 'open', severity: 'info' });
    expect(one.items.map((i) => i.id)).toEqual([ids.old]);
    expect(one.total).toBe(1);
    const unknown = await viewer.trpc.alerts.list.query({ id: '00000000-0000-4000-8000-000000000099' });
    expect(unknown.items).toEqual([]);
    expect((await failure(viewer.trpc.alerts.list.query({ id: 'not-an-id' }))).code).toBe('BAD_REQUEST');
  });

  it('refuses acknowledging and clearing to a viewer', async () => {
    expect(await failure(viewer.trpc.alerts.acknowledge.mutate({ id: ids.hot! }))).toMatchObject({
      message: 'Você não tem permissão para esta ação.',
      code: 'FORBIDDEN',
    });
    expect((await failure(viewer.trpc.alerts.clear.mutate({ id: ids.hot!, note: 'x' }))).code).toBe('FORBIDDEN');
    expect((await failure(viewer.trpc.alerts.acknowledgeMany.mutate({ ids: [ids.hot!] }))).code).toBe('FORBIDDEN');
    const [row] = await server.database.db.select().from(alerts).where(eq(alerts.id, ids.hot!));
    expect(row?.status).toBe('active');
    const denied = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alerts.acknowledge'), eq(auditLog.result, 'denied')));
    expect(denied).toHaveLength(1);
  });

  it('lets an operator acknowledge with a note: who, when, audit, live event; again changes nothing', async () => {
    events.length = 0;
    const at = server.clock.now();
    const item = await operator.trpc.alerts.acknowledge.mutate({ id: ids.hot!, note: '  Equipe a caminho  ' });
    expect(item).toMatchObject({
      id: ids.hot,
      status: 'acknowledged',
      acknowledgedAt: at,
      acknowledgedByName: 'Olga Operadora',
      acknowledgeNote: 'Equipe a caminho',
    });
    const [row] = await server.database.db.select().from(alerts).where(eq(alerts.id, ids.hot!));
    expect(row).toMatchObject({ acknowledgedBy: operatorId, acknowledgedAt: at });
    expect(events).toEqual([
      {
        type: 'alert',
        alertId: ids.hot,
        equipmentId: 'm1',
        severity: 'critical',
        status: 'acknowledged',
        message: 'Alerta hot',
        messageKey: null,
        messageParams: null,
      },
    ]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alerts.acknowledge'), eq(auditLog.result, 'success')));
    expect(audit).toMatchObject([
      { userId: operatorId, actorEmail: 'olga@example.com', target: ids.hot, details: { note: 'Equipe a caminho' } },
    ]);

    server.clock.advance(60_000);
    const again = await admin.trpc.alerts.acknowledge.mutate({ id: ids.hot! });
    expect(again).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: at,
      acknowledgedByName: 'Olga Operadora',
      acknowledgeNote: 'Equipe a caminho',
    });
    // Without a note, the note stays empty.
    expect(await operator.trpc.alerts.acknowledge.mutate({ id: ids.pf!, note: '' })).toMatchObject({
      status: 'acknowledged',
      acknowledgeNote: null,
    });
  });

  it('acknowledges many at once, skipping those not active', async () => {
    events.length = 0;
    const result = await operator.trpc.alerts.acknowledgeMany.mutate({
      ids: [ids.many1!, ids.many2!, ids.old!, ids.hot!],
      note: 'Turno da noite',
    });
    expect(result).toEqual({ acknowledged: 2 });
    const rows = await server.database.db.select().from(alerts).where(eq(alerts.acknowledgeNote, 'Turno da noite'));
    expect(rows.map((r) => r.id).sort()).toEqual([ids.many1, ids.many2].sort());
    expect(events.map((e) => e.type === 'alert' && e.alertId).sort()).toEqual([ids.many1, ids.many2].sort());
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alerts.acknowledgeMany'), eq(auditLog.result, 'success')));
    expect(audit.map((a) => a.target).sort()).toEqual([ids.many1, ids.many2].sort());
    expect((await failure(operator.trpc.alerts.acknowledgeMany.mutate({ ids: [] }))).message).toContain(
      'Selecione de 1 a 200 alertas.',
    );
    const tooMany = Array.from({ length: 201 }, () => ids.info!);
    expect((await failure(operator.trpc.alerts.acknowledgeMany.mutate({ ids: tooMany }))).code).toBe('BAD_REQUEST');
  });

  it('clears by hand only with a note, in both languages', async () => {
    const missing = await failure(
      operator.trpc.alerts.clear.mutate({ id: ids.silence! } as { id: string; note: string }),
    );
    expect(missing.code).toBe('BAD_REQUEST');
    expect(missing.message).toContain('Escreva uma nota.');
    const operatorEn = await enrolledUserEn();
    const blank = await failure(operatorEn.trpc.alerts.clear.mutate({ id: ids.silence!, note: '   ' }));
    expect(blank).toEqual({ message: 'Invalid input: note: Write a note.', code: 'BAD_REQUEST', status: 400 });
    expect(
      (await failure(operator.trpc.alerts.clear.mutate({ id: ids.silence!, note: 'x'.repeat(501) }))).message,
    ).toContain('no máximo 500');

    events.length = 0;
    const at = server.clock.now();
    const item = await operator.trpc.alerts.clear.mutate({ id: ids.silence!, note: 'Cabo de rede trocado' });
    expect(item).toMatchObject({
      status: 'cleared',
      clearedAt: at,
      clearedByName: 'Olga Operadora',
      clearNote: 'Cabo de rede trocado',
    });
    expect(events).toMatchObject([{ type: 'alert', alertId: ids.silence, status: 'cleared' }]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alerts.clear'), eq(auditLog.result, 'success')));
    expect(audit).toMatchObject([
      { result: 'success', userId: operatorId, target: ids.silence, details: { note: 'Cabo de rede trocado' } },
    ]);
    // An acknowledged alert can be cleared too.
    expect(await operator.trpc.alerts.clear.mutate({ id: ids.hot!, note: 'Resolvido' })).toMatchObject({
      status: 'cleared',
      acknowledgedByName: 'Olga Operadora',
    });
  });

  it('refuses acknowledging or clearing a cleared alert, and unknown ids', async () => {
    expect(await failure(operator.trpc.alerts.acknowledge.mutate({ id: ids.silence! }))).toMatchObject({
      message: 'Este alerta já foi encerrado.',
      code: 'BAD_REQUEST',
    });
    const en = await enrolledUserEn();
    expect(await failure(en.trpc.alerts.acknowledge.mutate({ id: ids.old! }))).toMatchObject({
      message: 'This alert has already been cleared.',
      code: 'BAD_REQUEST',
    });
    expect((await failure(operator.trpc.alerts.clear.mutate({ id: ids.old!, note: 'de novo' }))).message).toBe(
      'Este alerta já foi encerrado.',
    );
    const [old] = await server.database.db.select().from(alerts).where(eq(alerts.id, ids.old!));
    expect(old).toMatchObject({ clearedBy: null, clearNote: null, acknowledgedAt: null });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await failure(operator.trpc.alerts.acknowledge.mutate({ id: unknown }))).toMatchObject({
      message: 'Alerta não encontrado.',
      code: 'NOT_FOUND',
    });
    expect((await failure(operator.trpc.alerts.clear.mutate({ id: unknown, note: 'x' }))).code).toBe('NOT_FOUND');
    expect(await failure(operator.trpc.alerts.acknowledge.mutate({ id: 'not-a-uuid' }))).toMatchObject({
      message: 'Dados inválidos: id: Alerta inválido.',
      code: 'BAD_REQUEST',
    });
    const failures = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alerts.acknowledge'), eq(auditLog.result, 'failure')));
    expect(failures.map((f) => f.details)).toEqual(
      expect.arrayContaining([{ reason: 'alerts.alreadyCleared' }, { reason: 'alerts.notFound' }]),
    );
  });

  it('names the threshold rule that raised an alert, as it stands now', async () => {
    const db = server.database.db;
    const [rule] = await db
      .insert(alertRules)
      .values({
        name: 'Temperatura do motor alta',
        kind: 'motor',
        metric: 'temperature',
        comparison: 'above',
        threshold: 80,
        clearAt: 75,
        severity: 'warning',
      })
      .returning();
    await db.insert(equipment).values({
      id: 'm9',
      name: 'Motor 9',
      kind: 'motor',
      status: 'online',
      facilityId: (await db.select().from(facilities))[0]!.id,
    });
    await insertAlert('rule', { equipmentId: 'm9', source: `threshold:${rule!.id}`, ruleId: rule!.id, value: 81.2 });
    const list = await viewer.trpc.alerts.list.query({ equipmentId: 'm9' });
    expect(list.items.map((i) => i.rule)).toEqual([
      {
        name: 'Temperatura do motor alta',
        nameKey: null,
        metric: 'temperature',
        comparison: 'above',
        threshold: 80,
        clearAt: 75,
      },
    ]);
    const acknowledged = await operator.trpc.alerts.acknowledge.mutate({ id: ids.rule! });
    expect(acknowledged.rule).toMatchObject({ threshold: 80, clearAt: 75 });
  });

  let enOperator: TestClient | undefined;
  /** An operator whose client speaks English (made once). */
  async function enrolledUserEn(): Promise<TestClient> {
    if (enOperator) return enOperator;
    const client = await enrolledUser('otto@example.com', 'Otto Operator', 'en');
    await server.database.db.update(users).set({ role: 'operator' }).where(eq(users.email, 'otto@example.com'));
    enOperator = client;
    return client;
  }
});
