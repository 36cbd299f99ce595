import { inArray, sql, type SQL } from 'drizzle-orm';
import type { EquipmentKind as Kind } from '@sentinela/shared/plant';
import type { Database } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type { Language } from '@sentinela/shared/language';
import { isServerMessageKey, translateServerMessage } from '@sentinela/shared/messages';
import type { EquipmentKind } from '@sentinela/shared/plant';
import {
  equipmentCreateInput,
  facilityCreateInput,
  nameplateFields,
  roomCreateInput,
} from '@sentinela/shared/registry';
import {
  MAX_IMPORT_RESULTS,
  type ImportAction,
  type ImportLineResult,
  type RegistryImportEntity,
  type RegistryImportOutput,
  type registryImportInput,
} from '@sentinela/shared/registry-import';
import type { z } from 'zod';
import { actedBy, auditRow } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sqlState } from '../../platform/sql-state';
import {
  changedFields,
  equipmentHasHistory,
  equipmentRegistryColumns,
  equipmentStoredFields,
  facilityRegistryColumns,
  facilityStoredFields,
  gatewayRefusal,
  initialEquipmentState,
  type GatewayInfo,
  roomRegistryColumns,
  roomStoredFields,
  type RegistryCaller,
} from './registry-change';
import { ratedOf, readRegistryCsv, type ImportRow, type LineIssue } from './registry-csv';

/**
 * The registry imported from a CSV file. A dry run resolves every line against the database
 * and the file's other lines and answers what it would do (create, update with the changes,
 * unchanged, refuse with reasons). Applying plans again inside one transaction and writes only
 * when no line is refused: every line or none, each created or changed record audited with
 * its values, and one `registry.import` entry summing up.
 */

/** Rows per multi-row statement (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 500;
/** A placeholder id for a reference that did not resolve: the line is refused anyway, the schema still checks the rest. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** One planned line: what it does and, if it writes, the values and the audit details. */
interface Plan {
  line: number;
  key: string;
  action: ImportAction;
  issues: LineIssue[];
  changes?: Record<string, [unknown, unknown]>;
  /** create: the row to insert; update: the key and the new values. */
  write?: Record<string, unknown>;
  /** The audit entry's target (code, or the room's id once known). */
  target?: string;
}

type Input = z.output<typeof registryImportInput>;

export async function importRegistry(
  caller: RegistryCaller,
  input: Input,
  lang: Language,
): Promise<RegistryImportOutput> {
  const file = readRegistryCsv(input.entity, input.csv);
  if (!input.apply) return answer(input.entity, false, await plan(caller.db, input.entity, file.rows), lang);
  try {
    const plans = await caller.db.transaction(async (tx) => {
      const plans = await plan(tx, input.entity, file.rows);
      const refused = plans.filter((p) => p.action === 'refuse').length;
      if (refused > 0) throw new AppError('BAD_REQUEST', 'registry.importRefused', { count: refused });
      await write(tx, caller, input.entity, plans);
      return plans;
    });
    return answer(input.entity, true, plans, lang);
  } catch (error) {
    // A unique key or a referenced record taken or removed by another request meanwhile.
    const state = sqlState(error);
    if (state === '23505' || state === '23503') throw new AppError('CONFLICT', 'registry.importConflict');
    throw error;
  }
}

function plan(db: Database, entity: RegistryImportEntity, rows: ImportRow[]): Promise<Plan[]> {
  if (entity === 'facilities') return planFacilities(db, rows);
  if (entity === 'rooms') return planRooms(db, rows);
  return planEquipment(db, rows);
}

/** The issues of a schema's refusal, by column (facilityId → facility, id → code…). */
function schemaIssues(error: z.ZodError, already: LineIssue[]): LineIssue[] {
  const fieldOf: Record<string, string> = { facilityId: 'facility', roomId: 'room', gatewayId: 'gateway' };
  const taken = new Set(already.map((i) => i.field));
  const issues: LineIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const field = fieldOf[path[0] ?? ''] ?? path.join('.');
    // A cell already refused (a number that is text) is not refused twice.
    if (taken.has(field)) continue;
    taken.add(field);
    issues.push({ field, key: isServerMessageKey(issue.message) ? issue.message : 'registry.importInvalidValue' });
  }
  return issues;
}

