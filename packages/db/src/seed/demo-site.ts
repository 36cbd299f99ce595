import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { rebuildEnergyHours } from '../energy-hours';
import { users } from '../schema/accounts';
import { auditLog } from '../schema/audit';
import { settings } from '../schema/settings';
import { defaultEnergyTariff } from '@sentinela/shared/settings';
import { maintenancePlans, workOrderChecklistItems, workOrderSequences, workOrders } from '../schema/maintenance';
import { parts, partStock, stockLocations, stockMovements, suppliers, workOrderParts } from '../schema/procurement';
import {
  alertChanges,
  alertRules,
  alerts,
  commands,
  dataCenters,
  equipment,
  equipmentStatusChanges,
  facilities,
  rooms,
} from '../schema/plant';
import { RollupRows, insertLatest, insertRollupChunk, insertRollups } from './bulk-rows';
import {
  HISTORY_BATCH_ROWS,
  progressOf,
  readHistoryRecord,
  startHistoryRecord,
  writeHistoryDone,
  type DemoHistoryProgress,
  type HistoryBatch,
} from './demo-history-record';
import { alertRuleKeys, alertsFromIncidents, defaultAlertRules } from './demo-alerts';
import { demoCommands } from './demo-commands';
import { demoUserRows, demoUsers } from './demo-users';
import { demoWorkOrders } from './demo-work-orders';
import { insertDemoSuppliers } from './demo-suppliers';
import { DEMO_STOCK_LOCATIONS, demoParts } from './demo-parts';
import { seedDemoPurchaseOrders } from './demo-purchase-orders';
import { outdoorStationMetrics } from '@sentinela/shared/weather';
import { buildDemoEquipment, type SeedDevice } from './demo-equipment';
import { planIncidents, statusHistory } from './demo-incidents';
import { demoDataCenters, demoFacilities } from './demo-site-plan';
import { addBaseLoads, addLightLoads, generateDeviceHistory } from './device-history';
import type { HistoryContext } from './history-context';
import { generateMeterHistory, hourlyLoad } from './meter-history';
import { OVERRUN_SHARE, contractedDemandKw, overrunWindow } from './demo-demand';
import { generateMotorHistory } from './motor-history';
import { DAY_MS, HOUR_MS } from './site-calendar';
import { createRandom, streamSeed, type Random } from './seeded-random';
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
  workOrders: number;
  maintenancePlans: number;
  suppliers: number;
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
  workOrders: 0,
  maintenancePlans: 0,
  suppliers: 0,
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
  // Each facility's contracted demand from its main meter's loads, and the one overrun (the first facility's).
  const contracted = new Map<string, number>();
  for (const device of devices) {
    if (device.kind !== 'meter' || device.room) continue;
    const kw = contractedDemandKw(hourlyLoad(ctx, device));
    contracted.set(device.facility.code, kw);
    if (device.facility.code === demoFacilities[0]?.code)
      ctx.demandOverrun = { meterId: device.id, ...overrunWindow(now), kw: kw * OVERRUN_SHARE };
  }
  // Meters last: they add up what their rooms consumed.
  for (const device of devices) if (device.kind === 'meter') generateMeterHistory(ctx, device, minutely);
  const commandRows = demoCommands(devices, createRandom(streamSeed(seed, 'commands')), now);
  return {
    devices,
    incidents,
    contracted,
    hourly: ctx.hourly,
    minutely,
    latest: ctx.latest,
    commands: commandRows,
    workOrderSeed: streamSeed(seed, 'workOrders'),
  };
}

function lastSeen(latest: HistoryContext['latest']): Map<string, number> {
  const seen = new Map<string, number>();
  for (const row of latest) seen.set(row.equipmentId, Math.max(seen.get(row.equipmentId) ?? 0, row.ts));
  return seen;
}

const countOf = (devices: SeedDevice[], kind: SeedDevice['kind']) => devices.filter((d) => d.kind === kind).length;

type DemoSite = ReturnType<typeof generate>;

