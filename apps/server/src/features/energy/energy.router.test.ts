import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, facilities, rooms, telemetry1h, telemetry1m } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { failure } from '../../../test/call-failure';

const at = (iso: string) => new Date(iso);
type Rollup = typeof telemetry1h.$inferInsert;

/** One isolated hour of a meter: its register rising by `kwh`, its mean kW and power factor. */
function meterHour(equipmentId: string, bucket: string, kwh: number, kw: number, pf: number): Rollup[] {
  const b = at(bucket);
  const register = 10_000;
  return [
    { equipmentId, metric: 'energyKwh', bucket: b, count: 60, sum: 60 * register, min: register, max: register + kwh },
    { equipmentId, metric: 'powerKw', bucket: b, count: 60, sum: 60 * kw, min: kw, max: kw },
    { equipmentId, metric: 'powerFactor', bucket: b, count: 60, sum: 60 * pf, min: pf, max: pf },
  ];
}

/** Minute rollups of powerKw from `start`, one per value. */
function minutes(equipmentId: string, start: string, values: number[]): Rollup[] {
  return values.map((kw, i) => ({
    equipmentId,
    metric: 'powerKw',
    bucket: new Date(at(start).getTime() + i * 60_000),
    count: 4,
    sum: 4 * kw,
    min: kw,
    max: kw,
  }));
}

