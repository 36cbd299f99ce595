import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equipment, facilities, telemetry1h } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { failure } from '../../../test/call-failure';
import { percentile } from './energy-savings.service';

const at = (iso: string) => new Date(iso);

/** One hourly rollup of `metric` at `mean`. */
const hour = (equipmentId: string, metric: string, bucket: string, mean: number) => ({
  equipmentId,
  metric,
  bucket: at(bucket),
  count: 60,
  sum: 60 * mean,
  min: mean,
  max: mean,
});

// São Paulo (UTC−3). Now: Tuesday 24 November 2026, 12:00 local; the window is the 7 days from
// Tuesday 17 November 12:00 local. Tariff: verde, 2.00 / 0.50 R$/kWh, 40 R$/kW, no taxes;
// Campinas contracts 200 kW.
//   Motor 1 (100 kW): Monday 23, 18:00–20:00 local (ponta), 80 kW → 160 kWh in ponta
//     → moved out of ponta: 160 × (2 − 0.5) = 240 R$.
//   Motor 2 (50 kW): Sunday 22, 10:00–13:00 local at 5 kW (10 %): idle 3 h, 15 kWh × 0.5 = 7.50 R$;
//     Monday 23, 09:00 local at 5 kW: one hour alone, not counted.
//   Light (2,000 W): Monday 23, 10:00 local at full power → 2 kWh, eco saves half: 1 kWh × 0.5 = 0.50 R$;
//     19:00 local dimmed to 1,000 W: not at full power (what dimming already saved: 1 kWh in ponta).
//   Main meter: 40 hours at 100 kW and one (Thursday 12, 10:00 local) at 300 kW: 164 intervals,
//     the 95th percentile 100 kW. Billed demand 300 × 40 + overrun (300 − 200) × 80 = 20,000;
//     shaved to 100 kW (billed at the contracted 200): 8,000 → 12,000 R$.
describe.each(testDatabaseKinds())('energy savings on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let cps: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    server.clock.advance(at('2026-11-24T15:00:00Z').getTime() - server.clock.now().getTime());
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    const db = server.database.db;
    const [a] = await db
      .insert(facilities)
      .values({ code: 'cps', name: 'Fábrica Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' })
      .returning();
    cps = a!.id;
    await db.insert(equipment).values([
      { id: 'm-main', name: 'Medidor Geral', kind: 'meter', facilityId: cps },
      { id: 'mot-1', name: 'Motor 1', kind: 'motor', facilityId: cps, rated: { powerKw: 100 } },
      { id: 'mot-2', name: 'Motor 2', kind: 'motor', facilityId: cps, rated: { powerKw: 50 } },
      { id: 'lgt-1', name: 'Refletor 1', kind: 'light', facilityId: cps, rated: { powerW: 2000 } },
    ]);
    await db.insert(telemetry1h).values([
      hour('mot-1', 'powerKw', '2026-11-23T21:00:00Z', 80),
      hour('mot-1', 'powerKw', '2026-11-23T22:00:00Z', 80),
      hour('mot-2', 'powerKw', '2026-11-22T13:00:00Z', 5),
      hour('mot-2', 'powerKw', '2026-11-22T14:00:00Z', 5),
      hour('mot-2', 'powerKw', '2026-11-22T15:00:00Z', 5),
      hour('mot-2', 'powerKw', '2026-11-23T12:00:00Z', 5),
      // Outside the window: not counted.
      hour('mot-2', 'powerKw', '2026-11-16T13:00:00Z', 5),
      hour('mot-2', 'powerKw', '2026-11-16T14:00:00Z', 5),
      hour('lgt-1', 'on', '2026-11-23T13:00:00Z', 1),
      hour('lgt-1', 'powerW', '2026-11-23T13:00:00Z', 2000),
      hour('lgt-1', 'on', '2026-11-23T22:00:00Z', 1),
      hour('lgt-1', 'powerW', '2026-11-23T22:00:00Z', 1000),
      ...Array.from({ length: 40 }, (_, i) =>
        hour('m-main', 'powerKw', new Date(at('2026-11-10T00:00:00Z').getTime() + i * 3_600_000).toISOString(), 100),
      ),
      hour('m-main', 'powerKw', '2026-11-12T13:00:00Z', 300),
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
        icmsPercent: 0,
        pisPercent: 0,
        cofinsPercent: 0,
        contractedByFacility: { [cps]: { demandKw: 200, peakDemandKw: 200 } },
      },
    });
  });
  afterAll(() => server.close());

  it('suggests each saving with its figures, largest first', async () => {
    const answer = await viewer.trpc.energy.savings.query({ facilityId: cps });
    expect(answer).toMatchObject({
      from: at('2026-11-17T15:00:00Z'),
      to: at('2026-11-24T15:00:00Z'),
      days: 7,
      period: { start: '2026-11-01', end: '2026-12-01' },
    });
    expect(answer.suggestions.map((s) => s.kind)).toEqual(['demandPeak', 'pontaShift', 'motorsIdle', 'lightsEco']);
    const of = Object.fromEntries(answer.suggestions.map((s) => [s.kind, s]));
    expect(of.demandPeak).toMatchObject({
      amount: 12_000,
      monthly: 12_000,
      figures: { peakKw: 300, p95Kw: 100, contractedKw: 200, demandRate: 40, intervals: 164 },
    });
    expect(of.pontaShift).toMatchObject({
      amount: 240,
      monthly: Math.round(((240 * 30) / 7) * 100) / 100,
      figures: { kwh: 160, peakRate: 2, offPeakRate: 0.5 },
    });
    expect(of.motorsIdle).toMatchObject({ amount: 7.5, figures: { motors: 1, hours: 3, kwh: 15 } });
    expect(of.lightsEco).toMatchObject({ amount: 0.5, figures: { fullKwh: 2, savedKwh: 1 } });
    expect(of.lightsEco!.figures.alreadySavedKwh).toBeCloseTo(1, 6);
    expect(answer.monthlyTotal).toBeCloseTo(12_000 + ((240 + 7.5 + 0.5) * 30) / 7, 1);
  });

  it('refuses a caller who is not signed in, a bad facility id and an unknown facility', async () => {
    expect(await failure(server.client().trpc.energy.savings.query({ facilityId: cps }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await failure(viewer.trpc.energy.savings.query({ facilityId: 'nope' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await failure(viewer.trpc.energy.savings.query({ facilityId: '00000000-0000-4000-8000-000000000000' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('takes the 95th percentile by nearest rank', () => {
    expect(percentile([], 0.95)).toBe(0);
    expect(percentile([5, 1, 4, 2, 3], 0.95)).toBe(5);
    expect(percentile([...Array<number>(19).fill(1), 9], 0.95)).toBe(1);
  });
});