/** The line repeats an earlier line's record: refused, naming the first. */
function duplicateOf(seen: Map<string, number>, key: string, line: number, field: string): LineIssue[] {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, line);
    return [];
  }
  return [{ field, key: 'registry.importDuplicate', params: { line: first } }];
}

/** A facility code that names none: blank, or unknown. */
const facilityRefusal = (code: string) => (code === '' ? 'validation.required' : 'registry.facilityNotFound');

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Settles a line: refused if it has issues, else create, update or unchanged against `before`. */
function settle(
  base: Omit<Plan, 'action'>,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): Plan {
  if (base.issues.length > 0) return { ...base, action: 'refuse' };
  if (!before) return { ...base, action: 'create', write: after };
  const changes = changedFields(before, after);
  if (Object.keys(changes).length === 0) return { ...base, action: 'unchanged' };
  return { ...base, action: 'update', changes, write: after };
}

// ——— facilities ———

async function planFacilities(db: Database, rows: ImportRow[]): Promise<Plan[]> {
  const existing = new Map((await db.select(facilityRegistryColumns).from(facilities)).map((f) => [f.code, f]));
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const code = text(row.values.code);
    const before = existing.get(code);
    const parsed = facilityCreateInput.safeParse({ ...before, ...row.values, code });
    const issues = [...row.issues, ...duplicateOf(seen, code, row.line, 'code')];
    if (!parsed.success) issues.push(...schemaIssues(parsed.error, issues));
    const base = { line: row.line, key: code, issues, target: code };
    if (!parsed.success || issues.length > 0) return { ...base, action: 'refuse' };
    const after = facilityStoredFields(parsed.data);
    const plan = settle(base, before && facilityStoredFields(before), after);
    if (plan.write) plan.write = before ? { id: before.id, ...after } : { code, ...after };
    return plan;
  });
}

// ——— rooms ———

const roomKey = (facilityId: string, name: string) => `${facilityId}\u0000${name}`;

async function planRooms(db: Database, rows: ImportRow[]): Promise<Plan[]> {
  const facilityIds = new Map(
    (await db.select({ id: facilities.id, code: facilities.code }).from(facilities)).map((f) => [f.code, f.id]),
  );
  const existing = new Map(
    (await db.select(roomRegistryColumns).from(rooms)).map((r) => [roomKey(r.facilityId, r.name), r]),
  );
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const code = text(row.values.facility);
    const name = text(row.values.name);
    const facilityId = facilityIds.get(code);
    const issues = [...row.issues];
    if (!facilityId) issues.push({ field: 'facility', key: facilityRefusal(code) });
    const before = facilityId ? existing.get(roomKey(facilityId, name)) : undefined;
    const parsed = roomCreateInput.safeParse({ ...before, ...row.values, facilityId: facilityId ?? NO_ID });
    issues.push(...duplicateOf(seen, roomKey(facilityId ?? code, name), row.line, 'name'));
    if (!parsed.success) issues.push(...schemaIssues(parsed.error, issues));
    const base = { line: row.line, key: `${code} / ${name}`, issues, target: before?.id };
    if (!parsed.success || issues.length > 0) return { ...base, action: 'refuse' };
    const after = roomStoredFields(parsed.data);
    const plan = settle(base, before && roomStoredFields(before), after);
    if (plan.write) plan.write = { id: before?.id, facilityId, ...after };
    return plan;
  });
}

// ——— equipment ———

const equipmentColumns = { ...equipmentRegistryColumns, hasHistory: equipmentHasHistory };

