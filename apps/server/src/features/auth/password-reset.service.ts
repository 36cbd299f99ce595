import { and, eq, gt, isNull } from 'drizzle-orm';
import { loginChallenges, passwordResets, sessions, users } from '@sentinela/db/schema/accounts';
import type { requestPasswordResetInput, resetPasswordInput } from '@sentinela/shared/auth';
import { translateServerMessage } from '@sentinela/shared/messages';
import type { z } from 'zod';
import { actedBy, recordAudit } from '../../platform/audit';
import type { EmailProvider } from '../../platform/email-provider';
import { AppError } from '../../platform/errors';
import { reserveAttempt, windowRule } from './attempt-counters';
import type { AuthDeps, Caller } from './auth-deps';
import { isCommonPassword } from './common-passwords';
import { hashToken, newToken } from './crypto';
import { hashPassword } from './passwords';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Reset requests from one address, and for one e-mail, per hour. */
export const MAX_RESETS_PER_ADDRESS_PER_HOUR = 10;
export const MAX_RESETS_PER_EMAIL_PER_HOUR = 3;

const hourly = (limit: number) => windowRule(HOUR_MS, limit);

/**
 * "Esqueci minha senha": when the e-mail names an enabled account, a one-time link
 * (`<origin>/login?reset=<token>`, 30 minutes) goes to it by e-mail; only the token's hash is
 * stored. The answer is the same whether the account exists or not; requests are throttled per
 * address and per e-mail (the same limits for unknown e-mails, so the limit tells nothing either).
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  email: EmailProvider,
  caller: Caller,
  input: z.output<typeof requestPasswordResetInput>,
  origin: string,
): Promise<{ success: true }> {
  const now = deps.now();
  if (
    (await reserveAttempt(deps.db, `reset-address:${caller.ip}`, hourly(MAX_RESETS_PER_ADDRESS_PER_HOUR), now)) ===
      null ||
    (await reserveAttempt(deps.db, `reset-email:${input.email}`, hourly(MAX_RESETS_PER_EMAIL_PER_HOUR), now)) === null
  ) {
    throw new AppError('TOO_MANY_REQUESTS', 'auth.resetThrottled');
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (!user || user.disabledAt || user.demo) {
    await recordAudit(deps.db, caller, {
      action: 'auth.password.resetRequest',
      result: 'denied',
      actorEmail: input.email,
      details: { reason: user ? 'disabled' : 'unknown' },
    });
    return { success: true };
  }
  const token = newToken();
  await deps.db.insert(passwordResets).values({
    id: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
  });
  const link = `${origin}/login?reset=${encodeURIComponent(token)}`;
  await email.send({
    to: user.email,
    subject: translateServerMessage('auth.resetEmailSubject', caller.lang),
    text: translateServerMessage('auth.resetEmailText', caller.lang, { link }),
  });
  await recordAudit(deps.db, caller, { action: 'auth.password.resetRequest', result: 'success', ...actedBy(user) });
  return { success: true };
}

/**
 * Sets a new password through a reset link: the link is taken (used) in one statement, so it
 * works once even when two requests race; every session and pending sign-in of the account ends.
 * 2FA is untouched: the next sign-in still asks for the code.
 */
export async function resetPassword(
  deps: AuthDeps,
  caller: Caller,
  input: z.output<typeof resetPasswordInput>,
): Promise<{ success: true; userId: string }> {
  const now = deps.now();
  const id = hashToken(input.token);
  const [link] = await deps.db
    .select({ userId: passwordResets.userId, name: users.name, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
  if (!link) {
    await recordAudit(deps.db, caller, {
      action: 'auth.password.reset',
      result: 'denied',
      details: { reason: 'link' },
    });
    throw new AppError('BAD_REQUEST', 'auth.resetLinkInvalid');
  }
  // Checked before the link is used, so a refused password leaves the link to try again.
  if (await isCommonPassword(input.password, link)) throw new AppError('BAD_REQUEST', 'auth.commonPassword');
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const [taken] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!taken) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, taken.userId));
    // Its other links stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, taken.userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, taken.userId));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, taken.userId));
    await recordAudit(tx, caller, {
      action: 'auth.password.reset',
      result: 'success',
      userId: taken.userId,
      actorEmail: link.email,
    });
    return true;
  });
  if (!done) throw new AppError('BAD_REQUEST', 'auth.resetLinkInvalid');
  return { success: true, userId: link.userId };
}
