import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import { authAttempts, smsCodes } from '@sentinela/db/schema/accounts';
import { translateServerMessage } from '@sentinela/shared/messages';
import { AppError } from '../../platform/errors';
import type { AuthDeps, Caller } from './auth-deps';
import { readCounter, reserveAttempt, returnAttempts, windowRule, type CounterRule } from './attempt-counters';
import { hashCode, safeEqual } from './crypto';

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_TRIES = 5;
export const SMS_RESEND_INTERVAL_MS = 30 * 1000;

type Purpose = (typeof smsCodes.$inferInsert)['purpose'];

/** One send per account and purpose every 30 s. */
const smsSendRule: CounterRule = {
  over: (now) => lte(authAttempts.lastAt, new Date(now.getTime() - SMS_RESEND_INTERVAL_MS)),
  fits: () => sql`false`,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** SMS setup codes: `limit` per 24 hours from the first (per account, and per number). */
const dailyRule = (limit: number) => windowRule(DAY_MS, limit);

/**
 * Setup codes go to a number the (maybe fresh) account typed: at most `limits.smsSetupsPerDay`
 * per account and to one number a day, so fresh accounts cannot use the portal to send SMS to
 * arbitrary numbers (ADR 033). Sign-in codes go to the number of an enabled 2FA and are not
 * counted here.
 */
async function holdDailySetupSend(deps: AuthDeps, userId: string, phoneNumber: string, now: Date): Promise<void> {
  const rule = dailyRule(deps.limits.smsSetupsPerDay);
  const account = `sms-setup-account:${userId}`;
  if ((await reserveAttempt(deps.db, account, rule, now)) === null) {
    throw new AppError('TOO_MANY_REQUESTS', 'auth.smsSetupThrottled');
  }
  if ((await reserveAttempt(deps.db, `sms-setup-number:${phoneNumber}`, rule, now)) === null) {
    await returnAttempts(deps.db, [account]);
    throw new AppError('TOO_MANY_REQUESTS', 'auth.smsSetupThrottled');
  }
}

/** Sends a new 6-digit code (earlier ones stop working); at most one every 30 s. */
export async function sendSmsCode(
  deps: AuthDeps,
  caller: Caller,
  userId: string,
  phoneNumber: string,
  purpose: Purpose,
): Promise<{ expiresAt: Date }> {
  const now = deps.now();
  // Reserved in one statement: parallel requests send one code, the others are told to wait.
  const key = `sms:${userId}:${purpose}`;
  if ((await reserveAttempt(deps.db, key, smsSendRule, now)) === null) {
    const row = await readCounter(deps.db, key);
    const waitMs = (row?.lastAt.getTime() ?? now.getTime()) + SMS_RESEND_INTERVAL_MS - now.getTime();
    throw new AppError('TOO_MANY_REQUESTS', 'auth.smsThrottled', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
  }
  if (purpose === 'setup') await holdDailySetupSend(deps, userId, phoneNumber, now);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.userId, userId), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    await tx.insert(smsCodes).values({
      userId,
      purpose,
      phoneNumber,
      codeHash: hashCode(deps.keys.codes, userId, code),
      sentAt: now,
      expiresAt,
    });
  });
  try {
    await deps.sms.send(phoneNumber, translateServerMessage('auth.smsText', caller.lang, { code }));
  } catch {
    throw new AppError('BAD_GATEWAY', 'auth.smsFailed');
  }
  return { expiresAt };
}

/**
 * Checks a code against the latest one sent for this purpose: 5 minutes, 5 tries. Answers
 * normally when it matched (and uses it up); throws a clear error otherwise.
 */
export async function checkSmsCode(deps: AuthDeps, userId: string, purpose: Purpose, code: string): Promise<void> {
  const now = deps.now();
  const [active] = await deps.db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
    .orderBy(desc(smsCodes.sentAt))
    .limit(1);
  if (!active) throw new AppError('BAD_REQUEST', 'auth.noCodeSent');
  // The try is taken before the comparison, so parallel guesses never pass the five.
  const [tried] = await deps.db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(
      and(
        eq(smsCodes.id, active.id),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, now),
        lt(smsCodes.attempts, SMS_MAX_TRIES),
      ),
    )
    .returning({ codeHash: smsCodes.codeHash });
  if (!tried) throw new AppError('BAD_REQUEST', 'auth.codeExpired');
  if (!safeEqual(tried.codeHash, hashCode(deps.keys.codes, userId, code))) {
    throw new AppError('BAD_REQUEST', 'auth.invalidCode');
  }
  const used = await deps.db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(and(eq(smsCodes.id, active.id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (used.length !== 1) throw new AppError('BAD_REQUEST', 'auth.invalidCode');
}
