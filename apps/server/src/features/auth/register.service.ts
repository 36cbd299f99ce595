import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { invitations, users } from '@sentinela/db/schema/accounts';
import type { registerInput } from '@sentinela/shared/auth';
import { translateServerMessage } from '@sentinela/shared/messages';
import type { z } from 'zod';
import { actedBy, recordAudit } from '../../platform/audit';
import type { EmailProvider } from '../../platform/email-provider';
import { AppError } from '../../platform/errors';
import { reserveAttempt, windowRule } from './attempt-counters';
import type { AuthDeps, Caller } from './auth-deps';
import { isCommonPassword } from './common-passwords';
import { hashToken } from './crypto';
import { hashPassword } from './passwords';
import { createSession, type NewSession } from './sessions.service';

export const REGISTRATION_WINDOW_MS = 10 * 60 * 1000;

/** Registrations from one address: `limit` per 10 minutes from the first. */
const registrationRule = (limit: number) => windowRule(REGISTRATION_WINDOW_MS, limit);

/**
 * Creates the account and signs it in (2FA still to be set up). The first account becomes
 * admin; later ones are viewers until an admin raises them, or get the role of the admin's
 * invitation they register through (for that e-mail, 48 h, once).
 *
 * An e-mail that already has an account is answered like a new one (no session follows) and its
 * owner is told by e-mail, so the answer does not say whether an account exists (ADR 033). Each
 * address registers at most `limits.registrationsPerAddress` times per 10 minutes, counted in one
 * statement before the password is hashed, so parallel requests never pass the limit.
 */
export async function register(
  deps: AuthDeps,
  mail: EmailProvider,
  caller: Caller,
  input: z.output<typeof registerInput>,
  origin: string,
): Promise<{ session: NewSession | null }> {
  const now = deps.now();
  if (await isCommonPassword(input.password, input)) throw new AppError('BAD_REQUEST', 'auth.commonPassword');
  const rule = registrationRule(deps.limits.registrationsPerAddress);
  if ((await reserveAttempt(deps.db, `register-address:${caller.ip}`, rule, now)) === null) {
    throw new AppError('TOO_MANY_REQUESTS', 'auth.registerThrottled');
  }
  const passwordHash = await hashPassword(input.password);
  const invite = input.invite ? hashToken(input.invite) : null;
  const created = await deps.db.transaction(async (tx) => {
    let invitedRole: 'admin' | 'operator' | 'viewer' | null = null;
    if (invite) {
      // Taken in one statement: an invitation registers one account, even under a race.
      const [taken] = await tx
        .update(invitations)
        .set({ usedAt: now })
        .where(
          and(
            eq(invitations.id, invite),
            eq(invitations.email, input.email),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning({ role: invitations.role });
      if (!taken) throw new AppError('BAD_REQUEST', 'auth.inviteInvalid');
      invitedRole = taken.role;
    }
    // After the invitation, so a made-up invitation is refused alike for known and unknown e-mails.
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing && invitedRole) throw new AppError('CONFLICT', 'auth.emailTaken');
    if (existing) return null;
    // Serialises "is this the first account?" between concurrent registrations.
    await tx.execute(sql`lock table users in share row exclusive mode`);
    // The demo site's colleagues (who never sign in) do not count.
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(users).where(eq(users.demo, false));
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        passwordHash,
        role: invitedRole ?? (n === 0 ? 'admin' : 'viewer'),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The e-mail was taken meanwhile: roll the invitation back with the refusal.
    if (!user && invitedRole) throw new AppError('CONFLICT', 'auth.emailTaken');
    if (user) {
      await recordAudit(tx, caller, {
        action: 'auth.register',
        result: 'success',
        ...actedBy(user),
        details: { role: user.role, invited: invitedRole !== null },
      });
    }
    return user ?? null;
  });
  if (!created) {
    await recordAudit(deps.db, caller, {
      action: 'auth.register',
      result: 'failure',
      actorEmail: input.email,
      details: { reason: 'email-taken' },
    });
    await mail.send({
      to: input.email,
      subject: translateServerMessage('auth.registerTakenEmailSubject', caller.lang),
      text: translateServerMessage('auth.registerTakenEmailText', caller.lang, { link: `${origin}/login` }),
    });
    return { session: null };
  }
  return { session: await createSession(deps.db, created.id, caller, now) };
}
