import { asc, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { EventItem, EventKind, EventParams, eventFilters, eventsListInput } from '@sentinela/shared/events';
import { eventKinds } from '@sentinela/shared/event-values';
import { alertSeverities } from '@sentinela/shared/alert-values';
import { AppError } from '../../platform/errors';
import { placesPending } from '../../platform/place-backfill';
import { auditKindOf, sourceQueries, type SourceFilters } from './event-sources';
import { namedRef } from '../../platform/refs';

/** How the sources are read: `oneStatement` on PGlite (one connection, one statement at a time). */
export interface ReadOptions {
  oneStatement?: boolean;
}

/** Who reads the timeline: only administrators see account events. */
export interface EventsReader {
  role: 'admin' | 'operator' | 'viewer';
}

const row = zod.object({
  id: zod.string(),
  at_key: zod.string(),
  /** Null on audit rows: worked out from the action (auditKindOf). */
  kind: zod.enum(eventKinds).nullable(),
  code: zod.string(),
  params: zod.unknown(),
  severity: zod.enum(alertSeverities).nullable(),
  result: zod.enum(['success', 'failure', 'denied']).nullable(),
  actor: zod.string(),
  subject_type: zod
    .enum(['equipment', 'alert', 'workOrder', 'plan', 'schedule', 'facility', 'room', 'user'])
    .nullable(),
  subject_id: zod.string().nullable(),
  subject_label: zod.string().nullable(),
  equipment_id: zod.string().nullable(),
  equipment_name: zod.string().nullable(),
  facility_id: zod.string().nullable(),
  facility_name: zod.string().nullable(),
  facility_tz: zod.string().nullable(),
  alert_message: zod.string().nullable(),
  alert_key: zod.string().nullable(),
  alert_params: zod.unknown(),
});
type Row = z.output<typeof row>;

// ——— the cursor: the last entry's exact time and id, opaque to the client ———

export function encodeCursor(atKey: string, id: string): string {
  return Buffer.from(JSON.stringify([atKey, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length <= 120
    )
      return { at: value[0], id: value[1] };
  } catch {
    // falls through to the refusal
  }
  throw new AppError('BAD_REQUEST', 'validation.cursor');
}

/** A message's parameters: plain values only (nested details stay in the audit log), short. */
export function plainParams(value: unknown): EventParams {
  const params: EventParams = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return params;
  let n = 0;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (n >= 16) break;
    if (typeof v === 'string') params[key] = v.length > 300 ? `${v.slice(0, 299)}…` : v;
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) params[key] = v;
    else continue;
    n++;
  }
  return params;
}

function alertParams(value: unknown): Record<string, string | number> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>))
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  return out;
}

function itemOf(r: Row): EventItem {
  return {
    id: r.id,
    at: new Date(r.at_key),
    kind: r.kind ?? auditKindOf(r.code),
    code: r.code,
    params: plainParams(r.params),
    severity: r.severity,
    result: r.result,
    actor: r.actor,
    subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id, label: r.subject_label } : null,
    equipment: namedRef(r.equipment_id, r.equipment_name),
    facility:
      r.facility_id && r.facility_name && r.facility_tz
        ? { id: r.facility_id, name: r.facility_name, timezone: r.facility_tz }
        : null,
    alert:
      r.alert_message !== null
        ? { message: r.alert_message, messageKey: r.alert_key, messageParams: alertParams(r.alert_params) }
        : null,
  };
}

/** Newest first; the same time, by id (as text, byte order: what `collate "C"` sorts by in SQL). */
const newestFirst = (a: Row, b: Row) =>
  a.at_key === b.at_key ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at_key < b.at_key ? 1 : -1;

function sourceFilters(
  filters: z.output<typeof eventFilters>,
  reader: EventsReader,
  cursor: string | undefined,
): SourceFilters {
  const admin = reader.role === 'admin';
  let kinds: Set<EventKind> | null = filters.kinds && filters.kinds.length > 0 ? new Set(filters.kinds) : null;
  if (kinds && !admin) kinds.delete('account');
  if (kinds && kinds.size === 0) kinds = new Set<EventKind>(); // only account asked by a non-admin: nothing
  return {
    kinds,
    facilityId: filters.facilityId,
    equipmentId: filters.equipmentId,
    actor: filters.actor,
    from: filters.from,
    to: filters.to,
    admin,
    cursor: cursor ? decodeCursor(cursor) : undefined,
  };
}

/** A place filter also finds the rows the place backfill has not reached yet (ADR 035). */
async function withPending(db: Database, f: SourceFilters): Promise<SourceFilters> {
  if (f.facilityId === undefined && f.equipmentId === undefined) return f;
  return { ...f, pending: await placesPending(db) };
}

/**
 * `limit` rows of the timeline after `cursor`: each source's newest `limit + 1` under the
 * filters, merged; answers the rows and whether more follow.
 */
async function readPage(
  db: Database,
  f: SourceFilters,
  limit: number,
  options: ReadOptions,
): Promise<{ rows: Row[]; more: boolean }> {
  if (f.kinds && f.kinds.size === 0) return { rows: [], more: false };
  const queries = sourceQueries(f, limit + 1);
  // PGlite runs one statement at a time: the sources as one statement (each its own ordered,
  // limited subquery) spare it a round trip each (no JIT there to turn off). PostgreSQL runs them
  // side by side on the pool.
  if (options.oneStatement) {
    const union = sql.join(
      queries.map((query, i) => sql`select * from (${query}) ${sql.raw(`s${i}`)}`),
      sql` union all `,
    );
    const all = parseRows(row, await db.execute(union));
    all.sort(newestFirst);
    return { rows: all.slice(0, limit), more: all.length > limit };
  }
  const results = await Promise.all(queries.map((query) => db.execute(query)));
  const all = results.flatMap((result) => parseRows(row, result));
  all.sort(newestFirst);
  return { rows: all.slice(0, limit), more: all.length > limit };
}

export async function listEvents(
  db: Database,
  reader: EventsReader,
  input: z.output<typeof eventsListInput>,
  options: ReadOptions = {},
): Promise<{ items: EventItem[]; nextCursor: string | null }> {
  const f = await withPending(db, sourceFilters(input.filters, reader, input.cursor));
  const { rows, more } = await readPage(db, f, input.limit, options);
  const last = rows.at(-1);
  return { items: rows.map(itemOf), nextCursor: more && last ? encodeCursor(last.at_key, last.id) : null };
}

/** Every event the filters match, newest first, a page at a time, at most `max` (+1 to tell it was cut). */
export async function collectEvents(
  db: Database,
  reader: EventsReader,
  filters: z.output<typeof eventFilters>,
  max: number,
  options: ReadOptions = {},
): Promise<EventItem[]> {
  const items: EventItem[] = [];
  let f = await withPending(db, sourceFilters(filters, reader, undefined));
  while (items.length <= max) {
    const want = Math.min(1000, max + 1 - items.length);
    const { rows, more } = await readPage(db, f, want, options);
    items.push(...rows.map(itemOf));
    const last = rows.at(-1);
    if (!more || !last) break;
    f = { ...f, cursor: { at: last.at_key, id: last.id } };
  }
  return items;
}

/** The actor filter's choices: every enabled user (their e-mails are what the timeline shows). */
export async function eventActors(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(isNull(users.disabledAt))
    .orderBy(asc(users.email));
}
