import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client';
import { users } from '../schema/accounts';
import { alertChanges, alertRules, alerts, commands, dataCenters, equipment, facilities, rooms } from '../schema/plant';
import { createTestDatabase, testDatabaseKinds } from '../../test/test-database';
import { seedDemoSite, type DemoSiteResult } from './demo-site';
import { rowsOf } from '../sql-helpers';
import { supplierContacts, suppliers } from '../schema/procurement';
import { isValidCnpj } from '@sentinela/shared/cnpj';

const NOW = new Date('2026-03-18T14:37:21.000Z');
const DAY_MS = 86_400_000;

describe.each(testDatabaseKinds())('demo site on %s', (kind) => {
  let handle: DatabaseHandle;
  let result: DemoSiteResult;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const started = performance.now();
    result = await seedDemoSite(handle.db, { now: NOW, seed: 7 });
    console.info(`demo site seeded on ${kind} in ${Math.round(performance.now() - started)} ms`, result);
  }, 120_000);
  afterAll(() => handle.close());

  it('creates a site of the promised size', async () => {
    expect(result.seeded).toBe(true);
    expect(result.motors).toBeGreaterThanOrEqual(40);
    expect(result.lights).toBeGreaterThanOrEqual(200);
    expect(result.hvac).toBeGreaterThan(0);
    expect(result.servers).toBeGreaterThan(0);
    expect(result.sensors).toBeGreaterThan(0);
    // Campinas, Joinville and the disaster-recovery data center's building in Rio de Janeiro.
    expect(await handle.db.$count(facilities)).toBe(3);
    expect(await handle.db.$count(dataCenters)).toBe(3);
    expect(await handle.db.$count(equipment)).toBe(result.equipment);
    expect(await handle.db.$count(alertRules)).toBe(result.alertRules);
    expect(await handle.db.$count(alerts)).toBe(result.alerts);
    expect(await handle.db.$count(commands)).toBe(result.commands);
  });

  it('has suppliers with valid, distinct CNPJs and their contacts', async () => {
    const rows = await handle.db.select().from(suppliers);
    expect(rows).toHaveLength(result.suppliers);
    expect(result.suppliers).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(isValidCnpj(row.cnpj), row.legalName).toBe(true);
    expect(rows.filter((r) => !r.active)).toHaveLength(1);
    expect(await handle.db.$count(supplierContacts)).toBeGreaterThanOrEqual(rows.length);
  });

  it('meters every room with load, and each facility as a whole', async () => {
    const counts = rowsOf<{ rooms: number; metered: number; main: number }>(
      await handle.db.execute(sql`
        select (select count(*)::int from rooms) as rooms,
               (select count(distinct room_id)::int from equipment where kind = 'meter') as metered,
               (select count(*)::int from equipment where kind = 'meter' and room_id is null) as main`),
    )[0];
    expect(counts).toEqual({ rooms: await handle.db.$count(rooms), metered: counts?.rooms, main: 3 });
  });

  it('gives every device a unique, topic-safe id and mostly an online status', async () => {
    const rows = await handle.db.select({ id: equipment.id, status: equipment.status }).from(equipment);
    for (const row of rows) expect(row.id).toMatch(/^[a-z0-9-]+$/);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const online = rows.filter((r) => r.status === 'online').length;
    expect(online / rows.length).toBeGreaterThan(0.95);
    expect(rows.some((r) => r.status === 'maintenance')).toBe(true);
    expect(rows.some((r) => r.status === 'offline' || r.status === 'error')).toBe(true);
  });

  it('backfills 35 days of hourly history for every meter, and the last 24 h by the minute', async () => {
    const [hourly] = rowsOf<{ meters: number; first: string; hours: number }>(
      await handle.db.execute(sql`
        select count(distinct h.equipment_id)::int as meters, min(h.bucket)::text as first,
               (count(*) / count(distinct h.equipment_id))::int as hours
          from telemetry_1h h join equipment e on e.id = h.equipment_id
         where e.kind = 'meter' and h.metric = 'energyKwh'`),
    );
    expect(hourly?.meters).toBe(result.meters);
    expect(new Date(hourly?.first ?? '').getTime()).toBeLessThanOrEqual(NOW.getTime() - 35 * DAY_MS);
    expect(hourly?.hours).toBeGreaterThanOrEqual(35 * 24);
    const [minutes] = rowsOf<{ first: string; last: string }>(
      await handle.db.execute(
        sql`select min(bucket)::text as first, max(bucket)::text as last from telemetry_1m where metric = 'powerKw'`,
      ),
    );
    expect(new Date(minutes?.first ?? '').getTime()).toBeLessThanOrEqual(NOW.getTime() - DAY_MS + 60_000);
    expect(new Date(minutes?.last ?? '').getTime()).toBeGreaterThan(NOW.getTime() - 120_000);
  });

  it('writes the tariff with each facility’s contracted demand: one overrun day, PF dips this month', async () => {
    const [tariff] = rowsOf<{ value: { contractedByFacility: Record<string, { demandKw: number }> } }>(
      await handle.db.execute(sql`select value from settings where key = 'energyTariff'`),
    );
    const contracted = tariff?.value.contractedByFacility ?? {};
    expect(Object.keys(contracted)).toHaveLength(result.facilities);
    for (const { demandKw } of Object.values(contracted)) {
      expect(demandKw).toBeGreaterThan(0);
      expect(demandKw % 10).toBe(0);
    }
    // Each main meter's hourly means against its facility's contracted demand: one hour past the
    // overrun tolerance (Wednesday 11 March, 10:00 local, a week before NOW), none near it otherwise.
    const hours = rowsOf<{ code: string; bucket: string; kw: number; contracted: number }>(
      await handle.db.execute(sql`
        select f.code, h.bucket::text as bucket, h.sum / h.count as kw,
               (${JSON.stringify(contracted)}::jsonb -> f.id::text ->> 'demandKw')::float8 as contracted
          from telemetry_1h h
          join equipment e on e.id = h.equipment_id and e.kind = 'meter' and e.room_id is null
          join facilities f on f.id = e.facility_id
         where h.metric = 'powerKw'`),
    );
    const high = hours.filter((h) => h.kw >= 0.95 * h.contracted);
    expect(high.map((h) => [h.code, new Date(h.bucket).toISOString()])).toEqual([
      ['campinas', '2026-03-11T13:00:00.000Z'],
    ]);
    expect(high[0]!.kw).toBeGreaterThan(1.05 * high[0]!.contracted);
    // The minute rollups hold the 15-minute intervals of the last day: none near the contracted value.
    const [minutePeak] = rowsOf<{ share: number }>(
      await handle.db.execute(sql`
        with i as (
          select e.facility_id, to_timestamp(floor(extract(epoch from m.bucket) / 900) * 900) as start,
                 avg(m.sum / m.count) as kw
            from telemetry_1m m join equipment e on e.id = m.equipment_id and e.kind = 'meter' and e.room_id is null
           where m.metric = 'powerKw' group by 1, 2)
        select max(i.kw / (${JSON.stringify(contracted)}::jsonb -> i.facility_id::text ->> 'demandKw')::float8) as share
          from i`),
    );
    expect(minutePeak?.share).toBeLessThan(0.95);
    // Power factor below 0.92 on the compressor house meter this month (from 1 March, local).
    const [dips] = rowsOf<{ hours: number }>(
      await handle.db.execute(sql`
        select count(*)::int as hours from telemetry_1h h join equipment e on e.id = h.equipment_id
         where e.name = 'Medidor Casa de Compressores' and h.metric = 'powerFactor'
           and h.bucket >= '2026-03-01T03:00:00Z' and h.sum / h.count < 0.92`),
    );
    expect(dips?.hours).toBeGreaterThan(0);
  });

  it('keeps the energy register monotonic and the 1-minute and hourly rollups in agreement', async () => {
    const [check] = rowsOf<{ backwards: number; mismatched: number }>(
      await handle.db.execute(sql`
        with e as (
          select equipment_id, bucket, min, max, lag(max) over (partition by equipment_id order by bucket) as previous
            from telemetry_1h where metric = 'energyKwh')
        select (select count(*)::int from e where min < previous - 0.001 or max < min) as backwards,
               (select count(*)::int from (
                  select m.equipment_id, date_trunc('hour', m.bucket) as hour, sum(m.count) as count
                    from telemetry_1m m where m.metric = 'powerKw' group by 1, 2) s
                  join telemetry_1h h on h.equipment_id = s.equipment_id and h.metric = 'powerKw' and h.bucket = s.hour
                 where h.bucket > ${new Date(NOW.getTime() - 23 * 3_600_000).toISOString()}::timestamptz and h.count <> s.count) as mismatched`),
    );
    expect(check).toEqual({ backwards: 0, mismatched: 0 });
  });

  it('has the latest values of every reporting device, and shapes a working week', async () => {
    const [latest] = rowsOf<{ devices: number; stale: number }>(
      await handle.db.execute(sql`
        select count(distinct equipment_id)::int as devices,
               count(*) filter (where ts < ${new Date(NOW.getTime() - 60_000).toISOString()}::timestamptz)::int as stale
          from telemetry_latest`),
    );
    expect(latest?.devices).toBe(result.equipment);
    // Only the offline device's values are old.
    expect(latest?.stale).toBeGreaterThan(0);
    expect(latest?.stale).toBeLessThan(5);
    const [week] = rowsOf<{ weekday: number; sunday: number; hottest: number }>(
      await handle.db.execute(sql`
        select avg(h.sum / h.count) filter (where extract(isodow from h.bucket at time zone 'America/Sao_Paulo') between 1 and 5
                                            and extract(hour from h.bucket at time zone 'America/Sao_Paulo') between 9 and 16)::float8 as weekday,
               avg(h.sum / h.count) filter (where extract(isodow from h.bucket at time zone 'America/Sao_Paulo') = 7)::float8 as sunday,
               (select max(max) from telemetry_1h where metric = 'temperature' and equipment_id like 'mtr-%')::float8 as hottest
          from telemetry_1h h join equipment e on e.id = h.equipment_id
         where e.kind = 'meter' and e.room_id is null and h.metric = 'powerKw'`),
    );
    expect(week?.weekday).toBeGreaterThan((week?.sunday ?? 0) * 1.5);
    // The past overheating episodes are in the history the alerts point to.
    expect(week?.hottest).toBeGreaterThan(95);
  });

  it('builds the rollup indexes back exactly as the migrations define them', async () => {
    const indexes = `
      select t.relname as table, i.relname as index, pg_get_indexdef(i.oid) as definition, c.contype as constraint
        from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
        left join pg_constraint c on c.conindid = x.indexrelid
       where t.relname in ('telemetry_1h', 'telemetry_1m') order by 2`;
    const fresh = await createTestDatabase(kind);
    try {
      const expected = rowsOf(await fresh.db.execute(sql.raw(indexes)));
      expect(expected.length).toBeGreaterThanOrEqual(4);
      expect(rowsOf(await handle.db.execute(sql.raw(indexes)))).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it('backs every data center with a facility: racks, a metered server room and a status history', async () => {
    const sites = rowsOf<{ name: string; racks: number; meters: number; outages: number }>(
      await handle.db.execute(sql`
        select dc.name,
               (select count(*)::int from equipment e where e.facility_id = dc.facility_id and e.kind = 'server') as racks,
               (select count(*)::int from equipment e join rooms r on r.id = e.room_id
                 where e.facility_id = dc.facility_id and e.kind = 'meter' and r.kind = 'server-room') as meters,
               (select count(*)::int from alerts a join equipment e on e.id = a.equipment_id
                 where e.facility_id = dc.facility_id and e.kind = 'server' and a.source = 'silence'
                   and a.status = 'cleared' and a.cleared_at > a.raised_at) as outages
          from data_centers dc order by dc.name`),
    );
    expect(sites).toHaveLength(3);
    for (const site of sites) {
      expect(site.racks, site.name).toBeGreaterThan(0);
      expect(site.meters, site.name).toBe(1);
      expect(site.outages, site.name).toBeGreaterThan(0);
    }
    // A silent rack sent fewer readings in the hours it was silent.
    const [gaps] = rowsOf<{ short: number }>(
      await handle.db.execute(sql`
        select count(*)::int as short from telemetry_1h h join equipment e on e.id = h.equipment_id
         where e.kind = 'server' and h.metric = 'powerKw' and h.count < 720`),
    );
    expect(gaps?.short).toBeGreaterThan(0);
  });

  it('leaves device events open for someone to look at (no value coming back clears them)', async () => {
    const open = await handle.db
      .select({ source: alerts.source, status: alerts.status })
      .from(alerts)
      .where(sql`${alerts.status} = 'active' and ${alerts.source} like 'event:%'`);
    expect(open.length).toBeGreaterThanOrEqual(4);
  });

  it('names real demo users on every acknowledged or hand-cleared alert; they never sign in', async () => {
    const rows = rowsOf<{ acknowledged: number; unknown_ack: number; unknown_clear: number; by_hand: number }>(
      await handle.db.execute(sql`
        select count(*) filter (where a.acknowledged_at is not null)::int as acknowledged,
               count(*) filter (where a.acknowledged_at is not null and ack.id is null)::int as unknown_ack,
               count(*) filter (where a.clear_note is not null and clr.id is null)::int as unknown_clear,
               count(*) filter (where a.clear_note is not null)::int as by_hand
          from alerts a
          left join users ack on ack.id = a.acknowledged_by
          left join users clr on clr.id = a.cleared_by`),
    )[0];
    expect(rows?.acknowledged).toBeGreaterThan(0);
    expect(rows?.by_hand).toBeGreaterThan(0);
    expect(rows).toMatchObject({ unknown_ack: 0, unknown_clear: 0 });
    const people = await handle.db
      .select({ name: users.name, demo: users.demo, disabledAt: users.disabledAt, role: users.role })
      .from(users);
    expect(people.length).toBeGreaterThan(1);
    for (const person of people) expect(person).toMatchObject({ demo: true, disabledAt: NOW, role: 'operator' });
  });

  it('stores every rule and measured alert as a message key with parameters, rules by their name key', async () => {
    const rules = await handle.db.select({ nameKey: alertRules.nameKey }).from(alertRules);
    expect(rules.every((r) => r.nameKey !== null)).toBe(true);
    const rows = await handle.db
      .select({ source: alerts.source, messageKey: alerts.messageKey, messageParams: alerts.messageParams })
      .from(alerts);
    const measured = rows.filter((r) => r.source.startsWith('threshold:') || r.source === 'silence');
    expect(measured.length).toBeGreaterThan(0);
    for (const row of measured) expect(row.messageKey, row.source).toMatch(/^(threshold\.(above|below)|silence)$/);
    expect(measured.find((r) => r.source.startsWith('threshold:'))?.messageParams).toMatchObject({
      ruleKey: expect.any(String),
      value: expect.any(Number),
      threshold: expect.any(Number),
    });
  });

  it('leaves alerts open only once per source and equipment, and seeds nothing twice', async () => {
    const open = await handle.db
      .select()
      .from(alerts)
      .where(sql`${alerts.status} <> 'cleared'`);
    expect(open.length).toBeGreaterThan(0);
    expect(new Set(open.map((a) => `${a.source}/${a.equipmentId}`)).size).toBe(open.length);
    // One alert per metric (PRODUCT.md §3): a vibration episode into zone D escalated its zone C alert.
    const rules = new Map((await handle.db.select().from(alertRules)).map((r) => [r.id, r]));
    const thresholds = (await handle.db.select().from(alerts)).filter((a) => a.source.startsWith('threshold:'));
    for (const alert of thresholds) expect(alert.source).toBe(`threshold:${rules.get(alert.ruleId!)?.metric}`);
    const changes = await handle.db.select().from(alertChanges);
    const escalated = thresholds.filter((a) => changes.some((c) => c.alertId === a.id && c.toSeverity === 'critical'));
    expect(escalated.length).toBeGreaterThan(0);
    for (const alert of escalated.filter((a) => a.status !== 'cleared')) expect(alert.severity).toBe('critical');
    const again = await seedDemoSite(handle.db, { now: NOW, seed: 7 });
    expect(again.seeded).toBe(false);
    expect(await handle.db.$count(equipment)).toBe(result.equipment);
  });
});
