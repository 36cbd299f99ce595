import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, equipment, facilities, rooms, telemetry1h } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { failure } from '../../../test/call-failure';
import { getDashboardSummary } from './dashboard.service';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

/**
 * Hourly `energyKwh` rollups of a meter's cumulative register, from `from` to `to` (bucket
 * starts, both included). `rate(bucket)`: kWh in that hour. Seed style: the hour's min is the
 * register at the hour's start and its max at its end (as the demo seed writes them). Live
 * style: readings every 5 min from the hour's start, so the max is the reading at :55 and
 * max − min misses the last 5 minutes: only "this max − the previous hour's max" is exact.
 */
function registerRows(
  equipmentId: string,
  from: Date,
  to: Date,
  rate: (bucket: Date) => number,
  style: 'seed' | 'live',
  options: { skip?: string[]; resetAt?: string } = {},
) {
  const rows: (typeof telemetry1h.$inferInsert)[] = [];
  let register = 50_000;
  for (let t = from.getTime(); t <= to.getTime(); t += HOUR) {
    const bucket = new Date(t);
    if (options.resetAt === bucket.toISOString()) register = 0;
    const r = rate(bucket);
    const min = register;
    const max = style === 'seed' ? register + r : register + (r * 55) / 60;
    register += r;
    if (options.skip?.includes(bucket.toISOString())) continue;
    rows.push({ equipmentId, metric: 'energyKwh', bucket, count: 12, sum: ((min + max) / 2) * 12, min, max });
  }
  return rows;
}

