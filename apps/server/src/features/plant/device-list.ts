import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { equipmentStatusValues, type EquipmentKind } from '@sentinela/shared/plant';
import { pageOffset, type Page } from '@sentinela/shared/page';
import { z } from 'zod';
import { epochMs } from './equipment-sql';
import { sqlCount, sqlEpochDate, sqlRated } from './sql-values';

/**
 * How to list devices of one kind: the kind's own columns (over `e`, the equipment row, and `m`,
 * its newest readings), the lateral join that yields `m`, and the schema of those columns.
 */
export interface DeviceColumns<T extends z.ZodRawShape> {
  /** Selected columns, each `... as name`, comma-separated. */
  columns: SQL;
  /** `left join lateral (...) m on true`, with an `m.readings_at` column. */
  readings: SQL;
  row: T;
}

/** What every device row carries, whatever its kind. */
const deviceRow = {
  id: z.string(),
  name: z.string(),
  status: z.enum(equipmentStatusValues),
  location: z.string().nullable(),
  facility_id: z.string(),
  facility_name: z.string(),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  rated: sqlRated,
  readings_ms: sqlEpochDate,
  lockout: z.string().nullable(),
};

/** The fields of a device item every list shows (id, name, status, where it is). */
export function deviceBase(row: z.output<z.ZodObject<typeof deviceRow>>) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    location: row.location,
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    roomId: row.room_id,
    roomName: row.room_name,
    lockedBy: row.lockout,
  };
}

/**
 * One page of the devices that `where` (over `equipment e`) matches, by name, each with its
 * facility and room names, its own columns and its newest readings; and how many matched.
 * The page is cut before the joins, so the readings are looked up for this page only.
 */
export async function listDevices<T extends z.ZodRawShape>(
  db: Database,
  device: DeviceColumns<T>,
  where: SQL,
  page: { page: number; pageSize: number },
): Promise<Page<z.output<z.ZodObject<typeof deviceRow & T>>>> {
  const schema = z.object({ ...deviceRow, ...device.row });
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select e.id, e.name, e.status, e.location, e.facility_id, f.name as facility_name,
             e.room_id, r.name as room_name, e.rated,
             ${epochMs(sql`m.readings_at`)} as readings_ms,
             -- The work order in progress that locks it out (PRODUCT.md §3), shown on its switch.
             (select o.number from work_orders o where o.equipment_id = e.id and o.status = 'in_progress'
               order by o.started_at limit 1) as lockout,
             ${device.columns}
        from (select * from equipment e where ${where} order by e.name, e.id
               limit ${page.pageSize} offset ${pageOffset(page)}) e
        join facilities f on f.id = e.facility_id
        left join rooms r on r.id = e.room_id
        ${device.readings}
       order by e.name, e.id`),
    db.execute(sql`select count(*)::int as n from equipment e where ${where}`),
  ]);
  const [count] = parseRows(z.object({ n: sqlCount }), totals);
  return {
    items: parseRows(schema, rows),
    total: count?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

const locationRow = z.object({
  facility_id: z.string(),
  facility_name: z.string(),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  count: sqlCount,
});

/** The facilities and rooms that hold devices of a kind, with how many, for a page's filters. */
export async function deviceLocations(db: Database, kind: EquipmentKind) {
  const result = await db.execute(sql`
    select f.id as facility_id, f.name as facility_name, r.id as room_id, r.name as room_name, count(*)::int as count
      from equipment e
      join facilities f on f.id = e.facility_id
      left join rooms r on r.id = e.room_id
     where e.kind = ${kind} and e.retired_at is null
     group by f.id, f.name, r.id, r.name
     order by f.name, r.name nulls first`);
  return parseRows(locationRow, result).map((row) => ({
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    roomId: row.room_id,
    roomName: row.room_name,
    count: row.count,
  }));
}

const facilityCountRow = z.object({ facility_id: z.string(), facility_name: z.string(), count: sqlCount });

/** The facilities that hold devices of a kind, with how many, for a page's filter. */
export async function deviceFacilities(db: Database, kind: EquipmentKind) {
  const result = await db.execute(sql`
    select f.id as facility_id, f.name as facility_name, count(*)::int as count
      from equipment e join facilities f on f.id = e.facility_id
     where e.kind = ${kind} and e.retired_at is null
     group by f.id, f.name
     order by f.name`);
  return parseRows(facilityCountRow, result).map((row) => ({
    facilityId: row.facility_id,
    facilityName: row.facility_name,
    count: row.count,
  }));
}
