import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@sentinela/db/client';
import { containsPattern, rowsOf } from '@sentinela/db/sql-helpers';
import { equipment, facilities, rooms, telemetryLatest } from '@sentinela/db/schema/plant';
import type { LightFacilities, LightItem, lightsListInput, LightsSummary } from '@sentinela/shared/lights';
import { lightModeValues, type lightsBulkActions } from '@sentinela/shared/plant';
import type { z } from 'zod';
import type { RequestOrigin } from '../../platform/audit';
import { executeCommand, executeMany, type Actor, type CommandDeps } from '../../platform/commands/commands.service';

/** What each quick action asks of a light (spec: eco = 50 %, max = boost at 100 %). */
export const bulkParams: Record<(typeof lightsBulkActions)[number], Record<string, unknown>> = {
  allOn: { on: true },
  allOff: { on: false },
  eco: { on: true, mode: 'eco', brightness: 50 },
  max: { on: true, mode: 'boost', brightness: 100 },
};

export interface LightsScope {
  facilityId?: string | undefined;
  roomId?: string | undefined;
}

/** The lights of a facility / room (every light when neither is given). */
function scopeFilters(scope: LightsScope): SQL[] {
  const filters: SQL[] = [eq(equipment.kind, 'light')];
  if (scope.facilityId) filters.push(eq(equipment.facilityId, scope.facilityId));
  if (scope.roomId) filters.push(eq(equipment.roomId, scope.roomId));
  return filters;
}

/** A quick action on every light of the chosen facility/room (all lights when neither). */
export async function bulkLights(
  deps: CommandDeps,
  actor: Actor,
  origin: RequestOrigin,
  input: { action: (typeof lightsBulkActions)[number] } & LightsScope,
) {
  const lights = await deps.db
    .select({ id: equipment.id })
    .from(equipment)
    .where(and(...scopeFilters(input)));
  const params = bulkParams[input.action];
  return executeMany(lights, 25, (light) => executeCommand(deps, actor, origin, light.id, 'light', 'setLight', params));
}

/**
 * The headline figures of a scope, from the newest reading of every light (telemetry_latest).
 * A silent light (status offline) keeps its last reading, which no longer says anything about
 * now: it counts in the total but not in what is on, the brightness or the consumption.
 */
