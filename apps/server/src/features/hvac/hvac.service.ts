import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  SETPOINT_MAX_C,
  SETPOINT_MIN_C,
  type HvacItem,
  type HvacSummary,
  type RoomClimate,
  type hvacListInput,
  type hvacRoomsInput,
  type hvacScopeInput,
} from '@sentinela/shared/hvac';
import { pageOffset, type Page } from '@sentinela/shared/page';
import { z } from 'zod';
import { deviceBase, deviceFacilities, listDevices, type DeviceColumns } from '../plant/device-list';
import { epochMs, equipmentWhere, type EquipmentFilter } from '../plant/equipment-sql';
import { sqlCount, sqlEpochDate, sqlNumber } from '../plant/sql-values';

export const setpointLimits = { min: SETPOINT_MIN_C, max: SETPOINT_MAX_C };

/**
 * The newest readings of an HVAC unit or a climate sensor, one row per device (a lateral join on
 * telemetry_latest's primary key: an index lookup per device).
 */
const latestReadings = sql`left join lateral (
    select max(tl.value) filter (where tl.metric = 'supplyTemp') as supply_temp,
           max(tl.value) filter (where tl.metric = 'returnTemp') as return_temp,
           max(tl.value) filter (where tl.metric = 'setpoint') as reported_setpoint,
           max(tl.value) filter (where tl.metric = 'humidity') as humidity,
           max(tl.value) filter (where tl.metric = 'powerKw') as power_kw,
           max(tl.value) filter (where tl.metric = 'temperature') as temperature,
           max(tl.ts) as readings_at
      from telemetry_latest tl
     where tl.equipment_id = e.id
  ) m on true`;

const online = sql`e.status = 'online'`;
const isOn = sql`coalesce((e.state -> 'on') = 'true'::jsonb, false)`;
/** The confirmed set-point (equipment.state), else the one the unit last reported. */
const setpoint = sql`coalesce(case when jsonb_typeof(e.state -> 'setpoint') = 'number' then (e.state ->> 'setpoint')::float8 end, m.reported_setpoint)`;

const hvacWhere = (input: EquipmentFilter): SQL => equipmentWhere('hvac', input);

const hvacRow = {
  state_on: z.boolean().nullable(),
  mode: z.string().nullable(),
  setpoint: sqlNumber,
  supply_temp: sqlNumber,
  return_temp: sqlNumber,
  reported_setpoint: sqlNumber,
  humidity: sqlNumber,
  power_kw: sqlNumber,
};

/** The unit's own columns: its confirmed control state and newest readings. */
const hvacColumns: DeviceColumns<typeof hvacRow> = {
  columns: sql`case when jsonb_typeof(e.state -> 'on') = 'boolean' then (e.state ->> 'on')::boolean end as state_on,
             e.state ->> 'mode' as mode, ${setpoint} as setpoint,
             m.supply_temp, m.return_temp, m.reported_setpoint, m.humidity, m.power_kw`,
  readings: latestReadings,
  row: hvacRow,
};

/** One page of HVAC units (server-side filters) with their state and latest readings, by name. */
export async function listHvac(
  db: Database,
  input: z.output<typeof hvacListInput>,
): Promise<Page<HvacItem> & { setpointLimits: typeof setpointLimits }> {
  const page = await listDevices(db, hvacColumns, hvacWhere(input), input);
  const items = page.items.map((row) => ({
    ...deviceBase(row),
    on: row.state_on,
    mode: row.mode,
    setpoint: row.setpoint,
    rated: row.rated,
    readingsAt: row.readings_ms,
    readings: {
      supplyTemp: row.supply_temp,
      returnTemp: row.return_temp,
      setpoint: row.reported_setpoint,
      humidity: row.humidity,
      powerKw: row.power_kw,
    },
  }));
  return { ...page, items, setpointLimits };
}

const summaryRow = z.object({
  total: sqlCount,
  online: sqlCount,
  running: sqlCount,
  average_supply_temp: sqlNumber,
  average_setpoint: sqlNumber,
  average_return_temp: sqlNumber,
  average_humidity: sqlNumber,
  total_power_kw: sqlCount,
  readings_ms: sqlEpochDate,
});

/**
 * Headline figures over the units in scope: running = online and confirmed on; supply air and
 * set-point averaged over the running units; return air and humidity over the online ones;
 * power summed over the online ones.
 */
