import { asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type { Language } from '@sentinela/shared/language';
import {
  IMPORT_SEPARATOR,
  importColumnWords,
  type RegistryExportOutput,
  type RegistryImportEntity,
} from '@sentinela/shared/registry-import';
import { csvCell } from './csv';
import { equipmentRegistryColumns, facilityRegistryColumns, roomRegistryColumns } from './registry-change';

type Cell = string | number | null | undefined;

/** A facility's columns in the file: its registry fields but the id (the code names it). */
const { id: _id, ...facilityFileColumns } = facilityRegistryColumns;
/** A room's: its registry fields but the ids (its facility's code and its name name it). */
const { id: _roomId, facilityId: _roomFacilityId, ...roomFileColumns } = roomRegistryColumns;
/** An equipment's: its registry fields, its facility, room and gateway named by code, name and id. */
const {
  facilityId: _facilityId,
  roomId: _equipmentRoomId,
  gatewayId: _gatewayId,
  ...equipmentFileColumns
} = equipmentRegistryColumns;

const BOM = '\uFEFF';
const fileNames: Record<Language, Record<RegistryImportEntity, string>> = {
  pt: { facilities: 'instalacoes', rooms: 'salas', equipment: 'equipamentos' },
  en: { facilities: 'facilities', rooms: 'rooms', equipment: 'equipment' },
};

/** A number as the import reads it back: a decimal comma in Portuguese; never quoted or neutralised. */
function numberCell(value: number, lang: Language): string {
  const text = String(value);
  return lang === 'pt' ? text.replace('.', ',') : text;
}

async function recordsOf(db: Database, entity: RegistryImportEntity): Promise<Record<string, Cell>[]> {
  if (entity === 'facilities') {
    return db.select(facilityFileColumns).from(facilities).orderBy(asc(facilities.code));
  }
  if (entity === 'rooms') {
    return db
      .select({ facility: facilities.code, ...roomFileColumns })
      .from(rooms)
      .innerJoin(facilities, eq(facilities.id, rooms.facilityId))
      .orderBy(asc(facilities.code), asc(rooms.name));
  }
  const rows = await db
    .select({ ...equipmentFileColumns, facility: facilities.code, room: rooms.name, gateway: equipment.gatewayId })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .leftJoin(rooms, eq(rooms.id, equipment.roomId))
    // Retired equipment is not written by an import: the file holds what is in service.
    .where(isNull(equipment.retiredAt))
    .orderBy(asc(equipment.id));
  return rows.map(({ rated, metrics, ...row }) => ({
    ...row,
    ...Object.fromEntries(Object.entries(rated).map(([key, value]) => [`rated.${key}`, value])),
    // Blank: the kind's defaults.
    metrics: metrics ? metrics.join(', ') : null,
  }));
}

/**
 * The registry of one entity as a CSV file the import reads back unchanged (same columns, header
 * in the caller's language, `;`, UTF-8 with a BOM): export, edit in a spreadsheet, import.
 */
export async function exportRegistry(
  db: Database,
  entity: RegistryImportEntity,
  lang: Language,
  now: Date,
): Promise<RegistryExportOutput> {
  const columns = importColumnWords[entity];
  const records = await recordsOf(db, entity);
  const line = (cells: string[]) => cells.join(IMPORT_SEPARATOR);
  const lines = [line(columns.map((column) => csvCell(column[lang], IMPORT_SEPARATOR)))];
  for (const record of records) {
    lines.push(
      line(
        columns.map(({ field }) => {
          const value = record[field];
          return typeof value === 'number' ? numberCell(value, lang) : csvCell(value, IMPORT_SEPARATOR);
        }),
      ),
    );
  }
  return {
    filename: `${fileNames[lang][entity]}-${now.toISOString().slice(0, 10)}.csv`,
    csv: `${BOM}${lines.join('\r\n')}\r\n`,
    rows: records.length,
  };
}
