import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/accounts';
import { alertChanges, alertRules, alerts, commands, dataCenters, equipment, facilities, rooms } from '../schema/plant';
import { RollupRows, insertLatest, insertRollups } from './bulk-rows';
import { alertRuleKeys, alertsFromIncidents, defaultAlertRules } from './demo-alerts';
import { demoCommands } from './demo-commands';
import { demoUserRows, demoUsers } from './demo-users';
import { buildDemoEquipment, type SeedDevice } from './demo-equipment';
import { planIncidents } from './demo-incidents';
import { demoDataCenters, demoFacilities } from './demo-site-plan';
import { addBaseLoads, addLightLoads, generateDeviceHistory } from './device-history';
import type { HistoryContext } from './history-context';
import { generateMeterHistory } from './meter-history';
import { generateMotorHistory } from './motor-history';
import { DAY_MS, HOUR_MS } from './site-calendar';
import { createRandom, streamSeed } from './seeded-random';
import { weatherByFacility } from './site-weather';

export const DEFAULT_DEMO_SEED = 20_240_601;
/** History long enough for 7-day views and a month-over-month comparison. */
export const DEMO_HISTORY_DAYS = 35;
// Any constant will do: it only has to be the same for every instance seeding one database.
const SEED_LOCK_KEY = 7_314_502_091;

export interface DemoSiteResult {
  seeded: boolean;
  facilities: number;
  rooms: number;
  equipment: number;
  motors: number;
  lights: number;
  hvac: number;
  meters: number;
  servers: number;
  sensors: number;
  dataCenters: number;
  alertRules: number;
  alerts: number;
  commands: number;
  hourlyRollups: number;
  minuteRollups: number;
  latestValues: number;
}

const nothing: DemoSiteResult = {
  seeded: false,
  facilities: 0,
  rooms: 0,
  equipment: 0,
  motors: 0,
  lights: 0,
  hvac: 0,
  meters: 0,
  servers: 0,
  sensors: 0,
  dataCenters: 0,
  alertRules: 0,
  alerts: 0,
  commands: 0,
  hourlyRollups: 0,
  minuteRollups: 0,
  latestValues: 0,
};

