import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { loginChallenges, users, type UserRow } from '@sentinela/db/schema/accounts';
import type { loginInput } from '@sentinela/shared/auth';
import type { TwoFactorMethod } from '@sentinela/shared/auth-rules';
import type { z } from 'zod';
import { actedBy, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AuthDeps, Caller } from './auth-deps';
import { hashToken, newToken } from './crypto';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { consumeRecoveryCode } from './recovery-codes.service';
import { createSession, toSessionUser, type NewSession } from './sessions.service';
import { checkSmsCode, sendSmsCode } from './sms-codes.service';
import { holdSignInAttempt, lockedError } from './throttle';
import { checkTotp } from './two-factor.service';

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const MAX_CHALLENGE_FAILURES = 5;

export type LoginOutcome =
  | { kind: 'signedIn'; user: ReturnType<typeof toSessionUser>; session: NewSession }
  | { kind: 'challenge'; method: TwoFactorMethod; challenge: NewSession };

/**
 * Reserves the attempt (see `holdSignInAttempt`); a refusal by the pair's lock or the account's
 * delay is audited as denied (the address limit is not, so a flood cannot fill the log).
 */
async function holdAttempt(deps: AuthDeps, caller: Caller, email: string, userId: string | null, now: Date) {
  try {
    return await holdSignInAttempt(deps.db, caller, email, now);
  } catch (error) {
    if (error instanceof AppError && error.key !== 'auth.tooManyFromAddress') {
      await recordAudit(deps.db, caller, {
        action: 'auth.login',
        result: 'denied',
        userId,
        actorEmail: email,
        details: { reason: error.key === 'auth.accountLocked' ? 'locked' : 'delayed' },
      });
    }
    throw error;
  }
}

/** Audits the lock a failure set off, and answers it as the error to throw. */
async function lockout(deps: AuthDeps, caller: Caller, email: string, userId: string | null, until: Date, now: Date) {
  await recordAudit(deps.db, caller, {
    action: 'auth.lockout',
    result: 'denied',
    userId,
    actorEmail: email,
    details: { until: until.toISOString() },
  });
  return lockedError(until, now, caller.lang);
}

/**
 * The password step. With 2FA enabled it does not sign in: it opens a short-lived challenge
 * (and, for SMS, sends the code). The attempt is reserved before the password is checked; an
 * unknown e-mail goes the same way (same checks, same hashing time, same answers).
 */
export async function login(deps: AuthDeps, caller: Caller, input: z.output<typeof loginInput>): Promise<LoginOutcome> {
  const now = deps.now();
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const userId = user?.id ?? null;
  const attempt = await holdAttempt(deps, caller, input.email, userId, now);
  const fail = async (reason: string) =>
    recordAudit(deps.db, caller, {
      action: 'auth.login',
      result: 'failure',
      userId,
      actorEmail: input.email,
      details: { reason },
    });

  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
  else await verifyAgainstNothing(input.password);
  if (!user || !passwordOk) {
    const lockedUntil = attempt.failed();
    await fail(user ? 'wrong-password' : 'unknown-email');
    if (lockedUntil) throw await lockout(deps, caller, input.email, userId, lockedUntil, now);
    throw new AppError('UNAUTHORIZED', 'auth.invalidCredentials');
  }
  if (user.disabledAt) {
    attempt.failed();
    await fail('disabled');
    throw new AppError('FORBIDDEN', 'auth.accountDisabled');
  }

  if (user.twoFactorEnabled && user.twoFactorMethod) {
    // The account's failures (passwords and codes) stay counted until the second factor passes.
    await attempt.passed();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
    await deps.db
      .insert(loginChallenges)
      .values({ id: hashToken(token), userId: user.id, method: user.twoFactorMethod, createdAt: now, expiresAt });
    if (user.twoFactorMethod === 'sms' && user.phoneNumber) {
      await sendSmsCode(deps, caller, user.id, user.phoneNumber, 'login');
    }
    await recordAudit(deps.db, caller, {
      action: 'auth.login.password',
      result: 'success',
      ...actedBy(user),
      details: { method: user.twoFactorMethod },
    });
    return { kind: 'challenge', method: user.twoFactorMethod, challenge: { token, expiresAt } };
  }
  await attempt.signedIn();
  return { kind: 'signedIn', user: toSessionUser(user), session: await completeSignIn(deps, caller, user) };
}

