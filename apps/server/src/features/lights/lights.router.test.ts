import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { lightSchedules } from '@sentinela/db/schema/lighting';
import {
  commands,
  equipment,
  facilities,
  rooms,
  telemetry1h,
  telemetry1m,
  telemetryLatest,
} from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { startFakeLightDevices, type FakeLightDevices } from './fake-light-devices';
import { lightsSavings } from './lights-savings.service';

describe.each(testDatabaseKinds())('lights API on %s', (kind) => {
  let server: TestServer;
  let devices: FakeLightDevices;
  let operator: TestClient;
  let viewer: TestClient;
  let operatorEn: TestClient;
  const ids = { cps: '', mao: '', roomA: '', roomB: '', roomC: '' };

  beforeAll(async () => {
    devices = await startFakeLightDevices();
    server = await startTestServer(kind, { commands: devices.gateway });
    const db = server.database.db;
    const [cps, mao] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' },
        { code: 'mao', name: 'Armazém Manaus', city: 'Manaus', timezone: 'America/Manaus' },
      ])
      .returning();
    const [roomA, roomB, roomC] = await db
      .insert(rooms)
      .values([
        { facilityId: cps!.id, name: 'Galpão A' },
        { facilityId: cps!.id, name: 'Escritório' },
        { facilityId: mao!.id, name: 'Doca' },
      ])
      .returning();
    Object.assign(ids, { cps: cps!.id, mao: mao!.id, roomA: roomA!.id, roomB: roomB!.id, roomC: roomC!.id });
    const light = (
      id: string,
      name: string,
      facilityId: string,
      roomId: string,
      powerW: number,
      state: Record<string, unknown>,
      status: 'online' | 'offline' = 'online',
    ) => ({ id, name, kind: 'light' as const, status, facilityId, roomId, rated: { powerW }, state });
    await db.insert(equipment).values([
      light('l-a1', 'Luminária A1', cps!.id, roomA!.id, 100, { on: true, brightness: 100, mode: 'normal' }),
      light('l-a2', 'Luminária A2', cps!.id, roomA!.id, 100, { on: true, brightness: 50, mode: 'eco' }),
      light('l-a3', 'Luminária A3', cps!.id, roomA!.id, 50, { on: false, brightness: 100, mode: 'normal' }),
      light('l-b1', 'Luminária B1', cps!.id, roomB!.id, 36, { on: true, brightness: 100, mode: 'boost' }, 'offline'),
      light('l-c1', 'Refletor C1', mao!.id, roomC!.id, 200, { on: true, brightness: 70, mode: 'normal' }),
      {
        id: 'm-1',
        name: 'Motor A',
        kind: 'motor',
        status: 'online',
        facilityId: cps!.id,
        roomId: roomA!.id,
        rated: { powerKw: 15 },
        state: { on: true },
      },
    ]);
    const ts = new Date('2026-03-02T11:59:00Z');
    const latest = (equipmentId: string, metrics: Record<string, number>) =>
      Object.entries(metrics).map(([metric, value]) => ({ equipmentId, metric, ts, value }));
    await db.insert(telemetryLatest).values([
      ...latest('l-a1', { on: 1, brightness: 100, powerW: 99.8 }),
      ...latest('l-a2', { on: 1, brightness: 50, powerW: 54 }),
      ...latest('l-a3', { on: 0, brightness: 0, powerW: 0.4 }),
      // Silent: its last reading says on, but nobody knows any more.
      ...latest('l-b1', { on: 1, brightness: 100, powerW: 36 }),
      ...latest('l-c1', { on: 1, brightness: 70, powerW: 145 }),
      ...latest('m-1', { powerKw: 12 }),
    ]);
    for (const [id, model] of [
      ['l-a1', { on: true, brightness: 100, mode: 'normal' }],
      ['l-a2', { on: true, brightness: 50, mode: 'eco' }],
      ['l-a3', { on: false, brightness: 100, mode: 'normal' }],
    ] as const) {
      devices.models.set(id, { kind: 'light', ...model });
    }
    operator = await server.enrolledClient(`olga-${kind}@example.com`, 'operator');
    viewer = await server.enrolledClient(`vitor-${kind}@example.com`, 'viewer');
    operatorEn = await server.enrolledClient(`otto-${kind}@example.com`, 'operator', 'en');
  });

  afterAll(async () => {
    await server.close();
    await devices.close();
  });

  it('sums up the lights from their confirmed state and newest power readings, leaving silent ones out of what is on now', async () => {
    const site = await viewer.trpc.lights.summary.query({});
    expect(site).toMatchObject({ total: 5, reporting: 4, offline: 1, on: 3, eco: 1, boost: 1 });
    expect(site.averageBrightness).toBeCloseTo((100 + 50 + 70) / 3, 6);
    expect(site.powerKw).toBeCloseTo((99.8 + 54 + 0.4 + 145) / 1000, 9);

    const roomA = await viewer.trpc.lights.summary.query({ roomId: ids.roomA });
    expect(roomA).toMatchObject({ total: 3, reporting: 3, offline: 0, on: 2, averageBrightness: 75, eco: 1, boost: 0 });
    expect(roomA.powerKw).toBeCloseTo(0.1542, 9);

    const manaus = await viewer.trpc.lights.summary.query({ facilityId: ids.mao });
    expect(manaus).toMatchObject({ total: 1, on: 1, averageBrightness: 70, powerKw: 0.145 });

    const none = await viewer.trpc.lights.summary.query({ roomId: '00000000-0000-4000-8000-000000000000' });
    expect(none).toEqual({
      total: 0,
      reporting: 0,
      offline: 0,
      on: 0,
      averageBrightness: null,
      powerKw: 0,
      eco: 0,
      boost: 0,
    });
    expect(await failure(server.client().trpc.lights.summary.query({}))).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lists lights filtered and paged on the server, with state and readings', async () => {
    const all = await viewer.trpc.lights.list.query({});
    expect(all.total).toBe(5);
    expect(all.items.map((i) => i.id)).toEqual(['l-a1', 'l-a2', 'l-a3', 'l-b1', 'l-c1']);
    expect(all.items[1]).toEqual({
      id: 'l-a2',
      name: 'Luminária A2',
      status: 'online',
      location: null,
      facilityId: ids.cps,
      facilityName: 'Fábrica Campinas',
      roomId: ids.roomA,
      roomName: 'Galpão A',
      lockedBy: null,
      ratedW: 100,
      on: true,
      brightness: 50,
      mode: 'eco',
      reading: { on: true, brightness: 50, powerW: 54, ts: new Date('2026-03-02T11:59:00Z') },
    });
    expect((await viewer.trpc.lights.list.query({ search: 'refletor' })).items.map((i) => i.id)).toEqual(['l-c1']);
    expect((await viewer.trpc.lights.list.query({ state: 'off' })).items.map((i) => i.id)).toEqual(['l-a3']);
    expect((await viewer.trpc.lights.list.query({ roomId: ids.roomA, state: 'on' })).items.map((i) => i.id)).toEqual([
      'l-a1',
      'l-a2',
    ]);
    expect((await viewer.trpc.lights.list.query({ facilityId: ids.mao })).total).toBe(1);
    const page2 = await viewer.trpc.lights.list.query({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.items.map((i) => i.id)).toEqual(['l-a3', 'l-b1']);

    expect(await failure(viewer.trpc.lights.list.query({ pageSize: 1000 }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
    const badFacility = await failure(viewer.trpc.lights.list.query({ facilityId: 'x' }));
    expect(badFacility.code).toBe('BAD_REQUEST');
    expect(badFacility.message).toMatch(/^Dados inválidos: facilityId: /);
  });

  it('lists the facilities and rooms that have lights, with counts', async () => {
    expect(await viewer.trpc.lights.rooms.query()).toEqual([
      {
        id: ids.mao,
        name: 'Armazém Manaus',
        timezone: 'America/Manaus',
        rooms: [{ id: ids.roomC, name: 'Doca', lights: 1 }],
      },
      {
        id: ids.cps,
        name: 'Fábrica Campinas',
        timezone: 'America/Sao_Paulo',
        rooms: [
          { id: ids.roomB, name: 'Escritório', lights: 1 },
          { id: ids.roomA, name: 'Galpão A', lights: 3 },
        ],
      },
    ]);
  });

  it('refuses light controls and schedule changes to a viewer', async () => {
    const forbidden = { code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' };
    expect(await failure(viewer.trpc.lights.set.mutate({ id: 'l-a1', on: false }))).toMatchObject(forbidden);
    expect(await failure(viewer.trpc.lights.bulk.mutate({ action: 'allOff' }))).toMatchObject(forbidden);
    const schedule = { roomId: ids.roomA, onTime: '18:00', offTime: '06:00', days: [1, 2, 3, 4, 5] };
    expect(await failure(viewer.trpc.lights.schedules.create.mutate(schedule))).toMatchObject(forbidden);
    expect(devices.received).toEqual([]);
    expect(await server.database.db.select().from(lightSchedules)).toEqual([]);
    const denied = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lights.schedules.create'), eq(auditLog.result, 'denied')));
    expect(denied).toHaveLength(1);
  });

  it('carries out eco on a room through the devices and answers the counts', async () => {
    const result = await operator.trpc.lights.bulk.mutate({ action: 'eco', roomId: ids.roomA });
    expect(result).toEqual({ total: 3, confirmed: 3, failed: 0, timeout: 0, skipped: [] });
    const room = await viewer.trpc.lights.list.query({ roomId: ids.roomA });
    expect(room.items.map((i) => [i.id, i.on, i.brightness, i.mode])).toEqual([
      ['l-a1', true, 50, 'eco'],
      ['l-a2', true, 50, 'eco'],
      ['l-a3', true, 50, 'eco'],
    ]);
    // The figures follow the acknowledgements at once, as the table does: no reading has come yet
    // (l-a3's newest still says off at 0 %), only the consumption waits for one.
    expect(await viewer.trpc.lights.summary.query({ roomId: ids.roomA })).toMatchObject({
      on: 3,
      averageBrightness: 50,
      eco: 3,
      boost: 0,
    });
    // Only room A's lights were reached.
    expect(new Set(devices.received.map((r) => r.equipmentId))).toEqual(new Set(['l-a1', 'l-a2', 'l-a3']));
  });

  it('switches one light, and a refusal leaves its state unchanged', async () => {
    expect(await operator.trpc.lights.set.mutate({ id: 'l-a3', on: false })).toMatchObject({
      status: 'confirmed',
      state: { on: false, brightness: 50, mode: 'eco' },
    });
    devices.refusing.add('l-a1');
    expect(await operator.trpc.lights.set.mutate({ id: 'l-a1', brightness: 80 })).toMatchObject({
      status: 'failed',
      error: 'driver fault',
    });
    devices.refusing.delete('l-a1');
    const [a1] = await server.database.db.select().from(equipment).where(eq(equipment.id, 'l-a1'));
    expect(a1?.state).toEqual({ on: true, brightness: 50, mode: 'eco' });
    expect(await failure(operator.trpc.lights.set.mutate({ id: 'l-a1', brightness: 101 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('skips lights in maintenance or error when switching on, says which and why; switching off reaches them', async () => {
    const db = server.database.db;
    const statusOf = (id: string, status: 'online' | 'maintenance' | 'error') =>
      db.update(equipment).set({ status }).where(eq(equipment.id, id));
    await statusOf('l-a2', 'error');
    await statusOf('l-a3', 'maintenance');
    try {
      devices.received.length = 0;
      const pending = (await db.select().from(commands)).length;
      expect(await operator.trpc.lights.bulk.mutate({ action: 'allOn', roomId: ids.roomA })).toEqual({
        total: 3,
        confirmed: 1,
        failed: 0,
        timeout: 0,
        skipped: [
          { equipmentId: 'l-a2', name: 'Luminária A2', reason: 'error' },
          { equipmentId: 'l-a3', name: 'Luminária A3', reason: 'maintenance' },
        ],
      });
      expect(devices.received.map((r) => r.equipmentId)).toEqual(['l-a1']);
      expect(await db.select().from(commands)).toHaveLength(pending + 1);

      expect(await failure(operatorEn.trpc.lights.set.mutate({ id: 'l-a3', on: true }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Luminária A3 is under maintenance: it can only be switched off.',
      });
      // Raising the brightness of a light in error is refused; dimming it is not.
      expect(await failure(operator.trpc.lights.set.mutate({ id: 'l-a2', brightness: 90 }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Luminária A2 está com erro: só aceita o comando de desligar.',
      });
      expect(await operator.trpc.lights.set.mutate({ id: 'l-a2', brightness: 30 })).toMatchObject({
        status: 'confirmed',
      });
      devices.received.length = 0;
      expect(await operator.trpc.lights.bulk.mutate({ action: 'allOff', roomId: ids.roomA })).toEqual({
        total: 3,
        confirmed: 3,
        failed: 0,
        timeout: 0,
        skipped: [],
      });
      expect(new Set(devices.received.map((r) => r.equipmentId))).toEqual(new Set(['l-a1', 'l-a2', 'l-a3']));
    } finally {
      await statusOf('l-a2', 'online');
      await statusOf('l-a3', 'online');
    }
  });

  it('prices the energy dimming saved, per local hour, at the peak or off-peak rate', async () => {
    const db = server.database.db;
    await db.insert(settings).values({
      key: 'energyTariff',
      value: { peakRate: 2, offPeakRate: 0.5, peakStart: '18:00', peakEnd: '21:00' },
    });
    const now = new Date('2026-03-02T12:30:00Z'); // Monday, 09:30 in São Paulo
    server.clock.advance(now.getTime() - server.clock.now().getTime());
    const hour = (equipmentId: string, bucket: string, onShare: number, avgW: number, count = 720) => [
      { equipmentId, metric: 'on', bucket: new Date(bucket), count, sum: count * onShare, min: 0, max: 1 },
      { equipmentId, metric: 'powerW', bucket: new Date(bucket), count, sum: count * avgW, min: 0, max: avgW },
      // Other metrics of the same hour do not count.
      { equipmentId, metric: 'brightness', bucket: new Date(bucket), count, sum: count * 50, min: 50, max: 50 },
    ];
    // l-a2 reports every 5 s: 12 readings a minute in the last complete minutes (an hour: 720).
    await db.insert(telemetry1m).values(
      [20, 21, 22, 23, 24, 25, 26, 27, 28].map((m) => ({
        equipmentId: 'l-a2',
        metric: 'on',
        bucket: new Date(`2026-03-02T12:${m}:00Z`),
        count: m === 28 ? 5 : 12,
        sum: 12,
        min: 1,
        max: 1,
      })),
    );
    await db.insert(telemetry1h).values([
      // Thursday 18:00 in São Paulo, the plant started at 18:40: 240 readings, a third of the hour.
      ...hour('l-a2', '2026-02-26T21:00:00Z', 1, 54, 240),
      // Friday 18:00 in São Paulo: peak. 100 W rated at 54 W: 46 W saved for an hour.
      ...hour('l-a2', '2026-02-27T21:00:00Z', 1, 54),
      // Saturday 18:00: no peak at weekends.
      ...hour('l-a2', '2026-02-28T21:00:00Z', 1, 54),
      // Monday 08:00, on half the hour: 50 W expected, 27.2 W drawn.
      ...hour('l-a2', '2026-03-02T11:00:00Z', 0.5, 27.2),
      // The current hour: 30 minutes of readings so far, 46 W × 0.5 h.
      ...hour('l-a2', '2026-03-02T12:00:00Z', 1, 54, 360),
      // Outside the 30 days.
      ...hour('l-a2', '2026-01-20T21:00:00Z', 1, 54),
      // Full brightness (within 3 % of rated, or above it) and off: nothing saved.
      ...hour('l-a1', '2026-02-27T21:00:00Z', 1, 99.5),
      ...hour('l-a1', '2026-02-28T21:00:00Z', 1, 101),
      ...hour('l-a3', '2026-02-27T21:00:00Z', 0, 0.4),
      // Friday 21:00 UTC is 17:00 in Manaus: off-peak there. 200 W rated at 108 W. It sent nothing
      // in the last minutes (no rate known): a past hour with readings counts whole.
      ...hour('l-c1', '2026-02-27T21:00:00Z', 1, 108, 300),
    ]);

    // A cold cache is filled newest hours first; an answer given before it is full says how far back it covers.
    const partial = await lightsSavings(db, {}, now, { fillBudgetMs: 0, background: false });
    expect(partial).toMatchObject({
      complete: false,
      from: new Date('2026-03-02T05:00:00Z'),
      since: new Date('2026-03-02T11:00:00Z'),
    });
    expect(partial.offPeakKwh).toBeCloseTo(0.0228 + 0.023, 9);
    const third = 0.046 / 3;

    // A request fills for at most 500 ms and the fill goes on in the background; on a loaded
    // machine the first answer can still be partial, so ask again as the page does.
    let site = await viewer.trpc.lights.savings.query({});
    for (let tries = 0; !site.complete && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      site = await viewer.trpc.lights.savings.query({});
    }
    expect(site.complete).toBe(true);
    expect(site.from).toEqual(new Date('2026-01-31T12:00:00Z'));
    expect(site.to).toEqual(now);
    expect(site.since).toEqual(new Date('2026-02-26T21:00:00Z'));
    expect(site.peakKwh).toBeCloseTo(third + 0.046, 9);
    expect(site.offPeakKwh).toBeCloseTo(0.046 + 0.0228 + 0.023 + 0.092, 9);
    expect(site.savedKwh).toBeCloseTo(third + 0.046 + 0.1838, 9);
    expect(site.amount).toBeCloseTo((third + 0.046) * 2 + 0.1838 * 0.5, 9);
    expect(site.dimmedHours).toBeCloseTo(1 / 3 + 1 + 1 + 0.5 + 0.5 + 1, 9);
    expect(site.tariff).toEqual({ peakRate: 2, offPeakRate: 0.5, peakStart: '18:00', peakEnd: '21:00' });

    const roomA = await viewer.trpc.lights.savings.query({ roomId: ids.roomA });
    expect(roomA.peakKwh).toBeCloseTo(third + 0.046, 9);
    expect(roomA.offPeakKwh).toBeCloseTo(0.0918, 9);
    const roomB = await viewer.trpc.lights.savings.query({ roomId: ids.roomB });
    expect(roomB).toMatchObject({ since: null, savedKwh: 0, amount: 0, dimmedHours: 0 });
  });

  it('creates, lists, edits and deletes schedules, validated and audited', async () => {
    expect((await viewer.trpc.lights.schedules.list.query({})).total).toBe(0);
    const created = await operator.trpc.lights.schedules.create.mutate({
      roomId: ids.roomA,
      onTime: '18:00',
      offTime: '06:00',
      days: [5, 1, 2, 3, 4, 1],
      brightness: 80,
    });
    expect(created).toMatchObject({
      roomId: ids.roomA,
      roomName: 'Galpão A',
      facilityId: ids.cps,
      facilityName: 'Fábrica Campinas',
      timezone: 'America/Sao_Paulo',
      lights: 3,
      onTime: '18:00',
      offTime: '06:00',
      days: [1, 2, 3, 4, 5],
      brightness: 80,
      enabled: true,
      lastOnAt: null,
      lastOffAt: null,
      updatedAt: server.clock.now(),
    });
    expect((await viewer.trpc.lights.schedules.list.query({ roomId: ids.roomA })).items.map((s) => s.id)).toEqual([
      created.id,
    ]);
    expect((await viewer.trpc.lights.schedules.list.query({ facilityId: ids.mao })).total).toBe(0);

    server.clock.advance(60_000);
    const updated = await operator.trpc.lights.schedules.update.mutate({
      id: created.id,
      roomId: ids.roomA,
      onTime: '17:30',
      offTime: '22:00',
      days: [6],
      brightness: 60,
      enabled: false,
    });
    expect(updated).toMatchObject({
      onTime: '17:30',
      offTime: '22:00',
      days: [6],
      brightness: 60,
      enabled: false,
      updatedAt: server.clock.now(),
    });

    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.target, created.id));
    expect(audit.map((a) => [a.action, a.result, a.actorEmail])).toEqual([
      ['lights.schedules.create', 'success', `olga-${kind}@example.com`],
      ['lights.schedules.update', 'success', `olga-${kind}@example.com`],
    ]);
    expect(audit[1]?.details).toMatchObject({
      before: { onTime: '18:00', enabled: true },
      after: { onTime: '17:30', enabled: false },
    });

    expect(await operator.trpc.lights.schedules.delete.mutate({ id: created.id })).toEqual({ id: created.id });
    expect(await failure(operator.trpc.lights.schedules.delete.mutate({ id: created.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Agendamento não encontrado.',
    });
    expect((await viewer.trpc.lights.schedules.list.query({})).total).toBe(0);
  });

  it('explains bad schedules in the caller’s language', async () => {
    const valid = { roomId: ids.roomA, onTime: '18:00', offTime: '06:00', days: [1] };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { onTime: '24:00' },
        'onTime: Use o formato HH:MM (00:00 a 23:59).',
        'onTime: Use the HH:MM format (00:00 to 23:59).',
      ],
      [{ offTime: '6:00' }, 'offTime: Use o formato HH:MM', 'offTime: Use the HH:MM format'],
      [{ days: [] }, 'days: Escolha pelo menos um dia da semana.', 'days: Choose at least one day of the week.'],
      [
        { offTime: '18:00' },
        'offTime: O horário de desligar deve ser diferente do horário de ligar.',
        'offTime: The off time must differ from the on time.',
      ],
    ];
    for (const [change, pt, en] of cases) {
      const input = { ...valid, ...change };
      const inPt = await failure(operator.trpc.lights.schedules.create.mutate(input));
      expect(inPt.code).toBe('BAD_REQUEST');
      expect(inPt.message).toContain(pt);
      expect((await failure(operatorEn.trpc.lights.schedules.create.mutate(input))).message).toContain(en);
    }
    expect((await failure(operatorEn.trpc.lights.schedules.list.query({ roomId: 'nope' }))).message).toMatch(
      /^Invalid input: roomId: /,
    );
    expect((await failure(operator.trpc.lights.schedules.create.mutate({ ...valid, days: [7] }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failure(operator.trpc.lights.schedules.create.mutate({ ...valid, brightness: 0 }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(
      await failure(
        operator.trpc.lights.schedules.create.mutate({ ...valid, roomId: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Sala não encontrada.',
    });
    expect(
      await failure(
        operator.trpc.lights.schedules.update.mutate({ ...valid, id: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Agendamento não encontrado.',
    });
    expect(await server.database.db.select().from(lightSchedules)).toEqual([]);
  });
});