const sortedKeys = (record: Record<string, number>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The stored form of an equipment's fields (as equipment-registry.service writes them). */
const equipmentFieldsOf = equipmentStoredFields;

async function planEquipment(db: Database, rows: ImportRow[]): Promise<Plan[]> {
  const facilityIds = new Map(
    (await db.select({ id: facilities.id, code: facilities.code }).from(facilities)).map((f) => [f.code, f.id]),
  );
  const allRooms = await db.select({ id: rooms.id, facilityId: rooms.facilityId, name: rooms.name }).from(rooms);
  const roomIds = new Map(allRooms.map((r) => [roomKey(r.facilityId, r.name), r.id]));
  const roomNames = new Set(allRooms.map((r) => r.name));
  const codes = [...new Set(rows.map((r) => text(r.values.id)).filter((c) => c !== ''))];
  const existing = new Map<string, Awaited<ReturnType<typeof loadEquipment>>[number]>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    for (const e of await loadEquipment(db, codes.slice(i, i + CHUNK))) existing.set(e.id, e);
  }
  const gateways = await gatewaysOf(db, rows, existing, facilityIds);
  const seen = new Map<string, number>();

  return rows.map((row) => {
    const code = text(row.values.id);
    const facilityCode = text(row.values.facility);
    const before = existing.get(code);
    const issues = [...row.issues, ...duplicateOf(seen, code, row.line, 'id')];
    const facilityId = facilityIds.get(facilityCode);
    if (!facilityId) issues.push({ field: 'facility', key: facilityRefusal(facilityCode) });

    // The room: named in the file, or (no Room column) the one it is in if it stays in its facility.
    let roomId: string | null = null;
    if ('room' in row.values) {
      const name = text(row.values.room);
      if (name !== '' && facilityId) {
        roomId = roomIds.get(roomKey(facilityId, name)) ?? null;
        if (!roomId) {
          const key = roomNames.has(name) ? 'registry.roomOfOtherFacility' : 'registry.roomNotFound';
          issues.push({ field: 'room', key });
        }
      }
    } else if (before && before.facilityId === facilityId) {
      roomId = before.roomId;
    }

    const kind = (row.values.kind ?? before?.kind) as EquipmentKind;
    // Nameplate values: the record's (those its kind has), then the file's columns.
    const keys = new Set((nameplateFields[kind] ?? []).map((f) => f.key));
    const rated: Record<string, number> = {};
    for (const [key, value] of Object.entries(before?.rated ?? {})) if (keys.has(key)) rated[key] = value;
    for (const [key, value] of Object.entries(ratedOf(row.values))) {
      if (value === null) delete rated[key];
      else rated[key] = value;
    }
    const metrics = 'metrics' in row.values ? row.values.metrics : before?.metrics;
    // The gateway: named by its code in the file, or (no Gateway column) the one it had.
    const gatewayId = 'gateway' in row.values ? text(row.values.gateway) || null : (before?.gatewayId ?? null);

    const parsed = equipmentCreateInput.safeParse({
      ...(before && { ...before, hasHistory: undefined }),
      ...Object.fromEntries(Object.entries(row.values).filter(([field]) => !field.startsWith('rated.'))),
      id: code,
      facilityId: facilityId ?? NO_ID,
      roomId,
      rated,
      metrics: metrics ?? undefined,
      gatewayId,
    });
    if (!parsed.success) issues.push(...schemaIssues(parsed.error, issues));
    if (parsed.success && gatewayId && facilityId && !issues.some((i) => i.field === 'gateway')) {
      const key = gatewayRefusal(gateways.get(gatewayId), facilityId, before?.gatewayId === gatewayId);
      if (key) issues.push({ field: 'gateway', key, params: { code: gatewayId } });
    }
    if (before && parsed.success && before.kind !== parsed.data.kind && before.hasHistory) {
      issues.push({ field: 'kind', key: 'registry.importKindWithHistory' });
    }
    const base = { line: row.line, key: code, issues, target: code };
    if (!parsed.success || issues.length > 0) return { ...base, action: 'refuse' };
    const after = equipmentFieldsOf(parsed.data);
    const plan = settle(base, before && { ...before, hasHistory: undefined, rated: sortedKeys(before.rated) }, {
      ...after,
      hasHistory: undefined,
    });
    if (plan.write) plan.write = { id: code, ...after };
    return plan;
  });
}

/**
 * The equipment the file names as gateways, as they will be once the file is written: a line of
 * the file gives its kind and facility; otherwise the registry's record.
 */
