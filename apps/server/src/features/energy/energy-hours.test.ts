import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { FULL_POWER_SHARE, rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { telemetry } from '@sentinela/db/schema/plant';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { recomputeRollups } from '../../telemetry/rollups';
import { countedMeters } from '../plant/meters-sql';
import { defaultEnergyTariff } from '@sentinela/shared/settings';
import { pontaShare, type LocalTime } from '@sentinela/shared/energy-billing';
import { IDLE_MIN_HOURS, IDLE_SHARE } from '@sentinela/shared/energy';
import { facilityEnergyHours, motorFigures, motorsIdle } from './energy-savings.service';

const NOW = new Date('2026-11-24T15:10:00Z');
const HOUR_MS = 3_600_000;
const HOURS = 96;

/**
 * A small plant with four days of hourly rollups up to NOW, in SQL: Campinas has a main meter
 * and a room meter (only the main one counts for the facility); Joinville has no main meter
 * (its room meters count). A register gap (Campinas, hours 30–32), a register going back
 * (Joinville B1, hour 50), an hour of no readings (count 0), lights at full power, dimmed and
 * off, motors, HVAC and a server.
 */
async function plant(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  await db.execute(sql`insert into facilities (id, code, name, city, timezone) values
    ('00000000-0000-4000-8000-00000000000a', 'cps', 'Campinas', 'Campinas', 'America/Sao_Paulo'),
    ('00000000-0000-4000-8000-00000000000b', 'jvl', 'Joinville', 'Joinville', 'America/Manaus')`);
  await db.execute(sql`insert into rooms (id, facility_id, name) values
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'A1'),
    ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'A2'),
    ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000b', 'B1'),
    ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-00000000000b', 'B2')`);
  await db.execute(sql`insert into equipment (id, name, kind, facility_id, room_id, rated) values
    ('m-a', 'Geral', 'meter', '00000000-0000-4000-8000-00000000000a', null, '{}'),
    ('m-a1', 'A1', 'meter', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', '{}'),
    ('m-b1', 'B1', 'meter', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000b1', '{}'),
    ('m-b2', 'B2', 'meter', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000b2', '{}'),
    ('mtr-a', 'Motor', 'motor', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', '{"powerKw": 50}'),
    ('mtr-a0', 'Motor sem sala', 'motor', '00000000-0000-4000-8000-00000000000a', null, '{"powerKw": 20}'),
    ('mtr-b', 'Motor', 'motor', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000b1', '{"powerKw": 30}'),
    ('lgt-a1', 'Luz', 'light', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a1', '{"powerW": 200}'),
    ('lgt-a2', 'Luz', 'light', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a2', '{"powerW": 100}'),
    ('lgt-b2', 'Luz', 'light', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000b2', '{"powerW": 150}'),
    ('hvac-a2', 'Ar', 'hvac', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-0000000000a2', '{}'),
    ('srv-b2', 'Servidor', 'server', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-0000000000b2', '{}')`);
  const first = new Date(Math.floor(NOW.getTime() / HOUR_MS) * HOUR_MS - (HOURS - 1) * HOUR_MS).toISOString();
  await db.execute(sql`
    with hours as (select n, ${first}::timestamptz + n * interval '1 hour' as bucket from generate_series(0, ${HOURS - 1}) n),
    registers as (
      select m.id, h.n, h.bucket,
             1000 + sum(10 + abs(hashtext(m.id || h.n)) % 40) over (partition by m.id order by h.n) as reg
        from (values ('m-a'), ('m-a1'), ('m-b1'), ('m-b2')) m(id) cross join hours h
    )
    insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
    select id, 'energyKwh', bucket, 60, 60 * reg, reg - 5 - case when id = 'm-b1' and n = 50 then 900 else 0 end,
           reg - case when id = 'm-b1' and n = 50 then 900 else 0 end
      from registers where not (id = 'm-a' and n between 30 and 32)
    union all
    select e.id, 'powerKw', h.bucket, case when h.n = 40 then 0 else 60 end,
           60 * (e.rated ->> 'powerKw')::float8 * (abs(hashtext(e.id || h.n)) % 100) / 100.0, 0, 0
      from equipment e cross join hours h where e.kind = 'motor'
    union all
    select e.id, 'powerKw', h.bucket, 60, 60 * (2 + abs(hashtext(e.id || h.n)) % 5), 0, 0
      from equipment e cross join hours h where e.kind in ('hvac', 'server') and h.n % 11 <> 3
    union all
    select e.id, 'on', h.bucket, 60, 60 * case h.n % 4 when 0 then 0 when 1 then 0.5 else 1 end, 0, 1
      from equipment e cross join hours h where e.kind = 'light'
    union all
    select e.id, 'powerW', h.bucket, 60,
           60 * (e.rated ->> 'powerW')::float8 * case h.n % 4 when 0 then 0 when 1 then 0.5 when 2 then 0.99 else 0.6 end, 0, 0
      from equipment e cross join hours h where e.kind = 'light'`);
}

interface HourRow {
  bucket: string;
  metered: number | null;
  motors: number;
  lighting: number;
  hvac: number;
  it: number;
}

/**
 * What the energy page read before ADR 032: a place's hours straight from every device's hourly
 * rollups (energy-consumption.service's former placeHours query, verbatim but for its output).
 */
function legacyPlaceHours(facilityId: string, roomId: string | null, from: Date, to: Date): SQL {
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const toAt = sql`${to.toISOString()}::timestamptz`;
  const meters = roomId
    ? sql`select e.id from equipment e where e.kind = 'meter' and e.room_id = ${roomId}`
    : countedMeters(facilityId);
  return sql`
    with meters as (${meters}),
    energy as (
      select h.bucket,
             case when lag(h.bucket) over w = h.bucket - interval '1 hour' and h.max >= lag(h.max) over w
                  then h.max - lag(h.max) over w
                  else h.max - h.min end as kwh
        from meters m
        cross join lateral (
          select h.bucket, h.min, h.max from telemetry_1h h
           where h.equipment_id = m.id and h.metric = 'energyKwh'
             and h.bucket >= ${fromAt} - interval '1 hour' and h.bucket < ${toAt} offset 0) h
      window w as (partition by m.id order by h.bucket)
    ),
    metered as (select bucket, sum(greatest(kwh, 0)) as kwh from energy where bucket >= ${fromAt} group by bucket),
    devices as (
      select h.bucket, e.kind,
             sum(h.sum / nullif(h.count, 0) * case when e.kind = 'light' then 0.001 else 1 end) as kwh
        from equipment e
        cross join lateral (
          select h.bucket, h.sum, h.count from telemetry_1h h
           where h.equipment_id = e.id and h.metric = (case when e.kind = 'light' then 'powerW' else 'powerKw' end)
             and h.bucket >= ${fromAt} and h.bucket < ${toAt} offset 0) h
       where e.facility_id = ${facilityId}
         ${roomId ? sql`and e.room_id = ${roomId}` : sql``}
         and e.kind in ('light', 'motor', 'hvac', 'server')
       group by 1, 2
    ),
    buckets as (select bucket from metered union select bucket from devices)
    select b.bucket, m.kwh as metered,
           coalesce(sum(d.kwh) filter (where d.kind = 'motor'), 0) as motors,
           coalesce(sum(d.kwh) filter (where d.kind = 'light'), 0) as lighting,
           coalesce(sum(d.kwh) filter (where d.kind = 'hvac'), 0) as hvac,
           coalesce(sum(d.kwh) filter (where d.kind = 'server'), 0) as it
      from buckets b
      left join metered m on m.bucket = b.bucket
      left join devices d on d.bucket = b.bucket
     group by b.bucket, m.kwh
     order by b.bucket`;
}

/** energy-savings.service's former full-power lights query. */
function legacyFullLights(facilityId: string, from: Date, to: Date): SQL {
  return sql`
    with light_hours as (
      select b.bucket, (e.rated ->> 'powerW')::float8 as rated_w,
             max(b.sum / b.count) filter (where b.metric = 'on') as on_share,
             max(b.sum / b.count) filter (where b.metric = 'powerW') as avg_w
        from equipment e
        cross join lateral (
          select b.bucket, b.metric, b.sum, b.count from telemetry_1h b
           where b.equipment_id = e.id and b.metric in ('on', 'powerW')
             and b.bucket >= ${from.toISOString()}::timestamptz and b.bucket < ${to.toISOString()}::timestamptz
             and b.count > 0 offset 0) b
       where e.kind = 'light' and e.facility_id = ${facilityId}
       group by e.id, b.bucket
    )
    select bucket, sum(avg_w) / 1000 as kwh
      from light_hours
     where rated_w > 0 and on_share > 0 and avg_w >= rated_w * least(1, on_share) * ${FULL_POWER_SHARE}
     group by bucket
     order by bucket`;
}

/**
 * energy-savings.service's former motors figures: every motor-hour's mean kW from the rollups
 * (its query verbatim), the ponta kWh and the idle runs summed in JS (its loop verbatim).
 */
async function legacyMotorFigures(handle: DatabaseHandle, facilityId: string, from: Date, to: Date) {
  const tariff = defaultEnergyTariff;
  const rows = rowsOf<Record<string, unknown>>(
    await handle.db.execute(sql`
      select h.equipment_id, h.bucket, h.sum / nullif(h.count, 0) as kw, (e.rated ->> 'powerKw')::float8 as rated_kw,
             to_char(h.bucket at time zone f.timezone, 'YYYY-MM-DD') as day,
             extract(isodow from h.bucket at time zone f.timezone) as dow,
             (extract(hour from h.bucket at time zone f.timezone) * 60
               + extract(minute from h.bucket at time zone f.timezone)) as minute
        from equipment e
        join facilities f on f.id = e.facility_id
        cross join lateral (
          select h.equipment_id, h.bucket, h.sum, h.count from telemetry_1h h
           where h.equipment_id = e.id and h.metric = 'powerKw' and h.count > 0
             and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz offset 0) h
       where e.kind = 'motor' and e.facility_id = ${facilityId}
       order by h.equipment_id, h.bucket`),
  ).map((r) => ({
    equipment_id: String(r.equipment_id),
    bucket: new Date(r.bucket as string),
    kw: Number(r.kw),
    rated_kw: r.rated_kw === null ? null : Number(r.rated_kw),
    at: { date: String(r.day), isoDow: Number(r.dow), minute: Number(r.minute) } satisfies LocalTime,
  }));
  const rateOf = (at: LocalTime) => {
    const share = pontaShare(tariff, at);
    return tariff.peakRate * share + tariff.offPeakRate * (1 - share);
  };
  let pontaKwh = 0;
  let idleKwh = 0;
  let idleAmount = 0;
  let idleHours = 0;
  const idleMotors = new Set<string>();
  const runs: { id: string; last: number; hours: { kwh: number; rate: number }[] }[] = [];
  for (const row of rows) {
    pontaKwh += row.kw * pontaShare(tariff, row.at);
    const rated = row.rated_kw ?? 0;
    if (!(rated > 0 && row.kw > 0.01 * rated && row.kw < IDLE_SHARE * rated)) continue;
    const time = row.bucket.getTime();
    const last = runs.at(-1);
    const run =
      last && last.id === row.equipment_id && last.last === time - HOUR_MS
        ? last
        : runs[runs.push({ id: row.equipment_id, last: time, hours: [] }) - 1]!;
    run.last = time;
    run.hours.push({ kwh: row.kw, rate: rateOf(row.at) });
  }
  for (const run of runs) {
    if (run.hours.length < IDLE_MIN_HOURS) continue;
    idleMotors.add(run.id);
    idleHours += run.hours.length;
    for (const hour of run.hours) {
      idleKwh += hour.kwh;
      idleAmount += hour.kwh * hour.rate;
    }
  }
  return { pontaKwh, idleKwh, idleAmount, idleHours, idleMotors: idleMotors.size };
}

const num = (v: unknown) => (v === null ? null : Number(v));
const iso = (v: unknown) => new Date(v as string).toISOString();
const hours = (rows: Record<string, unknown>[]): HourRow[] =>
  rows.map((r) => ({
    bucket: iso(r.bucket),
    metered: num(r.metered),
    motors: Number(r.motors),
    lighting: Number(r.lighting),
    hvac: Number(r.hvac),
    it: Number(r.it),
  }));

/** Equal but for the order of float additions (the last bits). */
function expectSameHours(actual: HourRow[], expected: HourRow[]): void {
  expect(actual.map((h) => h.bucket)).toEqual(expected.map((h) => h.bucket));
  actual.forEach((h, i) => {
    const e = expected[i]!;
    expect(h.metered === null).toBe(e.metered === null);
    for (const key of ['metered', 'motors', 'lighting', 'hvac', 'it'] as const) {
      expect(h[key] ?? 0).toBeCloseTo(e[key] ?? 0, 9);
    }
  });
}

describe.each(testDatabaseKinds())('derived hourly energy (energy_1h) on %s', (kind) => {
  let handle: DatabaseHandle;
  let places: { facilityId: string; roomId: string | null }[];
  const from = new Date(NOW.getTime() - (HOURS + 24) * HOUR_MS);
  const to = new Date(NOW.getTime() + 2 * HOUR_MS);

  const derived = async (placeId: string) =>
    hours(
      rowsOf(
        await handle.db.execute(sql`
          select bucket, metered, motors, lighting, hvac, it from energy_1h
           where place_id = ${placeId} and bucket >= ${from.toISOString()}::timestamptz
             and bucket < ${to.toISOString()}::timestamptz
           order by bucket`),
      ),
    );
  const expectAllPlacesMatch = async () => {
    for (const place of places) {
      const legacy = hours(rowsOf(await handle.db.execute(legacyPlaceHours(place.facilityId, place.roomId, from, to))));
      expect(legacy.length).toBeGreaterThan(0);
      expectSameHours(await derived(place.roomId ?? place.facilityId), legacy);
    }
  };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await plant(handle);
    // Derived as the seed does, once the history is written.
    await rebuildEnergyHours(handle.db);
    const facilities = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from facilities order by code`));
    const rooms = rowsOf<{ id: string; facility_id: string }>(
      await handle.db.execute(sql`select id, facility_id from rooms order by name`),
    );
    places = [
      ...facilities.map((f) => ({ facilityId: f.id, roomId: null })),
      ...rooms.map((r) => ({ facilityId: r.facility_id, roomId: r.id })),
    ];
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('answers what the rollups answered, for every facility and room', async () => {
    expect(places.length).toBeGreaterThan(3);
    await expectAllPlacesMatch();
  }, 120_000);

  it("holds the lights' full-power kWh the savings read, hour by hour", async () => {
    for (const place of places.filter((p) => p.roomId === null)) {
      const legacy = rowsOf<{ bucket: unknown; kwh: unknown }>(
        await handle.db.execute(legacyFullLights(place.facilityId, from, to)),
      ).map((r) => ({ bucket: iso(r.bucket), kwh: Number(r.kwh) }));
      const now = rowsOf<{ bucket: unknown; kwh: unknown }>(
        await handle.db.execute(sql`select bucket, lights_full as kwh from energy_1h
          where place_id = ${place.facilityId} and lights_full is not null order by bucket`),
      ).map((r) => ({ bucket: iso(r.bucket), kwh: Number(r.kwh) }));
      expect(legacy.length).toBeGreaterThan(0);
      expect(now.map((r) => r.bucket)).toEqual(legacy.map((r) => r.bucket));
      now.forEach((r, i) => expect(r.kwh).toBeCloseTo(legacy[i]!.kwh, 9));
    }
  }, 120_000);

  it("gives the motors' savings figures the motors' rollups gave (ponta kWh, idle runs)", async () => {
    // Idle runs in the plant: motors at 1–19 % of rated power two hours in a row or more.
    const windowTo = new Date(Math.floor(NOW.getTime() / HOUR_MS) * HOUR_MS);
    const windowFrom = new Date(windowTo.getTime() - 7 * 24 * HOUR_MS);
    let runs = 0;
    for (const place of places.filter((p) => p.roomId === null)) {
      const legacy = await legacyMotorFigures(handle, place.facilityId, windowFrom, windowTo);
      const figures = motorFigures(
        await facilityEnergyHours(handle.db, place.facilityId, windowFrom, windowTo),
        await motorsIdle(handle.db, place.facilityId, windowFrom, windowTo),
        defaultEnergyTariff,
      );
      expect(legacy.pontaKwh).toBeGreaterThan(0);
      expect(figures.idleMotors).toBe(legacy.idleMotors);
      expect(figures.idleHours).toBe(legacy.idleHours);
      for (const key of ['pontaKwh', 'idleKwh', 'idleAmount'] as const)
        expect(figures[key]).toBeCloseTo(legacy[key], 9);
      runs += legacy.idleHours;
    }
    expect(runs).toBeGreaterThan(0);
  }, 120_000);

  it('follows the rollups a recompute writes: the touched hours and the hour after, nothing else', async () => {
    const meter = { id: 'm-a', facility_id: '00000000-0000-4000-8000-00000000000a' };
    const motor = { id: 'mtr-a' };
    // Late points in an hour already rolled up: a register jump and a motor running hot.
    const hour = new Date(Math.floor(NOW.getTime() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS);
    const [last] = rowsOf<{ max: number }>(
      await handle.db.execute(sql`select max from telemetry_1h where equipment_id = ${meter.id}
        and metric = 'energyKwh' and bucket = ${hour.toISOString()}::timestamptz`),
    );
    const ts = new Date(hour.getTime() + 59 * 60_000 + 30_000);
    await handle.db.insert(telemetry).values([
      { equipmentId: meter.id, metric: 'energyKwh', ts, value: Number(last!.max) + 500 },
      { equipmentId: motor.id, metric: 'powerKw', ts, value: 900 },
    ]);
    const before = await derived(meter.facility_id);
    await recomputeRollups(handle.db, new Date(ts.getTime() - 30_000), new Date(ts.getTime() + 30_000));
    const after = await derived(meter.facility_id);
    const at = (rows: HourRow[], t: number) => rows.find((r) => r.bucket === new Date(t).toISOString());
    expect(at(after, hour.getTime())!.metered).not.toBe(at(before, hour.getTime())!.metered);
    await expectAllPlacesMatch();
    // A whole rebuild writes the same rows again.
    await rebuildEnergyHours(handle.db);
    await expectAllPlacesMatch();
  }, 240_000);
});
