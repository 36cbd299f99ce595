import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { commands, equipment } from '@sentinela/db/schema/plant';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { Page } from '@sentinela/shared/page';
import type {
  MotorCommand,
  MotorItem,
  MotorLocation,
  MotorSummary,
  motorCommandsInput,
  motorListInput,
  motorScopeInput,
} from '@sentinela/shared/motors';
import { z } from 'zod';
import { deviceBase, deviceLocations, listDevices, type DeviceColumns } from '../plant/device-list';
import { epochMs, equipmentWhere, type EquipmentFilter } from '../plant/equipment-sql';
import { sqlCount, sqlEpochDate, sqlNumber } from '../plant/sql-values';
import { statusCountColumns, statusCountsOf, statusCountsRow } from '../plant/status-counts';
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
const isOn = sql`coalesce((e.state -> 'on') = 'true'::jsonb, false)`;

const motorRow = {
  is_on: z.boolean(),
  last_seen_ms: sqlEpochDate,
  temperature: sqlNumber,
  vibration: sqlNumber,
  current_a: sqlNumber,
  efficiency: sqlNumber,
  rpm: sqlNumber,
  power_kw: sqlNumber,
};

function motorWhere(input: EquipmentFilter & { power?: 'on' | 'off' | undefined }): SQL {
  const extra = input.power === 'on' ? [isOn] : input.power === 'off' ? [sql`not ${isOn}`] : [];
  return equipmentWhere('motor', input, extra);
}

/** The motor's own columns: its confirmed state, last message and newest readings. */
const motorColumns: DeviceColumns<typeof motorRow> = {
  columns: sql`${isOn} as is_on, ${epochMs(sql`e.last_seen_at`)} as last_seen_ms,
             m.temperature, m.vibration, m.current_a, m.efficiency, m.rpm, m.power_kw`,
  readings: latestReadings,
  row: motorRow,
};

/** One page of motors (server-side filters), each with its latest readings, by name. */
export async function listMotors(db: Database, input: z.output<typeof motorListInput>): Promise<Page<MotorItem>> {
  const page = await listDevices(db, motorColumns, motorWhere(input), input);
  const items = page.items.map((row) => ({
    ...deviceBase(row),
    on: row.is_on,
    rated: row.rated,
    lastSeenAt: row.last_seen_ms,
    readingsAt: row.readings_ms,
    readings: {
      temperature: row.temperature,
      vibration: row.vibration,
      current: row.current_a,
      efficiency: row.efficiency,
      rpm: row.rpm,
      powerKw: row.power_kw,
    },
  }));
  return { ...page, items };
}

const summaryRow = z.object({
  ...statusCountsRow,
  operating: sqlCount,
  average_temperature: sqlNumber,
  temperature_count: sqlCount,
  average_efficiency: sqlNumber,
  efficiency_count: sqlCount,
  total_power_kw: sqlCount,
  rated_power_kw: sqlCount,
  readings_ms: sqlEpochDate,
});

/**
 * The motors page's headline figures, aggregated in SQL over the motors in scope:
 * operating = online and confirmed on; average temperature over the online motors' latest
 * readings; average efficiency over the operating motors whose newest message carried one;
 * power = sum of the online motors' latest active power.
 */
export async function motorSummary(db: Database, input: z.output<typeof motorScopeInput>): Promise<MotorSummary> {
  const online = sql`e.status = 'online'`;
  const result = await db.execute(sql`
    select ${statusCountColumns},
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
  const [row] = parseRows(summaryRow, result);
  if (!row) throw new Error('an aggregate answers one row');
  const { total, ...byStatus } = statusCountsOf(row);
  return {
    total,
    byStatus,
    operating: row.operating,
    averageTemperature: row.average_temperature,
    temperatureCount: row.temperature_count,
    averageEfficiency: row.average_efficiency,
    efficiencyCount: row.efficiency_count,
    totalPowerKw: row.total_power_kw,
    ratedPowerKw: row.rated_power_kw,
    readingsAt: row.readings_ms,
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
      errorCode: commands.errorCode,
      requestedByName: users.name,
    })
    .from(commands)
    .leftJoin(users, eq(users.id, commands.requestedBy))
    .where(eq(commands.equipmentId, input.id))
    .orderBy(desc(commands.requestedAt), desc(commands.id))
    .limit(input.limit);
}

/** The facilities and rooms that hold motors, for the page's filters. */
export function motorLocations(db: Database): Promise<MotorLocation[]> {
  return deviceLocations(db, 'motor');
}
