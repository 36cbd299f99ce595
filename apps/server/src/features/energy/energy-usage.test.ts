import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { equipment, facilities, rooms, telemetry1h, telemetry1m } from '@sentinela/db/schema/plant';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { EnergyRates } from '@sentinela/shared/settings';
import { facilitiesUsage, facilityUsage, type UsageSpan } from './energy-usage.service';

const at = (iso: string) => new Date(iso);
type Rollup = typeof telemetry1h.$inferInsert;

/** An hourly rollup of `metric` between `min` and `max`, its mean `mean`. */
const rollup = (equipmentId: string, metric: string, bucket: string, min: number, max: number, mean = max) => ({
  equipmentId,
  metric,
  bucket: at(bucket),
  count: 60,
  sum: 60 * mean,
  min,
  max,
});

/** A meter's hour: its register from `from` to `to`, its mean kW and power factor. */
const meterHour = (id: string, bucket: string, from: number, to: number, kw: number, pf: number): Rollup[] => [
  rollup(id, 'energyKwh', bucket, from, to),
  rollup(id, 'powerKw', bucket, kw, kw),
  rollup(id, 'powerFactor', bucket, pf, pf),
];

/** `count` minute rollups of powerKw at `kw` from `start`. */
const minutes = (id: string, start: string, count: number, kw: number): Rollup[] =>
  Array.from({ length: count }, (_, i) => ({
    equipmentId: id,
    metric: 'powerKw',
    bucket: new Date(at(start).getTime() + i * 60_000),
    count: 4,
    sum: 4 * kw,
    min: kw,
    max: kw,
  }));

const rates: EnergyRates = { peakRate: 2, offPeakRate: 0.5, peakStart: '18:00', peakEnd: '21:00' };

