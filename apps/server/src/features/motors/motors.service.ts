import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { commands, equipment } from '@sentinela/db/schema/plant';
import { rowsOf } from '@sentinela/db/sql-helpers';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import type {
  MotorCommand,
  MotorItem,
  MotorLocation,
  MotorSummary,
  motorCommandsInput,
  motorListInput,
  motorScopeInput,
} from '@sentinela/shared/motors';
import type { z } from 'zod';
import { dateOf, epochMs, equipmentWhere, numberOf, type EquipmentFilter } from '../plant/equipment-sql';
import { AppError } from '../../platform/errors';

/**
 * A motor's newest readings from telemetry_latest, one row per motor (a lateral join: an index
 * lookup per motor, never a scan). Efficiency counts only when the newest message carried it:
 * a stopped motor reports none, and its last efficiency from before it stopped is stale.
 */
const latestReadings = sql`left join lateral (
    select max(tl.value) filter (where tl.metric = 'temperature') as temperature,
           max(tl.value) filter (where tl.metric = 'vibration') as vibration,
           max(tl.value) filter (where tl.metric = 'current') as current_a,
           case when max(tl.ts) filter (where tl.metric = 'efficiency') >= max(tl.ts) - interval '1 second'
                then max(tl.value) filter (where tl.metric = 'efficiency') end as efficiency,
           max(tl.value) filter (where tl.metric = 'rpm') as rpm,
           max(tl.value) filter (where tl.metric = 'powerKw') as power_kw,
           max(tl.ts) as readings_at
      from telemetry_latest tl
     where tl.equipment_id = e.id
  ) m on true`;

/** Confirmed "on" in equipment.state (a missing or odd value is off). */
const isOn = sql`(e.state -> 'on') = 'true'::jsonb`;

function motorWhere(input: EquipmentFilter & { power?: 'on' | 'off' | undefined }): SQL {
  const extra = input.power === 'on' ? [isOn] : input.power === 'off' ? [sql`not ${isOn}`] : [];
  return equipmentWhere('motor', input, extra);
}

interface MotorRow {
  id: string;
  name: string;
  status: EquipmentStatus;
  location: string | null;
  facility_id: string;
  facility_name: string;
  room_id: string | null;
  room_name: string | null;
  rated: Record<string, number> | null;
  is_on: boolean;
  last_seen_ms: number | null;
  readings_ms: number | null;
  temperature: number | null;
  vibration: number | null;
  current_a: number | null;
  efficiency: number | null;
  rpm: number | null;
  power_kw: number | null;
}

