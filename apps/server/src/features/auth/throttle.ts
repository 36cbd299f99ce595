import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { authAttempts } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import type { Language } from '@sentinela/shared/language';
import { AppError } from '../../platform/errors';
import type { Caller } from './auth-deps';
import {
  at,
  clearCounters,
  readCounter,
  reserveAttempt,
  returnAttempts,
  windowRule,
  type CounterRule,
} from './attempt-counters';

/** Failures of one account from one address before that pair is locked. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
/** Failures of one account from any addresses before each further attempt waits. */
export const FREE_ACCOUNT_FAILURES = 5;
export const MAX_ACCOUNT_DELAY_S = 30;
/** A streak of failures (pair or account) ends after this long without one. */
const STREAK_IDLE_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS_PER_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;
/** An address the account completed a sign-in from within this time skips the account's delay. */
export const KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** One address: 100 failed attempts an hour from its first, across accounts. */
const addressRule = windowRule(HOUR_MS, MAX_FAILURES_PER_ADDRESS_PER_HOUR);

/** One account from one address: 5 failures in a row lock that pair for 15 minutes. */
const pairRule: CounterRule = {
  over: (now) => lte(authAttempts.lastAt, before(now, LOCKOUT_MS)),
  fits: () => lt(authAttempts.count, MAX_FAILED_LOGINS),
};

/** Seconds an account waits after `failures` failures from any addresses: 1, 2, 4 … 30. */
export function accountDelaySeconds(failures: number): number {
  return failures < FREE_ACCOUNT_FAILURES ? 0 : Math.min(2 ** (failures - FREE_ACCOUNT_FAILURES), MAX_ACCOUNT_DELAY_S);
}

/** One account from any addresses: never locked, but after 5 failures each attempt waits its delay. */
const accountRule: CounterRule = {
  over: (now) => lte(authAttempts.lastAt, before(now, STREAK_IDLE_MS)),
  fits: (now) =>
    sql`(${authAttempts.count} < ${FREE_ACCOUNT_FAILURES} or ${authAttempts.lastAt} <= ${at(now)} - least(power(2, ${authAttempts.count} - ${FREE_ACCOUNT_FAILURES}), ${MAX_ACCOUNT_DELAY_S}) * interval '1 second')`,
};

const addressKey = (ip: string) => `address:${ip}`;
const pairKey = (email: string, ip: string) => `pair:${ip} ${email}`;
const accountKey = (email: string) => `account:${email}`;

/**
 * The attempts one password or code check holds. Reserved before the check (so parallel checks
 * never pass a limit), then settled by what the check found.
 */
export interface SignInAttempt {
  /** The check failed: the attempts stay counted. Answers the lock's end if this one locked the pair. */
  failed(): Date | null;
  /** The password was right and a second factor follows: this attempt is given back, earlier failures stay. */
  passed(): Promise<void>;
  /** Signed in: the account's streaks end; the address gets this attempt back. */
  signedIn(): Promise<void>;
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

/** Whether the account (by e-mail, so unknown e-mails answer alike) signed in from this address lately. */
async function isKnownAddress(db: Database, email: string, ip: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorEmail, email),
        eq(auditLog.ip, ip),
        gt(auditLog.at, before(now, KNOWN_ADDRESS_MS)),
        // Literal, so the planner can use the partial index audit_log_sign_in_idx.
        sql`${auditLog.action} = 'auth.login' and ${auditLog.result} = 'success'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Reserves one sign-in attempt (a password or a second-factor code) for `email` from the caller's
 * address, or throws the refusal: the address's hourly limit, the pair's lock, or the account's
 * delay (skipped from an address the account signed in from lately). Works on the e-mail, not the
 * account, so an unknown e-mail is counted, locked and answered exactly like a real one.
 */
export async function holdSignInAttempt(
  db: Database,
  caller: Caller,
  email: string,
  now: Date,
): Promise<SignInAttempt> {
  const address = addressKey(caller.ip);
  const pair = pairKey(email, caller.ip);
  const account = accountKey(email);
  const known = await isKnownAddress(db, email, caller.ip, now);

  if ((await reserveAttempt(db, address, addressRule, now)) === null) {
    throw new AppError('TOO_MANY_REQUESTS', 'auth.tooManyFromAddress');
  }
  const pairCount = await reserveAttempt(db, pair, pairRule, now);
  if (pairCount === null) {
    await returnAttempts(db, [address]);
    const row = await readCounter(db, pair);
    throw lockedError(new Date((row?.lastAt ?? now).getTime() + LOCKOUT_MS), now, caller.lang);
  }
  if (!known && (await reserveAttempt(db, account, accountRule, now)) === null) {
    await returnAttempts(db, [address, pair]);
    const row = await readCounter(db, account);
    const waitMs = row ? row.lastAt.getTime() + accountDelaySeconds(row.count) * 1000 - now.getTime() : 0;
    throw new AppError('TOO_MANY_REQUESTS', 'auth.accountDelayed', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }
  const held = known ? [address, pair] : [address, pair, account];
  return {
    failed: () => (pairCount >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCKOUT_MS) : null),
    passed: () => returnAttempts(db, held),
    signedIn: async () => {
      await returnAttempts(db, [address]);
      await clearCounters(db, [pair, account]);
    },
  };
}
