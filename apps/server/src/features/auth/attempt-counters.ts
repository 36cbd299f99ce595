import { eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { authAttempts } from '@sentinela/db/schema/accounts';

/** How one counter decides, from its stored row, whether an attempt may be reserved now. */
export interface CounterRule {
  /** The stored window (or streak) is over: this attempt starts a new one at 1. */
  over: (now: Date) => SQL;
  /** Another attempt fits in the current window. */
  fits: (now: Date) => SQL;
}

export type CounterRow = typeof authAttempts.$inferSelect;

/** At most `limit` attempts in a window of `windowMs` from its first attempt. */
export const windowRule = (windowMs: number, limit: number): CounterRule => ({
  over: (now) => lte(authAttempts.windowStart, new Date(now.getTime() - windowMs)),
  fits: () => lt(authAttempts.count, limit),
});

/** A time as an SQL timestamptz (a bound parameter, never text in the statement). */
export function at(time: Date): SQL {
  return sql`${time.toISOString()}::timestamptz`;
}

/**
 * Reserves one attempt on a counter in a single statement (INSERT … ON CONFLICT DO UPDATE …
 * WHERE), so parallel requests are counted one by one and none passes the limit: PostgreSQL
 * re-checks the WHERE on the latest row version, PGlite runs one statement at a time. Answers
 * the count including this attempt, or null when the rule refuses it (nothing is written then).
 */
export async function reserveAttempt(db: Database, key: string, rule: CounterRule, now: Date): Promise<number | null> {
  const over = rule.over(now);
  const [row] = await db
    .insert(authAttempts)
    .values({ key, count: 1, windowStart: now, lastAt: now })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        count: sql`case when ${over} then 1 else ${authAttempts.count} + 1 end`,
        windowStart: sql`case when ${over} then ${at(now)} else ${authAttempts.windowStart} end`,
        lastAt: now,
      },
      setWhere: or(over, rule.fits(now)),
    })
    .returning({ count: authAttempts.count });
  return row?.count ?? null;
}

/** The stored row of a counter (to say how long a refused caller waits). */
export async function readCounter(db: Database, key: string): Promise<CounterRow | null> {
  const [row] = await db.select().from(authAttempts).where(eq(authAttempts.key, key));
  return row ?? null;
}

/** Gives back attempts reserved earlier (a check that succeeded, or a later refusal). */
export async function returnAttempts(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(authAttempts)
    .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
    .where(inArray(authAttempts.key, keys));
}

/** Ends the streaks of these counters (a completed sign-in). */
export async function clearCounters(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authAttempts).where(inArray(authAttempts.key, keys));
}

/** No counter rule looks further back than an hour, but the daily ones (keys starting DAILY_KEY_PREFIX). */
const COUNTER_MAX_AGE_MS = 60 * 60 * 1000;
const DAILY_COUNTER_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Keys of counters whose window is a day (SMS setup codes, ADR 033). */
export const DAILY_KEY_PREFIX = 'sms-setup-';

export async function purgeStaleCounters(db: Database, now: Date): Promise<void> {
  const hourAgo = at(new Date(now.getTime() - COUNTER_MAX_AGE_MS));
  const dayAgo = at(new Date(now.getTime() - DAILY_COUNTER_MAX_AGE_MS));
  const daily = `${DAILY_KEY_PREFIX}%`;
  await db
    .delete(authAttempts)
    .where(
      sql`(${authAttempts.key} not like ${daily} and ${authAttempts.lastAt} < ${hourAgo}) or ${authAttempts.windowStart} <= ${dayAgo}`,
    );
}
