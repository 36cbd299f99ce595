import { eq, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users, type UserRow } from '@sentinela/db/schema/accounts';
import type { Language } from '@sentinela/shared/language';
import { countFailuresFrom } from '../../platform/audit';
import { AppError } from '../../platform/errors';

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 100;

/** One address gets at most 100 failed attempts an hour, across accounts. */
export async function assertAddressNotThrottled(db: Database, ip: string, now: Date): Promise<void> {
  const failures = await countFailuresFrom(db, ip, new Date(now.getTime() - 60 * 60 * 1000));
  if (failures >= MAX_FAILURES_PER_ADDRESS_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyFromAddress');
}

export function lockedError(lockedUntil: Date, now: Date, lang: Language): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
  const time = lockedUntil.toLocaleTimeString(lang === 'pt' ? 'pt-BR' : 'en-US', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  });
  return new AppError('TOO_MANY_REQUESTS', 'auth.accountLocked', { minutes, time });
}

export function isLocked(user: UserRow, now: Date): user is UserRow & { lockedUntil: Date } {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

/**
 * Counts a failed password; the fifth in a row locks the account for 15 minutes. Atomic, so
 * parallel attempts cannot slip past the count. Answers the lock's end when it locked.
 */
export async function registerFailedLogin(db: Database, userId: string, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + LOCKOUT_MS);
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS} then 0 else ${users.failedLoginCount} + 1 end`,
      lockedUntil: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_LOGINS} then ${lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}