/** The registry, the past of alerts and commands and the latest values: what one signs in to. */
async function insertRegistry(tx: Database, site: DemoSite, now: number) {
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
  const deviceRows = await tx
    .insert(equipment)
    .values(
      site.devices.map((d) => ({
        id: d.id,
        name: d.name,
        kind: d.kind,
        status: d.status,
        facilityId: idOf(d.facility.code),
        roomId: d.room ? (roomId.get(`${idOf(d.facility.code)}/${d.room.name}`) ?? null) : null,
        location: d.location,
        rated: d.rated,
        // The outdoor weather station sends wind and irradiance besides its kind's defaults.
        metrics: d.kind === 'sensor' && d.room?.kind === 'outdoor' ? [...outdoorStationMetrics] : null,
        state: d.state,
        lastSeenAt: new Date(seen.get(d.id) ?? now),
      })),
    )
    .returning({
      id: equipment.id,
      name: equipment.name,
      kind: equipment.kind,
      status: equipment.status,
      facilityId: equipment.facilityId,
      roomId: equipment.roomId,
    });
  await tx.insert(dataCenters).values(
    demoDataCenters.map(({ facilityCode, ...dc }) => ({
      ...dc,
      facilityId: facilityCode ? idOf(facilityCode) : null,
    })),
  );

  // The site's tariff with each facility's own contracted demand (demo-demand.ts).
  const contractedByFacility = Object.fromEntries(
    [...site.contracted].map(([code, kw]) => [idOf(code), { demandKw: kw, peakDemandKw: kw }]),
  );
  await tx
    .insert(settings)
    .values({ key: 'energyTariff', value: { ...defaultEnergyTariff, contractedByFacility } })
    .onConflictDoNothing();

  const ruleRows = await tx
    .insert(alertRules)
    .values(alertRuleKeys.map((key) => defaultAlertRules[key]))
    .returning({ id: alertRules.id, name: alertRules.name });
  const ruleIds = Object.fromEntries(
    alertRuleKeys.map((key) => [key, ruleRows.find((r) => r.name === defaultAlertRules[key].name)?.id ?? '']),
  ) as Record<(typeof alertRuleKeys)[number], string>;
  // The demo's operators, named by the alerts they acknowledged (kept if already there).
  await tx
    .insert(users)
    .values(demoUserRows(new Date(now)))
    .onConflictDoNothing();
  const people = await tx
    .select({ id: users.id, email: users.email })
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
  const alertsInserted = await tx.insert(alerts).values(alertRows).returning({
    id: alerts.id,
    equipmentId: alerts.equipmentId,
    source: alerts.source,
    severity: alerts.severity,
    status: alerts.status,
    raisedAt: alerts.raisedAt,
    clearedAt: alerts.clearedAt,
  });
  if (changes.length > 0) await tx.insert(alertChanges).values(changes);
  // The status history of the same past (the data centers' uptime reads it).
  const statusChanges = statusHistory(site.devices, site.incidents);
  if (statusChanges.length > 0) await tx.insert(equipmentStatusChanges).values(statusChanges);
  await tx.insert(commands).values(site.commands);
  await insertLatest(tx, site.latest);

  const maintenance = demoWorkOrders(deviceRows, alertsInserted, people, createRandom(site.workOrderSeed), now);
  await tx.insert(maintenancePlans).values(maintenance.plans);
  if (maintenance.orders.length > 0) {
    await tx.insert(workOrders).values(maintenance.orders);
    await tx.insert(workOrderChecklistItems).values(maintenance.checklist);
    await tx.insert(workOrderSequences).values(maintenance.sequences);
    await tx.insert(auditLog).values(maintenance.audit);
  }
  const supplierCount = await insertDemoSuppliers(tx);
  await insertDemoParts(
    tx,
    deviceRows,
    maintenance.orders,
    people,
    now,
    createRandom(streamSeed(site.workOrderSeed, 'parts')),
  );
  const purchasing = await insertDemoPurchaseOrders(tx, maintenance.orders, people, now);

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
    workOrders: maintenance.orders.length,
    maintenancePlans: maintenance.plans.length,
    suppliers: supplierCount,
    purchaseOrders: purchasing.orders,
  };
}

