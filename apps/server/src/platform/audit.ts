import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';

export type AuditResult = (typeof auditLog.$inferInsert)['result'];

/** Where a request came from, as the audit log records it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** Who changes a record and from where: what an audited change needs. */
export interface ChangeCaller {
  db: Database;
  actor: { id: string; email: string };
  origin: RequestOrigin;
}

/**
 * Who the server's own jobs act as (light schedules, preventive plans): no user, so the command
 * log's requested_by and the audit's user read "nobody".
 */
export const SYSTEM_ACTOR = { id: '00000000-0000-0000-0000-000000000000', email: 'system' } as const;

export interface AuditEntry {
  action: string;
  result: AuditResult;
  userId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

/** The fields of an entry that name who acted. */
export function actedBy(user: { id: string; email: string }): Pick<AuditEntry, 'userId' | 'actorEmail'> {
  return { userId: user.id, actorEmail: user.email };
}

/**
 * Writes one entry. `db` may be a transaction: an entry about a record change is written with
 * the change (see `auditedChange`), so both are kept or neither.
 */
export async function recordAudit(db: Database, origin: RequestOrigin, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(origin, entry));
}

/** The row of one entry (several are inserted at once by the bulk changes: imports, provisioning). */
export function auditRow(origin: RequestOrigin, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    action: entry.action,
    result: entry.result,
    userId: entry.userId ?? null,
    actorEmail: entry.actorEmail ?? null,
    target: entry.target ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
  };
}

/**
 * Runs a record change and its audit entry in one transaction: a change that fails writes no
 * entry, an entry that cannot be written rolls the change back. `entryOf` sees the change's answer.
 * Inside `change`, use only `tx` (PGlite serialises: a query on `db` would wait for this transaction).
 */
export function auditedChange<T>(
  db: Database,
  origin: RequestOrigin,
  change: (tx: Database) => Promise<T>,
  entryOf: (result: T) => AuditEntry,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, origin, entryOf(result));
    return result;
  });
}

/** What a user's audited change records beside the actor and the result: the action, its target and details. */
export interface ChangeEntry {
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * `auditedChange` for a change a user makes: the entry is a success by `caller.actor`, with the
 * action, target and details `entryOf` gives for the change's answer.
 */
export function callerChange<T>(
  caller: ChangeCaller,
  change: (tx: Database) => Promise<T>,
  entryOf: (result: T) => ChangeEntry,
): Promise<T> {
  return auditedChange(caller.db, caller.origin, change, (result) => ({
    ...actedBy(caller.actor),
    result: 'success',
    ...entryOf(result),
  }));
}

/**
 * A change that may be refused, as an administrator's decision on an account: `change` runs in one
 * transaction with its success entry (as `auditedChange`); when it throws, nothing of it is kept, a
 * failure entry (`failureOf(error)`) is written instead and the error is thrown on.
 */
export function auditedOrRefused<T>(
  db: Database,
  origin: RequestOrigin,
  change: (tx: Database) => Promise<T>,
  successOf: (result: T) => AuditEntry,
  failureOf: (error: unknown) => AuditEntry,
): Promise<T> {
  return auditedChange(db, origin, change, successOf).catch(async (error: unknown) => {
    await recordAudit(db, origin, failureOf(error));
    throw error;
  });
}

/**
 * A record's history: its successful audit entries, oldest first, each with its details as an
 * object or null (a work order's or a purchase order's sheet).
 */
export async function auditHistory(db: Database, target: string) {
  const rows = await db
    .select({ at: auditLog.at, action: auditLog.action, actor: auditLog.actorEmail, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.target, target), eq(auditLog.result, 'success')))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map((h) => ({ ...h, details: (h.details as Record<string, unknown> | null) ?? null }));
}
