import { and, eq, ne } from 'drizzle-orm';
import { passwordResets, sessions, users, type UserRow } from '@sentinela/db/schema/accounts';
import type { changePasswordInput } from '@sentinela/shared/auth';
import type { z } from 'zod';
import { actedBy, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AuthDeps, Caller } from './auth-deps';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from './passwords';
import { consumeRecoveryCode } from './recovery-codes.service';
import { holdSignInAttempt } from './throttle';
import { checkTotp } from './two-factor.service';
import { checkSmsCode, sendSmsCode } from './sms-codes.service';

/**
 * The Security dialog's password change (issue 16): the current password and a second-factor
 * code (the app's code, the SMS code sendPasswordChangeSms sent, or a recovery code), counted
 * like sign-in attempts; the new password follows the rules and is not a common one. Every other
 * session of the account ends, and so do its unused reset links.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Caller,
  user: UserRow,
  currentSessionId: string,
  input: z.output<typeof changePasswordInput>,
): Promise<{ signedOutOthers: number }> {
  const now = deps.now();
  const fail = async (reason: string) =>
    recordAudit(deps.db, caller, {
      action: 'auth.password.change',
      result: 'failure',
      ...actedBy(user),
      details: { reason },
    });
  if (await isCommonPassword(input.newPassword, user)) {
    await fail('common');
    throw new AppError('BAD_REQUEST', 'auth.commonPassword');
  }
  const attempt = await holdSignInAttempt(deps.db, caller, user.email, now);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    attempt.failed();
    await fail('password');
    throw new AppError('BAD_REQUEST', 'auth.wrongCurrentPassword');
  }
  const digits = input.code.replace(/\s/g, '');
  let codeOk: boolean;
  if (/^\d{6}$/.test(digits)) {
    if (user.twoFactorMethod === 'sms') {
      codeOk = await checkSmsCode(deps, user.id, 'password', digits).then(
        () => true,
        () => false,
      );
    } else {
      codeOk = await checkTotp(deps, user, digits);
    }
  } else {
    codeOk = await consumeRecoveryCode(deps.db, deps.keys.codes, user.id, input.code, now);
  }
  if (!codeOk) {
    attempt.failed();
    await fail('code');
    throw new AppError('BAD_REQUEST', 'auth.invalidCode');
  }
  if (input.newPassword === input.currentPassword) {
    await attempt.passed();
    throw new AppError('BAD_REQUEST', 'auth.samePassword');
  }
  await attempt.passed();
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
    await recordAudit(tx, caller, {
      action: 'auth.password.change',
      result: 'success',
      ...actedBy(user),
      details: { signedOutOthers: ended.length },
    });
    return { signedOutOthers: ended.length };
  });
}

/**
 * The Security dialog's "Enviar código SMS" for an account whose second factor is SMS: a code of
 * its own purpose (a sign-in code does not change a password), at most one every 30 s.
 */
export async function sendPasswordChangeSms(
  deps: AuthDeps,
  caller: Caller,
  user: UserRow,
): Promise<{ expiresAt: Date }> {
  if (user.twoFactorMethod !== 'sms' || !user.phoneNumber) throw new AppError('BAD_REQUEST', 'auth.smsNotEnabled');
  const sent = await sendSmsCode(deps, caller, user.id, user.phoneNumber, 'password');
  await recordAudit(deps.db, caller, {
    action: 'auth.2fa.sms.send',
    result: 'success',
    ...actedBy(user),
    details: { purpose: 'password' },
  });
  return sent;
}
