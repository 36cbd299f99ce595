import { eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { invitations, users } from '@sentinela/db/schema/accounts';
import type { inviteUserInput } from '@sentinela/shared/auth';
import type { Language } from '@sentinela/shared/language';
import { translateServerMessage } from '@sentinela/shared/messages';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { actedBy, recordAudit, type RequestOrigin } from '../../platform/audit';
import type { EmailProvider } from '../../platform/email-provider';
import { AppError } from '../../platform/errors';

export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;

/**
 * An administrator invites an e-mail with a role: a one-time link `/register?invite=<token>`
 * (48 h) is answered to the admin and sent to the e-mail; only the token's SHA-256 is stored.
 * An e-mail that already has an account is refused.
 */
export async function inviteUser(
  db: Database,
  email: EmailProvider,
  actor: { id: string; email: string; name: string },
  origin: RequestOrigin & { lang: Language },
  input: z.output<typeof inviteUserInput>,
  publicUrl: string,
  now: Date,
): Promise<{ link: string; expiresAt: Date }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw new AppError('CONFLICT', 'auth.emailTaken');
  // The same form as session tokens (features/auth/crypto.ts), which this feature may not import.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const link = `${publicUrl}/register?invite=${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(invitations).values({
      id: createHash('sha256').update(token).digest('hex'),
      email: input.email,
      role: input.role,
      invitedBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, origin, {
      action: 'users.invite',
      result: 'success',
      ...actedBy(actor),
      target: input.email,
      details: { role: input.role, expiresAt: expiresAt.toISOString() },
    });
  });
  await email.send({
    to: input.email,
    subject: translateServerMessage('auth.inviteEmailSubject', origin.lang),
    text: translateServerMessage('auth.inviteEmailText', origin.lang, { name: actor.name, link }),
  });
  return { link, expiresAt };
}
