import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, facilities, rooms, telemetry1h } from '@sentinela/db/schema/plant';
import { rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const at = (iso: string) => new Date(iso);
type Rollup = typeof telemetry1h.$inferInsert;

/** A meter's register over one hour, from `min` to `max` kWh. */
const register = (equipmentId: string, bucket: string, min: number, max: number): Rollup => ({
  equipmentId,
  metric: 'energyKwh',
  bucket: at(bucket),
  count: 60,
  sum: 60 * min,
  min,
  max,
});
/** A device's hourly mean power (kW, or W for lights). */
const power = (equipmentId: string, bucket: string, mean: number, metric = 'powerKw'): Rollup => ({
  equipmentId,
  metric,
  bucket: at(bucket),
  count: 60,
  sum: 60 * mean,
  min: mean,
  max: mean,
});

// São Paulo (UTC−3); now Tuesday 2026-11-24 12:00 local. The main meter's hours (local 09:00 = 12:00Z):
//   Tue 24 09:00 100 kWh (10 000 → 10 100); 10:00 60 kWh (the next hour: 10 160 less the last reading)
//   Mon 23 09:00  80 kWh · Mon 16 09:00 120 kWh (working days: the weekday mean at 09:00 is 100)
//   Fri 20 09:00  20 kWh (Consciência Negra: a holiday) · Sun 22 09:00 40 kWh (the weekend mean: 30)
//   Tue 20 Oct 09:00 500 kWh: before the 30 days of the profile.
// Devices (hourly mean power = kWh): Tue 24 09:00 motor 40 kW, light 2 000 W, HVAC 10, server 5 →
// 57 kWh, "other" 43; 10:00 motor 50 → other 10; Mon 23 09:00 motor 30 → other 50.
// Room "Produção" (motor, light and its own meter: 45 kWh at Tue 09:00); room "TI" (HVAC, server, no meter).
describe.each(testDatabaseKinds())('energy consumption on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let viewerEn: TestClient;
  let cps: string;
  let jvl: string;
  let production: string;
  let itRoom: string;
  let elsewhere: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.clock.advance(at('2026-11-24T15:00:00Z').getTime() - server.clock.now().getTime());
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    viewerEn = await server.enrolledClient('victor@example.com', 'viewer', 'en');
    const db = server.database.db;
    const [a, b] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Fábrica Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' },
        { code: 'jvl', name: 'Fábrica Joinville', city: 'Joinville', timezone: 'America/Sao_Paulo' },
      ])
      .returning();
    cps = a!.id;
    jvl = b!.id;
    const [r1, r2, r3] = await db
      .insert(rooms)
      .values([
        { facilityId: cps, name: 'Produção' },
        { facilityId: cps, name: 'TI' },
        { facilityId: jvl, name: 'Outra' },
      ])
      .returning();
    production = r1!.id;
    itRoom = r2!.id;
    elsewhere = r3!.id;
    await db.insert(equipment).values([
      { id: 'm-main', name: 'Medidor Geral', kind: 'meter', facilityId: cps },
      { id: 'm-prod', name: 'Medidor Produção', kind: 'meter', facilityId: cps, roomId: production },
      { id: 'mtr-1', name: 'Motor 1', kind: 'motor', facilityId: cps, roomId: production },
      { id: 'lgt-1', name: 'Luz 1', kind: 'light', facilityId: cps, roomId: production },
      { id: 'hvac-1', name: 'Ar 1', kind: 'hvac', facilityId: cps, roomId: itRoom },
      { id: 'srv-1', name: 'Servidor 1', kind: 'server', facilityId: cps, roomId: itRoom },
      { id: 'mtr-jvl', name: 'Motor Joinville', kind: 'motor', facilityId: jvl },
    ]);
    await db.insert(telemetry1h).values([
      register('m-main', '2026-11-24T12:00:00Z', 10_000, 10_100),
      register('m-main', '2026-11-24T13:00:00Z', 10_100, 10_160),
      register('m-main', '2026-11-23T12:00:00Z', 5_000, 5_080),
      register('m-main', '2026-11-16T12:00:00Z', 4_000, 4_120),
      register('m-main', '2026-11-20T12:00:00Z', 4_500, 4_520),
      register('m-main', '2026-11-22T12:00:00Z', 4_600, 4_640),
      register('m-main', '2026-10-20T12:00:00Z', 1_000, 1_500),
      register('m-prod', '2026-11-24T12:00:00Z', 300, 345),
      power('mtr-1', '2026-11-24T12:00:00Z', 40),
      power('mtr-1', '2026-11-24T13:00:00Z', 50),
      power('mtr-1', '2026-11-23T12:00:00Z', 30),
      power('lgt-1', '2026-11-24T12:00:00Z', 2_000, 'powerW'),
      power('hvac-1', '2026-11-24T12:00:00Z', 10),
      power('srv-1', '2026-11-24T12:00:00Z', 5),
      // Another facility's motor, and a motor metric that is no power: neither counts.
      power('mtr-jvl', '2026-11-24T12:00:00Z', 999),
      power('mtr-1', '2026-11-24T12:00:00Z', 70, 'temperature'),
    ]);
    // The hourly rollups written by hand: derive the places' energy from them, as recomputeRollups does.
    await rebuildEnergyHours(db);
  });
  afterAll(() => server.close());

  it('splits the facility by day and by hour into motors, lighting, HVAC, IT and what the meters see beyond them', async () => {
    const answer = await viewer.trpc.energy.consumption.query({ facilityId: cps, days: 7 });
    expect(answer).toMatchObject({
      facilityName: 'Fábrica Campinas',
      roomId: null,
      today: '2026-11-24',
      day: '2026-11-24',
      metered: true,
    });
    expect(answer.byDay.map((d) => [d.day, d.kwh])).toEqual([
      ['2026-11-18', 0],
      ['2026-11-19', 0],
      ['2026-11-20', 20],
      ['2026-11-21', 0],
      ['2026-11-22', 40],
      ['2026-11-23', 80],
      ['2026-11-24', 160],
    ]);
    expect(answer.byDay[5]!.byKind).toEqual({ motors: 30, lighting: 0, hvac: 0, it: 0, other: 50 });
    expect(answer.byDay[6]!.byKind).toEqual({ motors: 90, lighting: 2, hvac: 10, it: 5, other: 53 });
    expect(answer.byHour).toEqual([
      {
        hour: 9,
        at: at('2026-11-24T12:00:00Z'),
        kwh: 100,
        byKind: { motors: 40, lighting: 2, hvac: 10, it: 5, other: 43 },
      },
      {
        hour: 10,
        at: at('2026-11-24T13:00:00Z'),
        kwh: 60,
        byKind: { motors: 50, lighting: 0, hvac: 0, it: 0, other: 10 },
      },
    ]);
  });

  it('profiles today against the mean working day and weekend day (holidays with the weekend) of the last 30 days', async () => {
    const answer = await viewer.trpc.energy.consumption.query({ facilityId: cps });
    expect(answer.byDay).toHaveLength(30);
    expect(answer.byDay[0]!.day).toBe('2026-10-26');
    expect(answer.profile).toHaveLength(24);
    expect(answer.profile[9]).toEqual({ hour: 9, today: 100, weekday: 100, weekend: 30 });
    expect(answer.profile[10]).toEqual({ hour: 10, today: 60, weekday: null, weekend: null });
    expect(answer.profile[8]).toEqual({ hour: 8, today: null, weekday: null, weekend: null });
    expect(answer.profileDays).toEqual({ weekday: 2, weekend: 2 });
  });

  it('answers the hours of an older day, outside the window', async () => {
    const answer = await viewer.trpc.energy.consumption.query({ facilityId: cps, days: 7, day: '2026-10-20' });
    expect(answer.day).toBe('2026-10-20');
    expect(answer.byHour.map((h) => [h.hour, h.kwh])).toEqual([[9, 500]]);
  });

  it('reads a room from its own meter, or from its devices when it has none', async () => {
    const room = await viewer.trpc.energy.consumption.query({ facilityId: cps, roomId: production, days: 2 });
    expect(room).toMatchObject({ roomName: 'Produção', metered: true });
    expect(room.byHour).toEqual([
      {
        hour: 9,
        at: at('2026-11-24T12:00:00Z'),
        kwh: 45,
        byKind: { motors: 40, lighting: 2, hvac: 0, it: 0, other: 3 },
      },
      // The room meter has no reading at 10:00: the motor's own figure is the total.
      {
        hour: 10,
        at: at('2026-11-24T13:00:00Z'),
        kwh: 50,
        byKind: { motors: 50, lighting: 0, hvac: 0, it: 0, other: 0 },
      },
    ]);
    expect(room.byDay.map((d) => d.kwh)).toEqual([30, 95]);
    const unmetered = await viewer.trpc.energy.consumption.query({ facilityId: cps, roomId: itRoom, days: 1 });
    expect(unmetered).toMatchObject({ metered: false, byDay: [{ day: '2026-11-24', kwh: 15 }] });
  });

  it('refuses bad input with a clear message, never a 500', async () => {
    expect(await failure(viewer.trpc.energy.consumption.query({ facilityId: cps, days: 0 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('1 a 90 dias'),
    });
    expect(await failure(viewerEn.trpc.energy.consumption.query({ facilityId: cps, day: '2026-02-30' }))).toMatchObject(
      { code: 'BAD_REQUEST', message: expect.stringContaining('Invalid date') },
    );
    expect(await failure(viewer.trpc.energy.consumption.query({ facilityId: crypto.randomUUID() }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Instalação não encontrada.',
    });
    expect(await failure(viewer.trpc.energy.consumption.query({ facilityId: cps, roomId: elsewhere }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Sala não encontrada.',
    });
  });
});
