import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { rowsOf } from '@sentinela/db/sql-helpers';
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
import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { z } from 'zod';
import { dateOf, epochMs, equipmentWhere, numberOf, type EquipmentFilter } from '../plant/equipment-sql';

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
const isOn = sql`(e.state -> 'on') = 'true'::jsonb`;
/** The confirmed set-point (equipment.state), else the one the unit last reported. */
const setpoint = sql`coalesce(case when jsonb_typeof(e.state -> 'setpoint') = 'number' then (e.state ->> 'setpoint')::float8 end, m.reported_setpoint)`;

const hvacWhere = (input: EquipmentFilter): SQL => equipmentWhere('hvac', input);

interface HvacRow {
  id: string;
  name: string;
  status: EquipmentStatus;
  location: string | null;
  facility_id: string;
  facility_name: string;
  room_id: string | null;
  room_name: string | null;
  rated: Record<string, number> | null;
  state_on: boolean | null;
  mode: string | null;
  setpoint: number | null;
  readings_ms: number | null;
  supply_temp: number | null;
  return_temp: number | null;
  reported_setpoint: number | null;
  humidity: number | null;
  power_kw: number | null;
}

/** One page of HVAC units (server-side filters) with their state and latest readings, by name. */
export async function listHvac(db: Database, input: z.output<typeof hvacListInput>) {
  const where = hvacWhere(input);
  const offset = (input.page - 1) * input.pageSize;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select e.id, e.name, e.status, e.location, e.facility_id, f.name as facility_name,
             e.room_id, r.name as room_name, e.rated,
             case when jsonb_typeof(e.state -> 'on') = 'boolean' then (e.state ->> 'on')::boolean end as state_on,
             e.state ->> 'mode' as mode, ${setpoint} as setpoint,
             ${epochMs(sql`m.readings_at`)} as readings_ms,
             m.supply_temp, m.return_temp, m.reported_setpoint, m.humidity, m.power_kw
        from (select * from equipment e where ${where} order by e.name, e.id limit ${input.pageSize} offset ${offset}) e
        join facilities f on f.id = e.facility_id
        left join rooms r on r.id = e.room_id
        ${latestReadings}
       order by e.name, e.id`),
    db.execute(sql`select count(*)::int as n from equipment e where ${where}`),
  ]);
  const items: HvacItem[] = rowsOf<HvacRow>(rows).map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    location: row.location,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    roomId: row.room_id,
    roomName: row.room_name,
    on: row.state_on,
    mode: row.mode,
    setpoint: numberOf(row.setpoint),
    rated: row.rated ?? {},
    readingsAt: dateOf(row.readings_ms),
    readings: {
      supplyTemp: numberOf(row.supply_temp),
      returnTemp: numberOf(row.return_temp),
      setpoint: numberOf(row.reported_setpoint),
      humidity: numberOf(row.humidity),
      powerKw: numberOf(row.power_kw),
    },
  }));
  const total = Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0);
  return { items, total, page: input.page, pageSize: input.pageSize, setpointLimits };
}

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
  const row = rowsOf<Record<string, number | null>>(result)[0] ?? {};
  return {
    total: Number(row.total ?? 0),
    online: Number(row.online ?? 0),
    running: Number(row.running ?? 0),
    averageSupplyTemp: numberOf(row.average_supply_temp),
    averageSetpoint: numberOf(row.average_setpoint),
    averageReturnTemp: numberOf(row.average_return_temp),
    averageHumidity: numberOf(row.average_humidity),
    totalPowerKw: Number(row.total_power_kw ?? 0),
    readingsAt: dateOf(row.readings_ms),
    setpointLimits,
  };
}

interface RoomRow {
  room_id: string;
  room_name: string;
  room_kind: string;
  facility_id: string;
  facility_name: string;
  hvac_count: number;
  hvac_running: number;
  sensor_count: number;
  hvac_temp: number | null;
  sensor_temp: number | null;
  humidity: number | null;
  setpoint: number | null;
  readings_ms: number | null;
}

/**
 * The climate of every room with HVAC units or sensors: its temperature is the mean return air
 * of its online units (the air that comes back from the room), or its sensors' mean reading when
 * no unit is online; humidity the mean of its online devices; set-point the mean of its units'.
 */
export async function hvacRooms(db: Database, input: z.output<typeof hvacRoomsInput>) {
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
               order by f.name, r.name, r.id limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}) r
        join facilities f on f.id = r.facility_id
        join equipment e on e.room_id = r.id and e.kind in ('hvac', 'sensor')
        ${latestReadings}
       group by r.id, r.name, r.kind, f.id, f.name
       order by f.name, r.name, r.id`),
    db.execute(sql`select count(*)::int as n from rooms r where r.id in (${climateRooms}) ${facility}`),
  ]);
  const items: RoomClimate[] = rowsOf<RoomRow>(rows).map((row) => {
    const hvacTemp = numberOf(row.hvac_temp);
    const sensorTemp = numberOf(row.sensor_temp);
    return {
      roomId: row.room_id,
      roomName: row.room_name,
      roomKind: row.room_kind,
      facilityId: row.facility_id,
      facilityName: row.facility_name,
      hvacCount: Number(row.hvac_count),
      hvacRunning: Number(row.hvac_running),
      sensorCount: Number(row.sensor_count),
      temperature: hvacTemp ?? sensorTemp,
      temperatureSource: hvacTemp !== null ? 'hvac' : sensorTemp !== null ? 'sensor' : null,
      humidity: numberOf(row.humidity),
      setpoint: numberOf(row.setpoint),
      readingsAt: dateOf(row.readings_ms),
    };
  });
  const total = Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** The facilities that hold HVAC units, for the page's filter. */
export async function hvacLocations(db: Database) {
  const result = await db.execute(sql`
    select f.id as facility_id, f.name as facility_name, count(*)::int as count
      from equipment e join facilities f on f.id = e.facility_id
     where e.kind = 'hvac'
     group by f.id, f.name
     order by f.name`);
  return rowsOf<{ facility_id: string; facility_name: string; count: number }>(result).map((row) => ({
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    count: Number(row.count),
  }));
}