/** Everything the demo site is, computed in memory (deterministic from seed and now). */
function generate(seed: number, now: number) {
  const devices = buildDemoEquipment(demoFacilities, createRandom(streamSeed(seed, 'equipment')), now);
  const incidents = planIncidents(devices, createRandom(streamSeed(seed, 'incidents')), now);
  const start = Math.floor((now - DEMO_HISTORY_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
  const ctx: HistoryContext = {
    seed,
    now,
    start,
    hours: (Math.floor(now / HOUR_MS) * HOUR_MS - start) / HOUR_MS,
    weather: weatherByFacility(demoFacilities, createRandom(streamSeed(seed, 'weather')), start, now),
    incidents,
    hourly: new RollupRows(),
    latest: [],
    roomLoads: new Map(),
  };
  const minutely = new RollupRows();
  for (const facility of demoFacilities) addBaseLoads(ctx, facility);
  addLightLoads(
    ctx,
    devices.filter((d) => d.kind === 'light'),
  );
  for (const device of devices) {
    if (device.kind === 'motor') generateMotorHistory(ctx, device);
    else if (device.kind !== 'meter') generateDeviceHistory(ctx, device);
  }
  // Meters last: they add up what their rooms consumed.
  for (const device of devices) if (device.kind === 'meter') generateMeterHistory(ctx, device, minutely);
  const commandRows = demoCommands(devices, createRandom(streamSeed(seed, 'commands')), now);
  return { devices, incidents, hourly: ctx.hourly, minutely, latest: ctx.latest, commands: commandRows };
}

function lastSeen(latest: HistoryContext['latest']): Map<string, number> {
  const seen = new Map<string, number>();
  for (const row of latest) seen.set(row.equipmentId, Math.max(seen.get(row.equipmentId) ?? 0, row.ts));
  return seen;
}

const countOf = (devices: SeedDevice[], kind: SeedDevice['kind']) => devices.filter((d) => d.kind === kind).length;

/**
 * Fills an empty database with a realistic demo site: two facilities and the disaster-recovery
 * data center's building, their equipment, three data centers, 35 days of hourly rollups (and 24 h of 1-minute ones for meters), the latest
 * values, default alert rules and a past of alerts and commands. Does nothing when any facility
 * exists. One transaction; a PostgreSQL advisory lock keeps two starting instances from both seeding.
 */
export async function seedDemoSite(db: Database, options: { now: Date; seed?: number }): Promise<DemoSiteResult> {
  if ((await db.select({ id: facilities.id }).from(facilities).limit(1)).length > 0) return nothing;
  const now = options.now.getTime();
  const site = generate(options.seed ?? DEFAULT_DEMO_SEED, now);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    if ((await tx.select({ id: facilities.id }).from(facilities).limit(1)).length > 0) return nothing;

    const facilityRows = await tx
      .insert(facilities)
      .values(
        demoFacilities.map((f) => ({
          code: f.code,
          name: f.name,
          city: f.city,
          state: f.state,
          latitude: f.latitude,
          longitude: f.longitude,
          timezone: 'America/Sao_Paulo',
        })),
      )
      .returning({ id: facilities.id, code: facilities.code });
    const facilityId = new Map(facilityRows.map((f) => [f.code, f.id]));
    const idOf = (code: string) => {
      const id = facilityId.get(code);
      if (!id) throw new Error(`facility ${code} was not inserted`);
      return id;
    };
    const roomRows = await tx
      .insert(rooms)
      .values(
        demoFacilities.flatMap((f) => f.rooms.map((r) => ({ facilityId: idOf(f.code), name: r.name, kind: r.kind }))),
      )
      .returning({ id: rooms.id, facilityId: rooms.facilityId, name: rooms.name });
    const roomId = new Map(roomRows.map((r) => [`${r.facilityId}/${r.name}`, r.id]));

    const seen = lastSeen(site.latest);
    await tx.insert(equipment).values(
      site.devices.map((d) => ({
        id: d.id,
        name: d.name,
        kind: d.kind,
        status: d.status,
        facilityId: idOf(d.facility.code),
        roomId: d.room ? (roomId.get(`${idOf(d.facility.code)}/${d.room.name}`) ?? null) : null,
        location: d.location,
        rated: d.rated,
        state: d.state,
        lastSeenAt: new Date(seen.get(d.id) ?? now),
      })),
    );
    await tx.insert(dataCenters).values(
      demoDataCenters.map(({ facilityCode, ...dc }) => ({
        ...dc,
        facilityId: facilityCode ? idOf(facilityCode) : null,
      })),
    );

    const ruleRows = await tx
      .insert(alertRules)
      .values(alertRuleKeys.map((key) => defaultAlertRules[key]))
      .returning({ id: alertRules.id, name: alertRules.name });
    const ruleIds = Object.fromEntries(
      alertRuleKeys.map((key) => [key, ruleRows.find((r) => r.name === defaultAlertRules[key].name)?.id ?? '']),
    ) as Record<(typeof alertRuleKeys)[number], string>;
    // The demo's operators, named by the alerts they acknowledged (kept if already there).
    await tx.insert(users).values(demoUserRows(options.now)).onConflictDoNothing();
    const people = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          demoUsers.map((u) => u.email),
        ),
      )
      .orderBy(users.email);
    const turn = new Map(site.incidents.map((incident, i) => [incident, i]));
    const { alerts: alertRows, changes } = alertsFromIncidents(
      site.incidents,
      ruleIds,
      (incident) => people[(turn.get(incident) ?? 0) % people.length]?.id ?? null,
    );
    await tx.insert(alerts).values(alertRows);
    if (changes.length > 0) await tx.insert(alertChanges).values(changes);
    await tx.insert(commands).values(site.commands);

    await insertRollups(tx, 'telemetry_1h', site.hourly);
    await insertRollups(tx, 'telemetry_1m', site.minutely);
    await insertLatest(tx, site.latest);

    return {
      seeded: true,
      facilities: facilityRows.length,
      rooms: roomRows.length,
      equipment: site.devices.length,
      motors: countOf(site.devices, 'motor'),
      lights: countOf(site.devices, 'light'),
      hvac: countOf(site.devices, 'hvac'),
      meters: countOf(site.devices, 'meter'),
      servers: countOf(site.devices, 'server'),
      sensors: countOf(site.devices, 'sensor'),
      dataCenters: demoDataCenters.length,
      alertRules: ruleRows.length,
      alerts: alertRows.length,
      commands: site.commands.length,
      hourlyRollups: site.hourly.length,
      minuteRollups: site.minutely.length,
      latestValues: site.latest.length,
    };
  });
}
