import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { searchTextMatches } from '@sentinela/db/sql-helpers';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { EQUIPMENT_CSV_MAX_ROWS, type equipmentFilters, type equipmentListInput } from '@sentinela/shared/equipment';
import type { Language } from '@sentinela/shared/language';
import type { z } from 'zod';
import { csvExport, type CsvExport } from '../plant/csv';
import { equipmentCsv, equipmentCsvName } from './equipment-csv';

type Filters = z.output<typeof equipmentFilters>;

/** The WHERE of a filtered equipment list: the page, its CSV export and every picker share it. */
function filtersWhere(input: Filters): SQL | undefined {
  const filters: SQL[] = [input.retired ? isNotNull(equipment.retiredAt) : isNull(equipment.retiredAt)];
  if (input.status) filters.push(eq(equipment.status, input.status));
  if (input.kind) filters.push(eq(equipment.kind, input.kind));
  if (input.facilityId) filters.push(eq(equipment.facilityId, input.facilityId));
  if (input.roomId) filters.push(eq(equipment.roomId, input.roomId));
  if (input.search) filters.push(searchTextMatches(input.search, equipment.searchText));
  return filters.length > 0 ? and(...filters) : undefined;
}

const itemColumns = {
  id: equipment.id,
  name: equipment.name,
  kind: equipment.kind,
  status: equipment.status,
  location: equipment.location,
  facilityId: equipment.facilityId,
  facilityName: facilities.name,
  roomId: equipment.roomId,
  roomName: rooms.name,
  rated: equipment.rated,
  state: equipment.state,
  lastSeenAt: equipment.lastSeenAt,
  // The work order in progress that locks it out (no command reaches it).
  lockedBy: sql<string | null>`(select o.number from ${workOrders} o
    where o.equipment_id = ${equipment.id} and o.status = 'in_progress' order by o.started_at limit 1)`,
};

function selectItems(db: Database, where: SQL | undefined) {
  return db
    .select(itemColumns)
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .leftJoin(rooms, eq(rooms.id, equipment.roomId))
    .where(where)
    .orderBy(asc(equipment.name), asc(equipment.id));
}

/** Server-side filtered, paged equipment list (the equipment page and every picker). */
export async function listEquipment(db: Database, input: z.output<typeof equipmentListInput>) {
  const where = filtersWhere(input);
  const [items, [totals]] = await Promise.all([
    selectItems(db, where)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(equipment).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * The filtered list as a CSV file in the caller's language, in the page's order, at most
 * EQUIPMENT_CSV_MAX_ROWS rows (one more is read to tell whether the file is cut short).
 */
export async function exportEquipmentCsv(db: Database, input: Filters, lang: Language, now: Date): Promise<CsvExport> {
  const rows = await selectItems(db, filtersWhere(input)).limit(EQUIPMENT_CSV_MAX_ROWS + 1);
  return csvExport(rows, { max: EQUIPMENT_CSV_MAX_ROWS, name: equipmentCsvName, lang, now, csv: equipmentCsv });
}