export async function hvacSummary(db: Database, input: z.output<typeof hvacScopeInput>): Promise<HvacSummary> {
  const running = sql`${online} and ${isOn}`;
  const result = await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where ${online})::int as online,
           count(*) filter (where ${running})::int as running,
           avg(m.supply_temp) filter (where ${running}) as average_supply_temp,
           avg(${setpoint}) filter (where ${running}) as average_setpoint,
           avg(m.return_temp) filter (where ${online}) as average_return_temp,
           avg(m.humidity) filter (where ${online}) as average_humidity,
           coalesce(sum(m.power_kw) filter (where ${online}), 0)::float8 as total_power_kw,
           ${epochMs(sql`max(m.readings_at)`)} as readings_ms
      from equipment e
      ${latestReadings}
     where ${hvacWhere(input)}`);
  const [row] = parseRows(summaryRow, result);
  if (!row) throw new Error('an aggregate answers one row');
  return {
    total: row.total,
    online: row.online,
    running: row.running,
    averageSupplyTemp: row.average_supply_temp,
    averageSetpoint: row.average_setpoint,
    averageReturnTemp: row.average_return_temp,
    averageHumidity: row.average_humidity,
    totalPowerKw: row.total_power_kw,
    readingsAt: row.readings_ms,
    setpointLimits,
  };
}

const roomRow = z.object({
  room_id: z.string(),
  room_name: z.string(),
  room_kind: z.string(),
  facility_id: z.string(),
  facility_name: z.string(),
  hvac_count: sqlCount,
  hvac_running: sqlCount,
  sensor_count: sqlCount,
  hvac_temp: sqlNumber,
  sensor_temp: sqlNumber,
  humidity: sqlNumber,
  setpoint: sqlNumber,
  readings_ms: sqlEpochDate,
});

/**
 * The climate of every room with HVAC units or sensors: its temperature is the mean return air
 * of its online units (the air that comes back from the room), or its sensors' mean reading when
 * no unit is online; humidity the mean of its online devices; set-point the mean of its units'.
 */
export async function hvacRooms(db: Database, input: z.output<typeof hvacRoomsInput>): Promise<Page<RoomClimate>> {
  const facility = input.facilityId ? sql`and r.facility_id = ${input.facilityId}` : sql``;
  const climateRooms = sql`select distinct e.room_id from equipment e where e.kind in ('hvac', 'sensor') and e.room_id is not null`;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select r.id as room_id, r.name as room_name, r.kind as room_kind, f.id as facility_id, f.name as facility_name,
             count(*) filter (where e.kind = 'hvac')::int as hvac_count,
             count(*) filter (where e.kind = 'hvac' and ${online} and ${isOn})::int as hvac_running,
             count(*) filter (where e.kind = 'sensor')::int as sensor_count,
             avg(m.return_temp) filter (where e.kind = 'hvac' and ${online}) as hvac_temp,
             avg(m.temperature) filter (where e.kind = 'sensor' and ${online}) as sensor_temp,
             avg(m.humidity) filter (where ${online}) as humidity,
             avg(${setpoint}) filter (where e.kind = 'hvac') as setpoint,
             ${epochMs(sql`max(m.readings_at)`)} as readings_ms
        from (select r.* from rooms r join facilities f on f.id = r.facility_id
               where r.id in (${climateRooms}) ${facility}
               order by f.name, r.name, r.id limit ${input.pageSize} offset ${pageOffset(input)}) r
        join facilities f on f.id = r.facility_id
        join equipment e on e.room_id = r.id and e.kind in ('hvac', 'sensor')
        ${latestReadings}
       group by r.id, r.name, r.kind, f.id, f.name
       order by f.name, r.name, r.id`),
    db.execute(sql`select count(*)::int as n from rooms r where r.id in (${climateRooms}) ${facility}`),
  ]);
  const items = parseRows(roomRow, rows).map((row): RoomClimate => {
    const hvacTemp = row.hvac_temp;
    const sensorTemp = row.sensor_temp;
    return {
      roomId: row.room_id,
      roomName: row.room_name,
      roomKind: row.room_kind,
      facilityId: row.facility_id,
      facilityName: row.facility_name,
      hvacCount: row.hvac_count,
      hvacRunning: row.hvac_running,
      sensorCount: row.sensor_count,
      temperature: hvacTemp ?? sensorTemp,
      temperatureSource: hvacTemp !== null ? 'hvac' : sensorTemp !== null ? 'sensor' : null,
      humidity: row.humidity,
      setpoint: row.setpoint,
      readingsAt: row.readings_ms,
    };
  });
  const [count] = parseRows(z.object({ n: sqlCount }), totals);
  return { items, total: count?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** The facilities that hold HVAC units, for the page's filter. */
export function hvacLocations(db: Database) {
  return deviceFacilities(db, 'hvac');
}
