import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { sessions, users, type UserRow } from '@sentinela/db/schema/accounts';
import type { SessionUser } from '@sentinela/shared/auth-rules';
import type { RequestOrigin } from '../../platform/audit';
import { hashToken, newToken } from './crypto';
import type { SessionCache, SessionRecord } from './session-cache';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  id: string;
  user: UserRow;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    twoFactorMethod: user.twoFactorMethod ?? null,
  };
}

/**
 * Opens a session: every way in (password and code, registration, the rotation after 2FA
 * setup) goes through here, so here is where the account's last sign-in is recorded — the
 * users page's "Último acesso" / "Last access".
 */
export async function createSession(
  db: Database,
  userId: string,
  origin: RequestOrigin,
  now: Date,
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
  });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

/**
 * The session a cookie token names, if it is still alive (idle 12 h, absolute 7 days). With a
 * cache (the server's; ADR 034) the row may come from it, but the expiries and a disabled account
 * are checked here on every call all the same.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<ResolvedSession | null> {
  const id = hashToken(token);
  const read = () => readSession(db, id);
  const row = cache ? await cache.get(id, read) : await read();
  if (!row) return null;
  const idleSince = now.getTime() - row.session.lastSeenAt.getTime();
  if (row.session.expiresAt <= now || idleSince > SESSION_IDLE_MS || row.user.disabledAt) {
    cache?.forget(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (idleSince > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    cache?.touched(id, now);
  }
  return { id, user: row.user };
}

async function readSession(db: Database, id: string): Promise<SessionRecord | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id));
  return row ?? null;
}

export async function deleteSessionById(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function listSessions(db: Database, userId: string, currentId: string) {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.lastSeenAt);
  return rows.reverse().map((s) => ({
    // The public id is a prefix of the hash: enough to name it, useless as a credential.
    id: s.id.slice(0, 16),
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt,
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === currentId,
  }));
}

/** Signs out every other browser of the user; answers how many. */
export async function deleteOtherSessions(db: Database, userId: string, currentId: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return removed.length;
}

/** Housekeeping: sessions past either expiry. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