// The bill of a facility, hand-computed. São Paulo time (UTC−3). Now: Tuesday 2026-11-24 12:00
// local; the billing month is November (from 2026-11-01 03:00Z), 564 of its 720 hours gone.
// The main meter's hours:
//   Mon 23 Nov 18:00 local (ponta)      100 kWh, 100 kW, PF 0.80 → UFER 100 × (0.92/0.8 − 1) = 15 kvarh
//   Mon 23 Nov 10:00 local (fora ponta)  50 kWh,  50 kW, PF 0.95
//   Fri 20 Nov 19:00 local (Consciência Negra: fora ponta) 80 kWh, 80 kW, PF 0.95
//   Sat 31 Oct 23:00 local: last month, not counted.
// Minute rollups on Tue 24 Nov 11:00–11:29 local: 15 minutes at 600 kW, 15 at 200 → intervals of
// 600 and 200 kW: the month's peak is 600 kW fora ponta (> 500 × 1.05: an overrun).
// Tariff (verde, no taxes): 2.00 / 0.50 R$/kWh, 40 R$/kW, 500 kW contracted, 0.30 R$/kvarh:
//   energy ponta 100 × 2 = 200; fora ponta 130 × 0.5 = 65; demand 600 × 40 = 24,000;
//   overrun (600 − 500) × 80 = 8,000; UFER 15 × 0.3 = 4.50 → 32,269.50.
describe.each(testDatabaseKinds())('energy bill on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let cps: string;
  let jvl: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.clock.advance(at('2026-11-24T15:00:00Z').getTime() - server.clock.now().getTime());
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
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
    const [room] = await db.insert(rooms).values({ facilityId: cps, name: 'Sala Elétrica' }).returning();
    await db.insert(equipment).values([
      { id: 'm-main', name: 'Medidor Geral', kind: 'meter', facilityId: cps },
      // A room meter beside a main meter: already inside the main meter's figure, not counted.
      { id: 'm-room', name: 'Medidor Sala', kind: 'meter', facilityId: cps, roomId: room!.id },
      { id: 'm-jvl', name: 'Medidor Joinville', kind: 'meter', facilityId: jvl },
    ]);
    await db
      .insert(telemetry1h)
      .values([
        ...meterHour('m-main', '2026-11-23T21:00:00Z', 100, 100, 0.8),
        ...meterHour('m-main', '2026-11-23T13:00:00Z', 50, 50, 0.95),
        ...meterHour('m-main', '2026-11-20T22:00:00Z', 80, 80, 0.95),
        ...meterHour('m-main', '2026-11-01T02:00:00Z', 1_000, 1_000, 0.95),
        ...meterHour('m-room', '2026-11-23T13:00:00Z', 5_000, 5_000, 0.5),
        ...meterHour('m-jvl', '2026-11-23T13:00:00Z', 10, 10, 0.95),
      ]);
    await db
      .insert(telemetry1m)
      .values([
        ...minutes('m-main', '2026-11-24T14:00:00Z', [...Array(15).fill(600), ...Array(15).fill(200)] as number[]),
        ...minutes('m-room', '2026-11-24T14:00:00Z', Array(30).fill(9_000) as number[]),
      ]);
    // The hourly rollups written by hand: derive the places' energy from them, as recomputeRollups does.
    await rebuildEnergyHours(db);
    await db.insert(settings).values({
      key: 'energyTariff',
      value: {
        peakRate: 2,
        offPeakRate: 0.5,
        peakStart: '18:00',
        peakEnd: '21:00',
        demandRate: 40,
        contractedDemandKw: 500,
        reactiveRate: 0.3,
        flag: 'verde',
        icmsPercent: 0,
        pisPercent: 0,
        cofinsPercent: 0,
        contractedByFacility: { [jvl]: { demandKw: 40, peakDemandKw: 30 } },
      },
    });
  });
  afterAll(() => server.close());

  it('bills the month so far from the main meter: energy by post, demand and overrun, reactive excess', async () => {
    const answer = await viewer.trpc.energy.bill.query({ facilityId: cps });
    expect(answer).toMatchObject({ modality: 'verde', flag: 'verde' });
    const [bill] = answer.facilities;
    expect(bill).toMatchObject({
      facilityName: 'Fábrica Campinas',
      period: { start: '2026-11-01', end: '2026-12-01' },
      kwh: { ponta: 100, foraPonta: 130 },
      peak: { kw: 600, at: at('2026-11-24T14:00:00Z'), post: 'foraPonta' },
      contracted: { ponta: null, foraPonta: 500 },
      demandStatus: 'over',
      estimatedDemandHours: 3,
      hoursWithData: 3,
    });
    expect(bill!.elapsed).toBeCloseTo(564 / 720, 9);
    expect(bill!.reactiveExcessKvarh).toBeCloseTo(15, 9);
    expect(bill!.powerFactor).toBeCloseTo((0.8 * 100 + 0.95 * 130) / 230, 9);
    expect(Object.fromEntries(bill!.monthToDate.lines.map((l) => [l.kind, l.amount]))).toEqual({
      energyPonta: 200,
      energyForaPonta: 65,
      demand: 24_000,
      overrun: 8_000,
      reactiveEnergy: 4.5,
    });
    expect(bill!.monthToDate.total).toBe(32_269.5);
    // The projection: energy at this pace for the whole month, the same peak.
    const projected = Object.fromEntries(bill!.projected.lines.map((l) => [l.kind, l.amount]));
    expect(projected.energyPonta).toBe(Math.round(((100 * 720) / 564) * 2 * 100) / 100);
    expect(projected.demand).toBe(24_000);
    expect(answer.total.monthToDate).toBe(32_269.5);
  });

  it('bills every facility on its own and adds them up', async () => {
    const answer = await viewer.trpc.energy.bill.query({});
    expect(answer.facilities.map((f) => f.facilityName)).toEqual(['Fábrica Campinas', 'Fábrica Joinville']);
    const joinville = answer.facilities[1]!;
    expect(joinville.kwh).toEqual({ ponta: 0, foraPonta: 10 });
    // Joinville has its own contract (the tariff's entry for it); Campinas the tariff's default.
    expect(joinville.contracted).toEqual({ ponta: null, foraPonta: 40 });
    expect(Object.fromEntries(joinville.monthToDate.lines.map((l) => [l.kind, l.amount])).demand).toBe(1_600);
    expect(answer.facilities[0]!.contracted).toEqual({ ponta: null, foraPonta: 500 });
    expect(answer.total.monthToDate).toBe(
      Math.round((answer.facilities[0]!.monthToDate.total + joinville.monthToDate.total) * 100) / 100,
    );
  });

  it('refuses a caller who is not signed in and a facility id that is not one', async () => {
    expect(await failure(server.client().trpc.energy.bill.query({}))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await failure(viewer.trpc.energy.bill.query({ facilityId: 'nope' }))).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    });
  });
});
