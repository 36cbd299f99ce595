import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { auditLog } from '@sentinela/db/schema/audit';

export type AuditResult = (typeof auditLog.$inferInsert)['result'];

/** Where a request came from, as the audit log records it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

export interface AuditEntry {
  action: string;
  result: AuditResult;
  userId?: string | null;
  actorEmail?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Database, origin: RequestOrigin, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    result: entry.result,
    userId: entry.userId ?? null,
    actorEmail: entry.actorEmail ?? null,
    target: entry.target ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
    details: entry.details ?? null,
  });
}

/** Failed attempts recorded from one address since `since` (across accounts). */
export async function countFailuresFrom(db: Database, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.ip, ip), eq(auditLog.result, 'failure'), gt(auditLog.at, since)));
  return row?.n ?? 0;
}