async function gatewaysOf(
  db: Database,
  rows: ImportRow[],
  existing: Map<string, { kind: Kind; facilityId: string; gatewayId: string | null }>,
  facilityIds: Map<string, string>,
): Promise<Map<string, GatewayInfo>> {
  const gatewayOf = (r: ImportRow) =>
    'gateway' in r.values ? text(r.values.gateway) : (existing.get(text(r.values.id))?.gatewayId ?? '');
  const named = [...new Set(rows.map(gatewayOf).filter((c) => c !== ''))];
  const gateways = new Map<string, GatewayInfo>();
  for (let i = 0; i < named.length; i += CHUNK) {
    const found = await db
      .select({
        id: equipment.id,
        kind: equipment.kind,
        facilityId: equipment.facilityId,
        retiredAt: equipment.retiredAt,
      })
      .from(equipment)
      .where(inArray(equipment.id, named.slice(i, i + CHUNK)));
    for (const { id, ...info } of found) gateways.set(id, info);
  }
  const wanted = new Set(named);
  for (const row of rows) {
    const code = text(row.values.id);
    if (!wanted.has(code)) continue;
    const before = gateways.get(code) ?? existing.get(code);
    const kind = (row.values.kind ?? before?.kind) as Kind | undefined;
    const facilityId = facilityIds.get(text(row.values.facility)) ?? before?.facilityId;
    if (kind && facilityId) gateways.set(code, { kind, facilityId, retiredAt: gateways.get(code)?.retiredAt ?? null });
  }
  return gateways;
}

async function loadEquipment(db: Database, ids: string[]) {
  const rows = await db.select(equipmentColumns).from(equipment).where(inArray(equipment.id, ids));
  return rows.map((row) => ({ ...row, hasHistory: Boolean(row.hasHistory) }));
}

// ——— writing ———

/** A column of a multi-row UPDATE … FROM (VALUES …): its name in SQL, its type and its field. */
interface SetColumn {
  column: string;
  type: string;
  field: string;
}

const facilitySet: SetColumn[] = [
  { column: 'name', type: 'text', field: 'name' },
  { column: 'address', type: 'text', field: 'address' },
  { column: 'city', type: 'text', field: 'city' },
  { column: 'state', type: 'text', field: 'state' },
  { column: 'latitude', type: 'double precision', field: 'latitude' },
  { column: 'longitude', type: 'double precision', field: 'longitude' },
  { column: 'timezone', type: 'text', field: 'timezone' },
];
const roomSet: SetColumn[] = [
  { column: 'name', type: 'text', field: 'name' },
  { column: 'kind', type: 'text', field: 'kind' },
  { column: 'area_m2', type: 'double precision', field: 'areaM2' },
  { column: 'setpoint_min', type: 'double precision', field: 'setpointMin' },
  { column: 'setpoint_max', type: 'double precision', field: 'setpointMax' },
];
const equipmentSet: SetColumn[] = [
  { column: 'facility_id', type: 'uuid', field: 'facilityId' },
  { column: 'room_id', type: 'uuid', field: 'roomId' },
  { column: 'kind', type: 'text', field: 'kind' },
  { column: 'name', type: 'text', field: 'name' },
  { column: 'location', type: 'text', field: 'location' },
  { column: 'manufacturer', type: 'text', field: 'manufacturer' },
  { column: 'model', type: 'text', field: 'model' },
  { column: 'serial', type: 'text', field: 'serial' },
  { column: 'install_date', type: 'date', field: 'installDate' },
  { column: 'rated', type: 'jsonb', field: 'rated' },
  { column: 'metrics', type: 'jsonb', field: 'metrics' },
  { column: 'gateway_id', type: 'text', field: 'gatewayId' },
];

/** Updates many rows in one statement: `update t set c = v.c … from (values …) v where t.id = v.id`. */
async function updateMany(
  tx: Database,
  table: string,
  key: SetColumn,
  set: SetColumn[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const all = [key, ...set];
  const cell = (row: Record<string, unknown>, c: SetColumn): SQL => {
    const value = row[c.field] ?? null;
    const param = c.type === 'jsonb' && value !== null ? JSON.stringify(value) : value;
    return sql`cast(${param} as ${sql.raw(c.type)})`;
  };
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map(
      (row) =>
        sql`(${sql.join(
          all.map((c) => cell(row, c)),
          sql`, `,
        )})`,
    );
    await tx.execute(sql`
      update ${sql.identifier(table)} as t
         set ${sql.join(
           set.map((c) => sql`${sql.identifier(c.column)} = v.${sql.identifier(c.column)}`),
           sql`, `,
         )}
        from (values ${sql.join(values, sql`, `)}) as v(${sql.join(
          all.map((c) => sql.identifier(c.column)),
          sql`, `,
        )})
       where t.${sql.identifier(key.column)} = v.${sql.identifier(key.column)}`);
  }
}