/** One page of motors (server-side filters), each with its latest readings, by name. */
export async function listMotors(db: Database, input: z.output<typeof motorListInput>) {
  const where = motorWhere(input);
  const offset = (input.page - 1) * input.pageSize;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select e.id, e.name, e.status, e.location, e.facility_id, f.name as facility_name,
             e.room_id, r.name as room_name, e.rated, ${isOn} as is_on,
             ${epochMs(sql`e.last_seen_at`)} as last_seen_ms, ${epochMs(sql`m.readings_at`)} as readings_ms,
             m.temperature, m.vibration, m.current_a, m.efficiency, m.rpm, m.power_kw
        from (select * from equipment e where ${where} order by e.name, e.id limit ${input.pageSize} offset ${offset}) e
        join facilities f on f.id = e.facility_id
        left join rooms r on r.id = e.room_id
        ${latestReadings}
       order by e.name, e.id`),
    db.execute(sql`select count(*)::int as n from equipment e where ${where}`),
  ]);
  const items: MotorItem[] = rowsOf<MotorRow>(rows).map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    location: row.location,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    roomId: row.room_id,
    roomName: row.room_name,
    on: row.is_on,
    rated: row.rated ?? {},
    lastSeenAt: dateOf(row.last_seen_ms),
    readingsAt: dateOf(row.readings_ms),
    readings: {
      temperature: numberOf(row.temperature),
      vibration: numberOf(row.vibration),
      current: numberOf(row.current_a),
      efficiency: numberOf(row.efficiency),
      rpm: numberOf(row.rpm),
      powerKw: numberOf(row.power_kw),
    },
  }));
  const total = Number(rowsOf<{ n: number }>(totals)[0]?.n ?? 0);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/**
 * The motors page's headline figures, aggregated in SQL over the motors in scope:
 * operating = online and confirmed on; average temperature over the online motors' latest
 * readings; average efficiency over the operating motors whose newest message carried one;
 * power = sum of the online motors' latest active power.
 */
export async function motorSummary(db: Database, input: z.output<typeof motorScopeInput>): Promise<MotorSummary> {
  const online = sql`e.status = 'online'`;
  const result = await db.execute(sql`
    select count(*)::int as total,
           count(*) filter (where ${online})::int as online,
           count(*) filter (where e.status = 'offline')::int as offline,
           count(*) filter (where e.status = 'maintenance')::int as maintenance,
           count(*) filter (where e.status = 'error')::int as error,
           count(*) filter (where ${online} and ${isOn})::int as operating,
           avg(m.temperature) filter (where ${online}) as average_temperature,
           count(m.temperature) filter (where ${online})::int as temperature_count,
           avg(m.efficiency) filter (where ${online} and ${isOn}) as average_efficiency,
           count(m.efficiency) filter (where ${online} and ${isOn})::int as efficiency_count,
           coalesce(sum(m.power_kw) filter (where ${online}), 0)::float8 as total_power_kw,
           coalesce(sum((e.rated ->> 'powerKw')::float8), 0)::float8 as rated_power_kw,
           ${epochMs(sql`max(m.readings_at)`)} as readings_ms
      from equipment e
      ${latestReadings}
     where ${motorWhere(input)}`);
  const row = rowsOf<Record<string, number | null>>(result)[0] ?? {};
  const figure = (key: string) => Number(row[key] ?? 0);
  return {
    total: figure('total'),
    byStatus: {
      online: figure('online'),
      offline: figure('offline'),
      maintenance: figure('maintenance'),
      error: figure('error'),
    },
    operating: figure('operating'),
    averageTemperature: numberOf(row.average_temperature),
    temperatureCount: figure('temperature_count'),
    averageEfficiency: numberOf(row.average_efficiency),
    efficiencyCount: figure('efficiency_count'),
    totalPowerKw: figure('total_power_kw'),
    ratedPowerKw: figure('rated_power_kw'),
    readingsAt: dateOf(row.readings_ms),
  };
}

/** The motor's most recent commands: what, who, when and what came of it. */
export async function motorCommands(db: Database, input: z.output<typeof motorCommandsInput>): Promise<MotorCommand[]> {
  const [device] = await db.select({ kind: equipment.kind }).from(equipment).where(eq(equipment.id, input.id));
  if (!device) throw new AppError('NOT_FOUND', 'equipment.notFound');
  if (device.kind !== 'motor') throw new AppError('BAD_REQUEST', 'equipment.wrongKind');
  return db
    .select({
      id: commands.id,
      action: commands.action,
      payload: commands.payload,
      status: commands.status,
      requestedAt: commands.requestedAt,
      completedAt: commands.completedAt,
      error: commands.error,
      requestedByName: users.name,
    })
    .from(commands)
    .leftJoin(users, eq(users.id, commands.requestedBy))
    .where(eq(commands.equipmentId, input.id))
    .orderBy(desc(commands.requestedAt), desc(commands.id))
    .limit(input.limit);
}

/** The facilities and rooms that hold motors, for the page's filters. */
export async function motorLocations(db: Database): Promise<MotorLocation[]> {
  const result = await db.execute(sql`
    select f.id as facility_id, f.name as facility_name, r.id as room_id, r.name as room_name, count(*)::int as count
      from equipment e
      join facilities f on f.id = e.facility_id
      left join rooms r on r.id = e.room_id
     where e.kind = 'motor'
     group by f.id, f.name, r.id, r.name
     order by f.name, r.name nulls first`);
  return rowsOf<{
    facility_id: string;
    facility_name: string;
    room_id: string | null;
    room_name: string | null;
    count: number;
  }>(result).map((row) => ({
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    roomId: row.room_id,
    roomName: row.room_name,
    count: Number(row.count),
  }));
}