/**
 * Six months of purchase orders (issue 15) from the demo suppliers for the demo parts, received
 * into the central storeroom. Parts under their minimum are left out, so the purchase-orders page
 * still suggests orders for them on first start.
 */
async function insertDemoPurchaseOrders(
  tx: Database,
  orders: readonly (typeof workOrders.$inferInsert)[],
  people: readonly { id: string; email: string }[],
  now: number,
) {
  const supplierRows = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(sql`${suppliers.active}`);
  const stocked = await tx
    .select({
      id: parts.id,
      description: parts.description,
      unit: parts.unit,
      preferredSupplierId: parts.preferredSupplierId,
    })
    .from(parts)
    .where(
      sql`${parts.minimumStock} <= coalesce((select sum(${partStock.quantity}) from ${partStock} where ${partStock.partId} = ${parts.id}), 0)`,
    );
  const [central] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(sql`${stockLocations.name} = ${DEMO_STOCK_LOCATIONS[0]}`);
  if (!central) return { orders: 0, movements: 0 };
  return seedDemoPurchaseOrders(tx, {
    suppliers: supplierRows,
    parts: stocked,
    locationId: central.id,
    workOrderIds: orders.flatMap((o) => (o.id ? [o.id] : [])),
    actors: [...people],
    now: new Date(now),
  });
}

/**
 * The storeroom (issue 15): the parts catalogue, two locations, opening stock and what the
 * completed orders consumed. Suppliers seeded before this (if any) become preferred suppliers.
 */
async function insertDemoParts(
  tx: Database,
  devices: readonly { id: string; kind: string }[],
  orders: readonly (typeof workOrders.$inferInsert)[],
  people: readonly { id: string }[],
  now: number,
  random: Random,
): Promise<void> {
  const kindOf = new Map(devices.map((d) => [d.id, d.kind]));
  const known = await tx.select({ id: suppliers.id, categories: suppliers.categories }).from(suppliers);
  const demo = demoParts({
    now,
    random,
    suppliers: known,
    completedOrders: orders.flatMap((o) =>
      o.id && o.status === 'completed' && o.completedAt
        ? [
            {
              id: o.id,
              completedAt: o.completedAt,
              completedBy: o.completedBy ?? null,
              equipmentKind: (o.equipmentId && kindOf.get(o.equipmentId)) || null,
            },
          ]
        : [],
    ),
    counterId: people[0]?.id ?? null,
  });
  await tx.insert(stockLocations).values(demo.locations);
  await tx.insert(parts).values(demo.parts);
  if (demo.movements.length > 0) await tx.insert(stockMovements).values(demo.movements);
  if (demo.stock.length > 0) await tx.insert(partStock).values(demo.stock);
  if (demo.lines.length > 0) await tx.insert(workOrderParts).values(demo.lines);
}

export interface DemoRegistry {
  result: DemoSiteResult;
  /** The generated site, to hand to `fillDemoHistory` (it would otherwise be generated again). */
  site: DemoSite | null;
}

/**
 * Creates the demo site on an empty database, in one transaction: its registry (facilities,
 * rooms, equipment, data centers, alert rules), a past of alerts and commands, the latest values,
 * and the record of its history to come (`fillDemoHistory` writes the rollups). Does nothing when
 * any facility exists. A PostgreSQL advisory lock keeps two starting instances from both seeding.
 */
export async function seedDemoRegistry(db: Database, options: { now: Date; seed?: number }): Promise<DemoRegistry> {
  if ((await db.select({ id: facilities.id }).from(facilities).limit(1)).length > 0)
    return { result: nothing, site: null };
  const now = options.now.getTime();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const site = generate(seed, now);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    if ((await tx.select({ id: facilities.id }).from(facilities).limit(1)).length > 0) return nothing;
    const inserted = await insertRegistry(tx, site, now);
    await startHistoryRecord(tx, { seed, now, done: 0, total: historyBatchCount(site) });
    return inserted;
  });
  return { result, site: result.seeded ? site : null };
}