async function inChunks<T>(items: T[], run: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/** Writes the planned lines and their audit entries (the caller's transaction). */
async function write(tx: Database, caller: RegistryCaller, entity: RegistryImportEntity, plans: Plan[]): Promise<void> {
  const creates = plans.filter((p) => p.action === 'create');
  const updates = plans.filter((p) => p.action === 'update');
  const rowsOf = (list: Plan[]) => list.map((p) => p.write!);

  if (entity === 'facilities') {
    await inChunks(rowsOf(creates), (chunk) =>
      tx.insert(facilities).values(chunk as (typeof facilities.$inferInsert)[]),
    );
    await updateMany(tx, 'facilities', { column: 'id', type: 'uuid', field: 'id' }, facilitySet, rowsOf(updates));
  } else if (entity === 'rooms') {
    const inserted = new Map<string, string>();
    await inChunks(creates, async (chunk) => {
      const rows = chunk.map((p) => {
        const { id: _id, ...values } = p.write!;
        return values as typeof rooms.$inferInsert;
      });
      const ids = await tx
        .insert(rooms)
        .values(rows)
        .returning({ id: rooms.id, facilityId: rooms.facilityId, name: rooms.name });
      for (const r of ids) inserted.set(roomKey(r.facilityId, r.name), r.id);
    });
    for (const p of creates) p.target = inserted.get(roomKey(p.write!.facilityId as string, p.write!.name as string));
    await updateMany(tx, 'rooms', { column: 'id', type: 'uuid', field: 'id' }, roomSet, rowsOf(updates));
  } else {
    // Gateways (which have none) first: a device created with the file may name one created with it.
    creates.sort((a, b) => Number(a.write!.gatewayId != null) - Number(b.write!.gatewayId != null));
    await inChunks(rowsOf(creates), (chunk) =>
      tx.insert(equipment).values(
        chunk.map((row) => ({
          ...(row as typeof equipment.$inferInsert),
          state: initialEquipmentState(row.kind as EquipmentKind),
        })),
      ),
    );
    await updateMany(tx, 'equipment', { column: 'id', type: 'text', field: 'id' }, equipmentSet, rowsOf(updates));
  }

  const entry = (action: string, target: string | null, details: Record<string, unknown>) =>
    auditRow(caller.origin, { ...actedBy(caller.actor), action, result: 'success', target, details });
  const entries = [
    ...creates.map((p) => entry(`${entity}.import.create`, p.target ?? null, { line: p.line, after: p.write })),
    ...updates.map((p) => entry(`${entity}.import.update`, p.target ?? null, { line: p.line, changes: p.changes })),
    entry('registry.import', entity, {
      entity,
      lines: plans.length,
      create: creates.length,
      update: updates.length,
      unchanged: plans.length - creates.length - updates.length,
    }),
  ];
  await inChunks(entries, (chunk) => tx.insert(auditLog).values(chunk));
}

// ——— the answer ———

const order: Record<ImportAction, number> = { refuse: 0, create: 1, update: 1, unchanged: 2 };

function answer(entity: RegistryImportEntity, applied: boolean, plans: Plan[], lang: Language): RegistryImportOutput {
  const counts = { create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const p of plans) counts[p.action]++;
  // Refusals are never the ones left out; then changes; unchanged lines last.
  const kept = [...plans]
    .sort((a, b) => order[a.action] - order[b.action] || a.line - b.line)
    .slice(0, MAX_IMPORT_RESULTS)
    .sort((a, b) => a.line - b.line);
  const lines = kept.map((p): ImportLineResult => {
    const result: ImportLineResult = { line: p.line, key: p.key, action: p.action };
    if (p.changes) result.changes = p.changes;
    if (p.action === 'refuse') {
      result.issues = p.issues.map((i) => ({ field: i.field, message: translateServerMessage(i.key, lang, i.params) }));
    }
    return result;
  });
  return { entity, applied, counts, lines, omitted: plans.length - lines.length };
}
