import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type { LightFacilities, LightItem, lightsListInput, LightsSummary } from '@sentinela/shared/lights';
import type { Page } from '@sentinela/shared/page';
import { lightModeValues, type lightsBulkActions } from '@sentinela/shared/plant';
import { z } from 'zod';
import { deviceBase, listDevices, type DeviceColumns } from '../plant/device-list';
import { equipmentWhere } from '../plant/equipment-sql';
import { sqlCount, sqlNumber } from '../plant/sql-values';
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
  const filters: SQL[] = [eq(equipment.kind, 'light'), isNull(equipment.retiredAt)];
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

const summaryRow = z.object({
  total: sqlCount,
  reporting: sqlCount,
  on: sqlCount,
  brightness: sqlNumber,
  power_w: sqlCount,
  eco: sqlCount,
  boost: sqlCount,
});

/**
 * The headline figures of a scope. What is on, how bright and in which mode is each light's
 * confirmed control state (equipment.state): the same values as the table's switch, slider and
 * mode, written when the device acknowledges, so the figures follow a command as fast as the
 * table does. What it draws is measured: the newest power reading (telemetry_latest).
 * A silent light (status offline) says nothing about now: it counts in the total only.
 */
export async function lightsSummary(db: Database, scope: LightsScope): Promise<LightsSummary> {
  const where = and(...scopeFilters(scope));
  const silent = sql`${equipment.status} = 'offline'`;
  const isOn = sql`not ${silent} and coalesce((${equipment.state}->>'on')::boolean, false)`;
  const brightness = sql`coalesce((${equipment.state}->>'brightness')::numeric, 100)`;
  const result = await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where not ${silent})::int as reporting,
           count(*) filter (where ${isOn})::int as "on",
           avg(${brightness}) filter (where ${isOn}) as brightness,
           coalesce(sum(lp.value) filter (where not ${silent}), 0) as power_w,
           count(*) filter (where ${equipment.state}->>'mode' = 'eco')::int as eco,
           count(*) filter (where ${equipment.state}->>'mode' = 'boost')::int as boost
      from ${equipment}
      left join telemetry_latest lp on lp.equipment_id = ${equipment.id} and lp.metric = 'powerW'
     where ${where}`);
  const [row] = parseRows(summaryRow, result);
  const total = row?.total ?? 0;
  const reporting = row?.reporting ?? 0;
  return {
    total,
    reporting,
    offline: total - reporting,
    on: row?.on ?? 0,
    averageBrightness: row?.brightness ?? null,
    powerKw: (row?.power_w ?? 0) / 1000,
    eco: row?.eco ?? 0,
    boost: row?.boost ?? 0,
  };
}

/** The newest on, brightness and power readings of a light (an index lookup per light). */
const latestReadings = sql`left join lateral (
    select max(tl.value) filter (where tl.metric = 'on') as reading_on,
           max(tl.value) filter (where tl.metric = 'brightness') as reading_brightness,
           max(tl.value) filter (where tl.metric = 'powerW') as reading_power,
           max(tl.ts) as readings_at
      from telemetry_latest tl
     where tl.equipment_id = e.id and tl.metric in ('on', 'brightness', 'powerW')
  ) m on true`;

const lightRow = {
  state: z.record(z.string(), z.unknown()),
  reading_on: sqlNumber,
  reading_brightness: sqlNumber,
  reading_power: sqlNumber,
};

/** The light's own columns: its confirmed state and newest readings. */
const lightColumns: DeviceColumns<typeof lightRow> = {
  columns: sql`e.state, m.reading_on, m.reading_brightness, m.reading_power`,
  readings: latestReadings,
  row: lightRow,
};

const confirmedOn = sql`coalesce((e.state->>'on')::boolean, false)`;

const modeOf = (state: Record<string, unknown>) => lightModeValues.find((m) => m === state.mode) ?? 'normal';

/** The lights of a scope, filtered and paged on the server, with their newest readings. */
export async function listLights(db: Database, input: z.output<typeof lightsListInput>): Promise<Page<LightItem>> {
  const extra = input.state === 'on' ? [confirmedOn] : input.state === 'off' ? [sql`not ${confirmedOn}`] : [];
  const where = equipmentWhere(
    'light',
    { facilityId: input.facilityId, roomId: input.roomId, search: input.search },
    extra,
  );
  const page = await listDevices(db, lightColumns, where, input);
  const items = page.items.map((row) => ({
    ...deviceBase(row),
    ratedW: row.rated.powerW ?? null,
    on: row.state.on === true,
    brightness: typeof row.state.brightness === 'number' ? row.state.brightness : 100,
    mode: modeOf(row.state),
    reading: {
      on: row.reading_on === null ? null : row.reading_on >= 0.5,
      brightness: row.reading_brightness,
      powerW: row.reading_power,
      ts: row.readings_ms,
    },
  }));
  return { ...page, items };
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

/** The lights' savings (eco and dimming), published for the energy page's suggestions. */
export { lightsSavings } from './lights-savings.service';