// Two facilities billed together, each over its own November in its own time zone:
// - Campinas (São Paulo, UTC−3), from 2026-11-01 03:00Z: the main meter counts, the room meter not.
//   Its register reads 1,000 → 1,010 in the hour before the month (31 Oct 23:00 local) and
//   1,010 → 1,030 in the month's first hour: 20 kWh (the rise from the hour before), fora ponta
//   (a Sunday). Friday 20 Nov 18:00 local, Consciência Negra: 50 kWh fora ponta although in the
//   ponta window. Monday 23 Nov 18:00 local: 30 kWh ponta. Minute rollups on Tuesday 24 Nov
//   11:10–11:19 local at 300 kW: intervals 11:00 and 11:15, both 300 kW.
// - Manaus (UTC−4), from 2026-11-01 04:00Z: no main meter, its two room meters add up. The hour
//   2026-11-01 03:00Z is still 31 October there: not counted (it is November in Campinas).
//   Monday 23 Nov 18:00 local (22:00Z): 40 + 10 kWh ponta. Minutes on Tuesday 24 Nov 10:00–10:14
//   local at 100 + 50 kW (interval 150 kW), 10:15–10:29 at 200 kW on one meter only (200 kW).
describe.each(testDatabaseKinds())('facility usage on %s', (kind) => {
  let handle: DatabaseHandle;
  let spans: UsageSpan[];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const db = handle.db;
    const [cps, mao] = await db
      .insert(facilities)
      .values([
        { code: 'cps', name: 'Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' },
        { code: 'mao', name: 'Manaus', city: 'Manaus', timezone: 'America/Manaus' },
      ])
      .returning();
    const [cpsRoom, maoRoom] = await db
      .insert(rooms)
      .values([
        { facilityId: cps!.id, name: 'Sala Elétrica' },
        { facilityId: mao!.id, name: 'Linha 1' },
      ])
      .returning();
    await db.insert(equipment).values([
      { id: 'm-cps', name: 'Medidor Geral', kind: 'meter', facilityId: cps!.id },
      { id: 'm-cps-room', name: 'Medidor Sala', kind: 'meter', facilityId: cps!.id, roomId: cpsRoom!.id },
      { id: 'm-mao-1', name: 'Medidor Linha 1', kind: 'meter', facilityId: mao!.id, roomId: maoRoom!.id },
      { id: 'm-mao-2', name: 'Medidor Linha 2', kind: 'meter', facilityId: mao!.id, roomId: maoRoom!.id },
    ]);
    await db
      .insert(telemetry1h)
      .values([
        rollup('m-cps', 'energyKwh', '2026-11-01T02:00:00Z', 1_000, 1_010),
        ...meterHour('m-cps', '2026-11-01T03:00:00Z', 1_010, 1_030, 20, 0.9),
        ...meterHour('m-cps', '2026-11-20T21:00:00Z', 2_000, 2_050, 50, 0.95),
        ...meterHour('m-cps', '2026-11-23T21:00:00Z', 3_000, 3_030, 30, 0.95),
        ...meterHour('m-cps-room', '2026-11-23T21:00:00Z', 0, 5_000, 5_000, 0.5),
        ...meterHour('m-mao-1', '2026-11-01T03:00:00Z', 0, 999, 999, 0.95),
        ...meterHour('m-mao-1', '2026-11-23T22:00:00Z', 500, 540, 40, 0.95),
        ...meterHour('m-mao-2', '2026-11-23T22:00:00Z', 700, 710, 10, 0.8),
      ]);
    await db
      .insert(telemetry1m)
      .values([
        ...minutes('m-cps', '2026-11-24T14:10:00Z', 10, 300),
        ...minutes('m-cps-room', '2026-11-24T14:10:00Z', 10, 9_000),
        ...minutes('m-mao-1', '2026-11-24T14:00:00Z', 15, 100),
        ...minutes('m-mao-2', '2026-11-24T14:00:00Z', 15, 50),
        ...minutes('m-mao-1', '2026-11-24T14:15:00Z', 15, 200),
      ]);
    const to = at('2026-11-24T15:00:00Z');
    spans = [
      { facilityId: cps!.id, from: at('2026-11-01T03:00:00Z'), to, tariff: rates },
      { facilityId: mao!.id, from: at('2026-11-01T04:00:00Z'), to, tariff: rates },
    ];
  });
  afterAll(() => handle.close());

  it('reads every facility over its own span in one pass, as each on its own', async () => {
    const together = await facilitiesUsage(handle.db, spans);
    for (const span of spans) {
      expect(together.get(span.facilityId)).toEqual(
        await facilityUsage(handle.db, span.facilityId, span.from, span.to, span.tariff),
      );
    }
  });

  it('counts the month from its first local hour, a holiday fora ponta, and the 15-minute intervals', async () => {
    const together = await facilitiesUsage(handle.db, spans);
    const cps = together.get(spans[0]!.facilityId)!;
    expect(cps.usage.kwh).toEqual({ ponta: 30, foraPonta: 70 });
    expect(cps.usage.peakDemandKw).toEqual({ ponta: 30, foraPonta: 300 });
    expect(cps.peak).toEqual({ kw: 300, at: at('2026-11-24T14:00:00Z'), post: 'foraPonta' });
    expect(cps.demands).toEqual({ ponta: [30, 30, 30, 30], foraPonta: [300, 300, 20, 20, 20, 20, 50, 50, 50, 50] });
    expect(cps.estimatedDemandHours).toBe(3);
    expect(cps.hoursWithData).toBe(3);
    expect(cps.usage.reactiveExcessKvarh).toBeCloseTo(20 * (0.92 / 0.9 - 1), 9);

    const mao = together.get(spans[1]!.facilityId)!;
    expect(mao.usage.kwh).toEqual({ ponta: 50, foraPonta: 0 });
    expect(mao.peak).toEqual({ kw: 200, at: at('2026-11-24T14:15:00Z'), post: 'foraPonta' });
    expect(mao.demands).toEqual({ ponta: [50, 50, 50, 50], foraPonta: [150, 200] });
    expect(mao.usage.reactiveExcessKvarh).toBeCloseTo(10 * (0.92 / 0.8 - 1), 9);
    expect(mao.powerFactor).toBeCloseTo((0.95 * 40 + 0.8 * 10) / 50, 9);
  });

  it('answers nothing for no facility', async () => {
    expect((await facilitiesUsage(handle.db, [])).size).toBe(0);
  });
});
