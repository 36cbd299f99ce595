import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import {
  authAttempts,
  invitations,
  loginChallenges,
  passwordResets,
  recoveryCodes,
  sessions,
  smsCodes,
  smsOutbox,
  users,
  type UserRow,
} from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { emailOutbox, notificationPreferences } from '@sentinela/db/schema/notifications';
import { removedUserLabel } from '@sentinela/shared/privacy-values';

/**
 * What a removed account keeps in its e-mail column: the label itself, so every place that shows an
 * actor's e-mail (the events' commands and acknowledgements) shows the label; no sign-in can match it
 * (not an address). Should two removed ids share their first 8 hex digits, the full id is used.
 */
async function removedUserEmail(tx: Database, userId: string, label: string): Promise<string> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, label));
  return taken ? `${label} (${userId})` : label;
}

/** Replaces the person's e-mail (anywhere in a string) and name (a whole string) in a JSON value. */
function scrub(value: unknown, person: { email: string; name: string }, label: string): unknown {
  if (typeof value === 'string') {
    if (value === person.name) return label;
    return value.includes(person.email) ? value.split(person.email).join(label) : value;
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, person, label));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, person, label)]));
  }
  return value;
}

/**
 * Anonymises an account inside the caller's transaction (ADR 031). The facts stay: every audit
 * entry, command, alert acknowledgement and work order keeps its row and its link to the account
 * id. What names the person goes: the account's name becomes "Usuário removido #<8 hex>", its
 * e-mail the label too, its phone and password are cleared; in the audit log the actor's
 * e-mail, a target naming the e-mail and any detail holding the e-mail or the name become the label,
 * and the entries the person made lose their address and browser. Sessions, sign-in challenges,
 * 2FA secrets, recovery and SMS codes, reset links, invitations, notification preferences, outbox
 * messages and sign-in counters are deleted. Signing in is no longer possible (no such e-mail, no
 * password, disabled). Answers the label.
 */
export async function anonymiseUser(tx: Database, person: UserRow, now: Date): Promise<string> {
  const label = removedUserLabel(person.id);
  const email = person.email;

  // The audit log first, while the rows still name the person.
  const touched = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        sql`${auditLog.details} is not null`,
        or(
          eq(auditLog.userId, person.id),
          eq(auditLog.actorEmail, email),
          inArray(auditLog.target, [email, person.id]),
          sql`strpos(${auditLog.details}::text, ${email}) > 0`,
        ),
      ),
    );
  for (const row of touched) {
    const scrubbed = scrub(row.details, person, label);
    if (JSON.stringify(scrubbed) !== JSON.stringify(row.details)) {
      await tx.update(auditLog).set({ details: scrubbed }).where(eq(auditLog.id, row.id));
    }
  }
  await tx
    .update(auditLog)
    .set({ actorEmail: label, ip: null, userAgent: null })
    .where(or(eq(auditLog.userId, person.id), eq(auditLog.actorEmail, email)));
  await tx.update(auditLog).set({ target: label }).where(eq(auditLog.target, email));

  await tx
    .update(users)
    .set({
      name: label,
      email: await removedUserEmail(tx, person.id, label),
      // No argon2 hash: no password matches it.
      passwordHash: '!removed',
      role: 'viewer',
      twoFactorEnabled: false,
      twoFactorMethod: null,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      phoneNumber: null,
      disabledAt: person.disabledAt ?? now,
      updatedAt: now,
    })
    .where(eq(users.id, person.id));
  await tx.delete(sessions).where(eq(sessions.userId, person.id));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, person.id));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
  await tx.delete(smsCodes).where(eq(smsCodes.userId, person.id));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, person.id));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, person.id));
  await tx.delete(invitations).where(eq(invitations.email, email));
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, email));
  if (person.phoneNumber) await tx.delete(smsOutbox).where(eq(smsOutbox.toPhone, person.phoneNumber));
  await tx
    .delete(authAttempts)
    .where(
      or(
        like(authAttempts.key, `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        like(authAttempts.key, `%${person.id}%`),
      ),
    );
  return label;
}