export async function lightsSummary(db: Database, scope: LightsScope): Promise<LightsSummary> {
  const where = and(...scopeFilters(scope));
  const silent = sql`${equipment.status} = 'offline'`;
  const isOn = sql`not ${silent} and lo.value >= 0.5`;
  const result = await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where not ${silent})::int as reporting,
           count(*) filter (where ${isOn})::int as "on",
           avg(lb.value) filter (where ${isOn}) as brightness,
           coalesce(sum(lp.value) filter (where not ${silent}), 0) as power_w,
           count(*) filter (where ${equipment.state}->>'mode' = 'eco')::int as eco,
           count(*) filter (where ${equipment.state}->>'mode' = 'boost')::int as boost
      from ${equipment}
      left join telemetry_latest lo on lo.equipment_id = ${equipment.id} and lo.metric = 'on'
      left join telemetry_latest lb on lb.equipment_id = ${equipment.id} and lb.metric = 'brightness'
      left join telemetry_latest lp on lp.equipment_id = ${equipment.id} and lp.metric = 'powerW'
     where ${where}`);
  const [row] = rowsOf<{
    total: number;
    reporting: number;
    on: number;
    brightness: number | string | null;
    power_w: number | string;
    eco: number;
    boost: number;
  }>(result);
  const total = Number(row?.total ?? 0);
  const reporting = Number(row?.reporting ?? 0);
  return {
    total,
    reporting,
    offline: total - reporting,
    on: Number(row?.on ?? 0),
    averageBrightness: row?.brightness === null || row?.brightness === undefined ? null : Number(row.brightness),
    powerKw: Number(row?.power_w ?? 0) / 1000,
    eco: Number(row?.eco ?? 0),
    boost: Number(row?.boost ?? 0),
  };
}

const latestOn = alias(telemetryLatest, 'latest_on');
const latestBrightness = alias(telemetryLatest, 'latest_brightness');
const latestPower = alias(telemetryLatest, 'latest_power');

const modeOf = (state: Record<string, unknown>) => lightModeValues.find((m) => m === state.mode) ?? 'normal';

/** The lights of a scope, filtered and paged on the server, with their newest readings. */
export async function listLights(db: Database, input: z.output<typeof lightsListInput>) {
  const filters = scopeFilters(input);
  if (input.search) {
    const pattern = containsPattern(input.search);
    const match = or(ilike(equipment.name, pattern), ilike(equipment.id, pattern), ilike(equipment.location, pattern));
    if (match) filters.push(match);
  }
  if (input.state === 'on') filters.push(sql`coalesce((${equipment.state}->>'on')::boolean, false)`);
  if (input.state === 'off') filters.push(sql`not coalesce((${equipment.state}->>'on')::boolean, false)`);
  const where = and(...filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: equipment.id,
        name: equipment.name,
        status: equipment.status,
        location: equipment.location,
        facilityId: equipment.facilityId,
        facilityName: facilities.name,
        roomId: equipment.roomId,
        roomName: rooms.name,
        rated: equipment.rated,
        state: equipment.state,
        readingOn: latestOn.value,
        readingBrightness: latestBrightness.value,
        readingPower: latestPower.value,
        readingTs: sql<Date | null>`greatest(${latestOn.ts}, ${latestBrightness.ts}, ${latestPower.ts})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
      })
      .from(equipment)
      .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
      .leftJoin(rooms, eq(rooms.id, equipment.roomId))
      .leftJoin(latestOn, and(eq(latestOn.equipmentId, equipment.id), eq(latestOn.metric, 'on')))
      .leftJoin(
        latestBrightness,
        and(eq(latestBrightness.equipmentId, equipment.id), eq(latestBrightness.metric, 'brightness')),
      )
      .leftJoin(latestPower, and(eq(latestPower.equipmentId, equipment.id), eq(latestPower.metric, 'powerW')))
      .where(where)
      .orderBy(asc(equipment.name), asc(equipment.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(equipment).where(where),
  ]);
  const items: LightItem[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    location: row.location,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    roomId: row.roomId,
    roomName: row.roomName,
    ratedW: typeof row.rated.powerW === 'number' ? row.rated.powerW : null,
    on: row.state.on === true,
    brightness: typeof row.state.brightness === 'number' ? row.state.brightness : 100,
    mode: modeOf(row.state),
    reading: {
      on: row.readingOn === null ? null : row.readingOn >= 0.5,
      brightness: row.readingBrightness,
      powerW: row.readingPower,
      ts: row.readingTs,
    },
  }));
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Facilities and their rooms that have lights, with how many (filters, schedules, confirmations). */
export async function lightFacilities(db: Database): Promise<LightFacilities> {
  const rows = await db
    .select({
      facilityId: facilities.id,
      facilityName: facilities.name,
      timezone: facilities.timezone,
      roomId: rooms.id,
      roomName: rooms.name,
      lights: count(equipment.id),
    })
    .from(rooms)
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
    .innerJoin(equipment, and(eq(equipment.roomId, rooms.id), eq(equipment.kind, 'light')))
    .groupBy(facilities.id, facilities.name, facilities.timezone, rooms.id, rooms.name)
    .orderBy(asc(facilities.name), asc(rooms.name));
  const result: LightFacilities = [];
  for (const row of rows) {
    let facility = result.at(-1);
    if (facility?.id !== row.facilityId) {
      facility = { id: row.facilityId, name: row.facilityName, timezone: row.timezone, rooms: [] };
      result.push(facility);
    }
    facility.rooms.push({ id: row.roomId, name: row.roomName, lights: row.lights });
  }
  return result;
}