async function completeSignIn(deps: AuthDeps, caller: Caller, user: UserRow): Promise<NewSession> {
  const now = deps.now();
  const session = await createSession(deps.db, user.id, caller, now);
  await recordAudit(deps.db, caller, {
    action: 'auth.login',
    result: 'success',
    ...actedBy(user),
  });
  return session;
}

/** The pending sign-in a challenge cookie names, if it is still open. */
export async function findChallenge(deps: AuthDeps, token: string | undefined) {
  if (!token) return null;
  const [row] = await deps.db
    .select({ challenge: loginChallenges, user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(and(eq(loginChallenges.id, hashToken(token)), gt(loginChallenges.expiresAt, deps.now())));
  return row ?? null;
}

/**
 * The second step: a TOTP or SMS code (by the account's method) or a recovery code. Wrong codes
 * count with the account's wrong passwords (the same lock and delay, across challenges), and
 * five tries void the pending sign-in. Both are reserved before the code is checked.
 */
export async function verifyLogin2FA(deps: AuthDeps, caller: Caller, challengeToken: string | undefined, code: string) {
  const now = deps.now();
  const found = await findChallenge(deps, challengeToken);
  if (!found) throw new AppError('UNAUTHORIZED', 'auth.challengeExpired');
  const { challenge, user } = found;
  const attempt = await holdAttempt(deps, caller, user.email, user.id, now);
  const [tried] = await deps.db
    .update(loginChallenges)
    .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
    .where(and(eq(loginChallenges.id, challenge.id), lt(loginChallenges.failedAttempts, MAX_CHALLENGE_FAILURES)))
    .returning({ tries: loginChallenges.failedAttempts });
  if (!tried) {
    // Its tries are all taken (by parallel requests): nothing was checked.
    await attempt.passed();
    await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
    throw new AppError('UNAUTHORIZED', 'auth.challengeVoided');
  }

  let via: 'totp' | 'sms' | 'recovery' | null = null;
  let failure: AppError | null = null;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    if (challenge.method === 'totp') {
      if (await checkTotp(deps, user, digits)) via = 'totp';
    } else {
      try {
        await checkSmsCode(deps, user.id, 'login', digits);
        via = 'sms';
      } catch (error) {
        failure = error instanceof AppError ? error : null;
      }
    }
  } else if (await consumeRecoveryCode(deps.db, deps.keys.codes, user.id, code, now)) {
    via = 'recovery';
  }

  if (!via) {
    const lockedUntil = attempt.failed();
    await recordAudit(deps.db, caller, {
      action: 'auth.login.2fa',
      result: 'failure',
      ...actedBy(user),
      details: { method: challenge.method },
    });
    const lock = lockedUntil ? await lockout(deps, caller, user.email, user.id, lockedUntil, now) : null;
    if (tried.tries >= MAX_CHALLENGE_FAILURES) {
      await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
      await recordAudit(deps.db, caller, {
        action: 'auth.login.2fa.voided',
        result: 'denied',
        ...actedBy(user),
      });
      throw new AppError('UNAUTHORIZED', 'auth.challengeVoided');
    }
    throw lock ?? failure ?? new AppError('BAD_REQUEST', 'auth.invalidCode');
  }

  await attempt.signedIn();
  await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
  await recordAudit(deps.db, caller, {
    action: 'auth.login.2fa',
    result: 'success',
    ...actedBy(user),
    details: { via },
  });
  const session = await completeSignIn(deps, caller, user);
  return { user: toSessionUser(user), session };
}

/** Resends the sign-in SMS of a pending challenge (throttled like every send). */
export async function resendLoginSms(deps: AuthDeps, caller: Caller, challengeToken: string | undefined) {
  const found = await findChallenge(deps, challengeToken);
  if (!found) throw new AppError('UNAUTHORIZED', 'auth.challengeExpired');
  if (found.challenge.method !== 'sms' || !found.user.phoneNumber)
    throw new AppError('BAD_REQUEST', 'auth.phoneRequired');
  return sendSmsCode(deps, caller, found.user.id, found.user.phoneNumber, 'login');
}