describe.each(testDatabaseKinds())('dashboard API on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let viewerEn: TestClient;
  const now = at('2026-03-02T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    viewerEn = await server.enrolledClient('vic@example.com', 'viewer', 'en');
    const db = server.database.db;
    const [cps, jvl] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas' },
        { code: 'jvl', name: 'Fábrica Joinville', city: 'Joinville' },
      ])
      .returning();
    const [press, paint, pack] = await db
      .insert(rooms)
      .values([
        { facilityId: cps!.id, name: 'Prensas' },
        { facilityId: jvl!.id, name: 'Pintura' },
        { facilityId: jvl!.id, name: 'Embalagem' },
      ])
      .returning();
    const base = { facilityId: cps!.id };
    await db.insert(equipment).values([
      { ...base, id: 'mtr-b', name: 'Motor B', kind: 'motor', status: 'online', lastSeenAt: ago(10_000) },
      { ...base, id: 'mtr-a', name: 'Motor A', kind: 'motor', status: 'online', lastSeenAt: ago(5 * 60_000) },
      { ...base, id: 'mtr-c', name: 'Motor C', kind: 'motor', status: 'maintenance', lastSeenAt: null },
      { id: 'mtr-d', name: 'Motor D', kind: 'motor', status: 'error', facilityId: jvl!.id, lastSeenAt: ago(30_000) },
      { ...base, id: 'lgt-1', name: 'Luminária 1', kind: 'light', status: 'offline', lastSeenAt: ago(2 * HOUR) },
      // Campinas: a main meter and a room meter (inside the main one: never added to it).
      { ...base, id: 'emt-main', name: 'Medidor Geral', kind: 'meter', status: 'online', lastSeenAt: ago(20_000) },
      {
        ...base,
        id: 'emt-press',
        name: 'Medidor Prensas',
        kind: 'meter',
        status: 'online',
        roomId: press!.id,
        lastSeenAt: ago(20_000),
      },
      // Joinville: room meters only, so they are the facility's consumption.
      {
        id: 'emt-paint',
        name: 'Medidor Pintura',
        kind: 'meter',
        status: 'online',
        facilityId: jvl!.id,
        roomId: paint!.id,
        lastSeenAt: ago(20_000),
      },
      {
        id: 'emt-pack',
        name: 'Medidor Embalagem',
        kind: 'meter',
        status: 'online',
        facilityId: jvl!.id,
        roomId: pack!.id,
        lastSeenAt: ago(20_000),
      },
    ]);

    const alert = (
      key: string,
      values: Partial<typeof alerts.$inferInsert> & { equipmentId: string; raisedAt: Date },
    ) => ({
      source: `event:${key}`,
      severity: 'warning' as const,
      message: `Alerta ${key}`,
      ...values,
    });
    await db
      .insert(alerts)
      .values([
        alert('hot', { equipmentId: 'mtr-b', severity: 'critical', raisedAt: ago(50 * 60_000) }),
        alert('vib', { equipmentId: 'mtr-a', raisedAt: ago(40 * 60_000) }),
        alert('ack', { equipmentId: 'mtr-d', status: 'acknowledged', raisedAt: ago(30 * 60_000) }),
        alert('old', { equipmentId: 'mtr-b', severity: 'critical', status: 'cleared', raisedAt: ago(10 * 60_000) }),
        alert('info', { equipmentId: 'lgt-1', severity: 'info', raisedAt: ago(20 * 60_000) }),
      ]);

    // Campinas' main meter: 8 kWh/h in February, 10 kWh/h from March (local) on; its room
    // meter 4 kWh/h (counted inside the main one). Joinville's room meters: 3 and 2 kWh/h,
    // with a register reset (Feb 27, 15:00Z) and a missing hour (Feb 28, 10:00Z).
    const first = at('2026-01-31T21:00:00Z');
    const last = at('2026-03-02T11:00:00Z');
    const march = at('2026-03-01T03:00:00Z');
    const rows = [
      ...registerRows('emt-main', first, last, (b) => (b >= march ? 10 : 8), 'seed'),
      // A value from the future (a device clock ahead) is not counted.
      ...registerRows('emt-main', at('2026-03-02T13:00:00Z'), at('2026-03-02T13:00:00Z'), () => 1000, 'seed'),
      ...registerRows('emt-press', first, last, () => 4, 'seed'),
      ...registerRows('emt-paint', first, last, () => 3, 'live', { resetAt: '2026-02-27T15:00:00.000Z' }),
      ...registerRows('emt-pack', first, last, () => 2, 'live', { skip: ['2026-02-28T10:00:00.000Z'] }),
      // Not a meter's register: ignored.
      {
        equipmentId: 'mtr-b',
        metric: 'energyKwh',
        bucket: at('2026-03-02T10:00:00Z'),
        count: 1,
        sum: 1,
        min: 0,
        max: 999,
      },
    ];
    for (let i = 0; i < rows.length; i += 1000) await db.insert(telemetry1h).values(rows.slice(i, i + 1000));
  });
  afterAll(() => server.close());

  it('counts equipment by status, alerts, silent devices and the newest open alerts', async () => {
    const summary = await viewer.trpc.dashboard.summary.query();
    expect(summary.equipment).toEqual({ total: 9, byStatus: { online: 6, offline: 1, maintenance: 1, error: 1 } });
    expect(summary.alerts).toEqual({ active: 3, activeCritical: 1, open: 4 });
    expect(summary.recentAlerts.map((a) => [a.message, a.severity, a.status, a.equipmentName, a.facilityName])).toEqual(
      [
        ['Alerta info', 'info', 'active', 'Luminária 1', 'Fábrica Campinas'],
        ['Alerta ack', 'warning', 'acknowledged', 'Motor D', 'Fábrica Joinville'],
        ['Alerta vib', 'warning', 'active', 'Motor A', 'Fábrica Campinas'],
        ['Alerta hot', 'critical', 'active', 'Motor B', 'Fábrica Campinas'],
      ],
    );
    expect(summary.recentAlerts[0]!.raisedAt).toEqual(ago(20 * 60_000));
    // The alert's times show in its facility's zone.
    expect(summary.recentAlerts[0]!.facilityTimezone).toBe('America/Sao_Paulo');
    expect(summary.health).toMatchObject({
      database: { reachable: true, kind },
      broker: 'unavailable',
      ingest: 'receiving',
      lastDataAt: ago(10_000),
      // Motor A (5 min), Motor C (never) and the light (2 h).
      silentDevices: 3,
      silentAfterSeconds: 60,
    });
    expect(summary.health.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reports the ingest stale and every device silent when nothing came for a while', async () => {
    const later = new Date(now.getTime() + 10 * 60_000);
    const summary = await getDashboardSummary({
      db: server.database.db,
      databaseKind: kind,
      startedAt: now,
      brokerAvailable: true,
      now: later,
    });
    expect(summary.health).toMatchObject({ broker: 'available', ingest: 'stale', silentDevices: 9 });
  });

  it('lists the motors by name for the picker', async () => {
    expect(await viewer.trpc.dashboard.motors.query()).toEqual([
      {
        id: 'mtr-a',
        name: 'Motor A',
        facilityName: 'Fábrica Campinas',
        facilityTimezone: 'America/Sao_Paulo',
        status: 'online',
      },
      {
        id: 'mtr-b',
        name: 'Motor B',
        facilityName: 'Fábrica Campinas',
        facilityTimezone: 'America/Sao_Paulo',
        status: 'online',
      },
      {
        id: 'mtr-c',
        name: 'Motor C',
        facilityName: 'Fábrica Campinas',
        facilityTimezone: 'America/Sao_Paulo',
        status: 'maintenance',
      },
      {
        id: 'mtr-d',
        name: 'Motor D',
        facilityName: 'Fábrica Joinville',
        facilityTimezone: 'America/Sao_Paulo',
        status: 'error',
      },
    ]);
  });

  it('sums daily kWh by local day from the main meters, without double counting room meters', async () => {
    const energy = await viewer.trpc.dashboard.energy.query({});
    expect(energy.timezone).toBe('America/Sao_Paulo');
    expect(energy.meters).toEqual({ main: 1, sub: 2 });
    const days = energy.days.map((d) => [d.day, d.kwh === null ? null : Math.round(d.kwh * 1000) / 1000, d.partial]);
    expect(days).toEqual([
      // 24 h × (8 + 3 + 2) kWh: the room meter under the main one is not added.
      ['2026-02-24', 312, false],
      ['2026-02-25', 312, false],
      ['2026-02-26', 312, false],
      // The reset hour counts its own max − min (2.75 of 3 kWh), never a negative difference.
      ['2026-02-27', 311.75, false],
      // The missing hour is lost (2 kWh), the next one counts max − min (1.833 of 2 kWh).
      ['2026-02-28', 309.833, false],
      // 1 March, local: 03:00Z to 03:00Z, 24 h × 15 kWh.
      ['2026-03-01', 360, false],
      // Today so far: 9 h (03:00Z–12:00Z) × 15 kWh; the future value is left out.
      ['2026-03-02', 135, true],
    ]);
    expect((await viewer.trpc.dashboard.energy.query({ days: 2 })).days.map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('compares this month to date with the same days and hours of last month, priced by the tariff', async () => {
    const { month, tariff } = await viewer.trpc.dashboard.energy.query({ days: 7 });
    // No stored tariff: the default one (peak 18:00–21:00 on business days).
    expect(tariff).toEqual({ peakRate: 2.2, offPeakRate: 0.55, peakStart: '18:00', peakEnd: '21:00' });
    expect(month).toEqual({
      monthStart: at('2026-03-01T03:00:00Z'),
      monthToDateKwh: 495,
      // Sunday 1 March 00:00 to Monday 2 March 09:00 local: 33 h × 15 kWh, all off-peak.
      current: { from: at('2026-03-01T03:00:00Z'), to: now, kwh: 495, costBRL: 272.25 },
      // Sunday 1 February 00:00 to Monday 2 February 09:00 local: 33 h × 13 kWh.
      // Four weeks earlier, the same weekdays: Sunday 1 February 00:00 to Monday 2 February 09:00 local.
      previous: { from: at('2026-02-01T03:00:00Z'), to: at('2026-02-02T12:00:00Z'), kwh: 429, costBRL: 235.95 },
      shiftDays: 28,
      limitedByHistory: false,
      changePercent: 15.4,
    });

    // A stored tariff whose peak (00:00–06:00) covers six Monday hours of each window.
    await server.database.db
      .insert(settings)
      .values({ key: 'energyTariff', value: { peakRate: 3, offPeakRate: 1, peakStart: '00:00', peakEnd: '06:00' } });
    const priced = await viewer.trpc.dashboard.energy.query({ days: 7 });
    expect(priced.tariff).toMatchObject({ peakRate: 3, peakEnd: '06:00' });
    expect(priced.month?.current.costBRL).toBe(6 * 15 * 3 + (495 - 90) * 1);
    expect(priced.month?.previous.costBRL).toBe(6 * 13 * 3 + (429 - 78) * 1);
  });

  it('refuses a bad number of days with a message in the caller’s language', async () => {
    expect(await failure(viewer.trpc.dashboard.energy.query({ days: 0 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Dados inválidos: days: Escolha de 1 a 31 dias.',
    });
    expect(await failure(viewerEn.trpc.dashboard.energy.query({ days: 32 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid input: days: Choose from 1 to 31 days.',
    });
    expect(await failure(viewer.trpc.dashboard.energy.query({ days: 'x' as unknown as number }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('needs a signed-in user with 2FA done', async () => {
    expect(await failure(server.client().trpc.dashboard.summary.query())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please login (10001)',
    });
    const pending = server.client();
    await pending.trpc.auth.register.mutate({ name: 'Pedro', email: 'pedro@example.com', password: 'Turbina#Forte26' });
    expect(await failure(pending.trpc.dashboard.energy.query({}))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(pending.trpc.dashboard.motors.query())).toMatchObject({ code: 'FORBIDDEN' });
  });
});