/**
 * The whole demo site at once, history included, on an empty database (one transaction; the
 * rollup indexes are built after the load). What tests and tools use; the server seeds the
 * registry before it listens and fills the history in the background (`fillDemoHistory`).
 */
export async function seedDemoSite(db: Database, options: { now: Date; seed?: number }): Promise<DemoSiteResult> {
  if ((await db.select({ id: facilities.id }).from(facilities).limit(1)).length > 0) return nothing;
  const now = options.now.getTime();
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const site = generate(seed, now);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    if ((await tx.select({ id: facilities.id }).from(facilities).limit(1)).length > 0) return nothing;
    const result = await insertRegistry(tx, site, now);
    await insertRollups(tx, 'telemetry_1h', site.hourly);
    await insertRollups(tx, 'telemetry_1m', site.minutely);
    await rebuildEnergyHours(tx);
    const total = historyBatchCount(site);
    await startHistoryRecord(tx, { seed, now, done: total, total });
    return result;
  });
}

/** How many batches the history is cut into: hourly rollups, then minute ones. */
function historyBatchCount(site: DemoSite): number {
  return site.hourly.chunkCount(HISTORY_BATCH_ROWS) + site.minutely.chunkCount(HISTORY_BATCH_ROWS);
}

/** The history's batches from `first` on, always cut the same way for one seed and `now`. */
function* historyBatches(site: DemoSite, first: number): Generator<HistoryBatch> {
  const hourly = site.hourly.chunkCount(HISTORY_BATCH_ROWS);
  if (first < hourly) {
    for (const rows of site.hourly.chunks(HISTORY_BATCH_ROWS, first)) yield { table: 'telemetry_1h', rows };
  }
  for (const rows of site.minutely.chunks(HISTORY_BATCH_ROWS, Math.max(0, first - hourly))) {
    yield { table: 'telemetry_1m', rows };
  }
}

export interface FillOptions {
  /** The site `seedDemoRegistry` generated; without it, generated again from the record. */
  site?: DemoSite | null;
  /** Called after each batch. */
  onProgress?: (progress: DemoHistoryProgress) => void;
  /** Between batches (default: the next turn of the event loop), so requests are answered meanwhile. */
  pause?: () => Promise<void>;
  /** Stop after this many batches (a test's interrupted start). */
  maxBatches?: number;
  /** Stops before the next batch (the server shutting down); the next start resumes. */
  signal?: AbortSignal;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the demo history batch after batch, each batch and the count of batches done in one
 * short transaction: an interrupted fill resumes where it stopped, a finished one does nothing,
 * and a row already there (a batch another instance wrote) is not written twice.
 */
export async function fillDemoHistory(db: Database, options: FillOptions = {}): Promise<DemoHistoryProgress | null> {
  const record = await readHistoryRecord(db);
  if (!record || record.done >= record.total) return record && progressOf(record);
  const site = options.site ?? generate(record.seed, record.now);
  if (historyBatchCount(site) !== record.total) throw new Error('the demo history no longer matches its record');
  let progress = progressOf(record);
  let written = 0;
  let index = record.done;
  const hourlyBatches = site.hourly.chunkCount(HISTORY_BATCH_ROWS);
  for (const batch of historyBatches(site, record.done)) {
    if (options.signal?.aborted || (options.maxBatches !== undefined && written >= options.maxBatches)) break;
    const done = await db.transaction(async (tx) => {
      const current = await readHistoryRecord(tx, { lock: true });
      // Another instance wrote this batch already: move on.
      if (!current || current.done > index) return current?.done ?? record.total;
      await insertRollupChunk(tx, batch.table, batch.rows, { skipExisting: true });
      // The last hourly batch: the places' energy of the whole history (ADR 032), with it.
      if (index + 1 === hourlyBatches) await rebuildEnergyHours(tx);
      await writeHistoryDone(tx, index + 1);
      return index + 1;
    });
    index++;
    written++;
    progress = progressOf({ ...record, done });
    options.onProgress?.(progress);
    if (done >= record.total) break;
    await (options.pause ?? nextTurn)();
  }
  return progress;
}
