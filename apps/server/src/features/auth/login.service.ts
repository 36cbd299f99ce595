import { and, eq, gt, sql } from 'drizzle-orm';
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
import { assertAddressNotThrottled, isLocked, lockedError, registerFailedLogin } from './throttle';
import { checkTotp } from './two-factor.service';

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
export const MAX_CHALLENGE_FAILURES = 5;

export type LoginOutcome =
  | { kind: 'signedIn'; user: ReturnType<typeof toSessionUser>; session: NewSession }
  | { kind: 'challenge'; method: TwoFactorMethod; challenge: NewSession };

/**
 * The password step. With 2FA enabled it does not sign in: it opens a short-lived challenge
 * (and, for SMS, sends the code). Failures count towards the account lock and the address limit.
 */
export async function login(deps: AuthDeps, caller: Caller, input: z.output<typeof loginInput>): Promise<LoginOutcome> {
  const now = deps.now();
  await assertAddressNotThrottled(deps.db, caller.ip, now);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const fail = async (reason: string, found?: UserRow) =>
    recordAudit(deps.db, caller, {
      action: 'auth.login',
      result: 'failure',
      userId: found?.id ?? null,
      actorEmail: input.email,
      details: { reason },
    });

  if (!user) {
    await verifyAgainstNothing(input.password);
    await fail('unknown-email');
    throw new AppError('UNAUTHORIZED', 'auth.invalidCredentials');
  }
  if (isLocked(user, now)) {
    await recordAudit(deps.db, caller, {
      action: 'auth.login',
      result: 'denied',
      ...actedBy(user),
      details: { reason: 'locked' },
    });
    throw lockedError(user.lockedUntil, now, caller.lang);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const lockedUntil = await registerFailedLogin(deps.db, user.id, now);
    await fail('wrong-password', user);
    if (lockedUntil) {
      await recordAudit(deps.db, caller, {
        action: 'auth.lockout',
        result: 'denied',
        ...actedBy(user),
        details: { until: lockedUntil.toISOString() },
      });
      throw lockedError(lockedUntil, now, caller.lang);
    }
    throw new AppError('UNAUTHORIZED', 'auth.invalidCredentials');
  }
  if (user.disabledAt) {
    await fail('disabled', user);
    throw new AppError('FORBIDDEN', 'auth.accountDisabled');
  }
  await deps.db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));

  if (user.twoFactorEnabled && user.twoFactorMethod) {
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
 * The second step: a TOTP or SMS code (by the account's method) or a recovery code. Five wrong
 * codes void the pending sign-in.
 */
export async function verifyLogin2FA(deps: AuthDeps, caller: Caller, challengeToken: string | undefined, code: string) {
  const now = deps.now();
  await assertAddressNotThrottled(deps.db, caller.ip, now);
  const found = await findChallenge(deps, challengeToken);
  if (!found) throw new AppError('UNAUTHORIZED', 'auth.challengeExpired');
  const { challenge, user } = found;
  if (isLocked(user, now)) throw lockedError(user.lockedUntil, now, caller.lang);

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
    const [updated] = await deps.db
      .update(loginChallenges)
      .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
      .where(eq(loginChallenges.id, challenge.id))
      .returning({ failedAttempts: loginChallenges.failedAttempts });
    await recordAudit(deps.db, caller, {
      action: 'auth.login.2fa',
      result: 'failure',
      ...actedBy(user),
      details: { method: challenge.method },
    });
    if ((updated?.failedAttempts ?? MAX_CHALLENGE_FAILURES) >= MAX_CHALLENGE_FAILURES) {
      await deps.db.delete(loginChallenges).where(eq(loginChallenges.id, challenge.id));
      await recordAudit(deps.db, caller, {
        action: 'auth.login.2fa.voided',
        result: 'denied',
        ...actedBy(user),
      });
      throw new AppError('UNAUTHORIZED', 'auth.challengeVoided');
    }
    throw failure ?? new AppError('BAD_REQUEST', 'auth.invalidCode');
  }

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
