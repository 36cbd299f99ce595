import { desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { sessions, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { notificationPreferences } from '@sentinela/db/schema/notifications';
import { privacyRequests } from '@sentinela/db/schema/privacy';
import type { myDataExportOutput, myPrivacyOutput, requestDeletionInput } from '@sentinela/shared/privacy';
import type { z } from 'zod';
import { actedBy, recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { retentionPeriods } from '../../platform/retention-periods';
import { sqlState } from '../../platform/sql-state';

type Actor = { id: string; email: string };

/** Each audit list of an export holds at most this many entries, the newest. */
export const EXPORT_AUDIT_LIMIT = 5000;

const requestColumns = {
  id: privacyRequests.id,
  status: privacyRequests.status,
  reason: privacyRequests.reason,
  createdAt: privacyRequests.createdAt,
  decidedAt: privacyRequests.decidedAt,
};

const auditColumns = {
  at: auditLog.at,
  action: auditLog.action,
  target: auditLog.target,
  result: auditLog.result,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  details: auditLog.details,
};

/** The audit entries about an account: its id or e-mail as the target (users.*, privacy.*, invitations). */
export const aboutUser = (user: Actor): SQL => inArray(auditLog.target, [user.id, user.email]);

/** What the Segurança dialog shows: the retention periods and one's latest deletion request. */
export async function myPrivacy(db: Database, userId: string): Promise<z.input<typeof myPrivacyOutput>> {
  const [retention, [request]] = await Promise.all([
    retentionPeriods(db),
    db
      .select(requestColumns)
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, userId))
      .orderBy(desc(privacyRequests.createdAt))
      .limit(1),
  ]);
  return { retention, request: request ?? null };
}

/**
 * Everything the site holds about the caller, for the JSON file "Exportar meus dados": profile
 * (never the password hash, 2FA secrets or recovery codes), sessions (never their token hash),
 * notification preferences, audit entries about them and by them, their privacy requests. Audited.
 */
export async function exportMyData(
  db: Database,
  user: Actor,
  origin: RequestOrigin,
  now: Date,
): Promise<z.input<typeof myDataExportOutput>> {
  const [profile] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      phoneNumber: users.phoneNumber,
      twoFactorEnabled: users.twoFactorEnabled,
      twoFactorMethod: users.twoFactorMethod,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.id, user.id));
  if (!profile) throw new AppError('NOT_FOUND', 'users.notFound');
  const auditPage = (where: SQL | undefined) =>
    db
      .select(auditColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(EXPORT_AUDIT_LIMIT + 1);
  const [mySessions, [preferences], about, by, requests] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.lastSeenAt)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id)),
    auditPage(aboutUser(user)),
    auditPage(or(eq(auditLog.userId, user.id), eq(auditLog.actorEmail, user.email))),
    db
      .select(requestColumns)
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, user.id))
      .orderBy(desc(privacyRequests.createdAt)),
  ]);
  const truncated = about.length > EXPORT_AUDIT_LIMIT || by.length > EXPORT_AUDIT_LIMIT;
  await recordAudit(db, origin, {
    action: 'privacy.export',
    result: 'success',
    ...actedBy(user),
    target: user.id,
    details: { aboutMe: Math.min(about.length, EXPORT_AUDIT_LIMIT), byMe: Math.min(by.length, EXPORT_AUDIT_LIMIT) },
  });
  return {
    exportedAt: now,
    profile,
    sessions: mySessions,
    notificationPreferences: preferences
      ? {
          channels: preferences.channels,
          facilityIds: preferences.facilityIds,
          quietStart: preferences.quietStart,
          quietEnd: preferences.quietEnd,
        }
      : null,
    auditAboutMe: about.slice(0, EXPORT_AUDIT_LIMIT),
    auditByMe: by.slice(0, EXPORT_AUDIT_LIMIT),
    privacyRequests: requests,
    limit: EXPORT_AUDIT_LIMIT,
    truncated,
  };
}

/**
 * A person asks for their account's deletion (an administrator carries it out on /privacy). One
 * open request at a time: the partial unique index holds it even for two requests at once. Audited.
 */
export async function requestDeletion(
  db: Database,
  user: Actor,
  origin: RequestOrigin,
  input: z.output<typeof requestDeletionInput>,
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(privacyRequests)
        .values({ userId: user.id, reason: input.reason, createdAt: now })
        .returning(requestColumns);
      if (!created) throw new Error('privacy request not written');
      await recordAudit(tx, origin, {
        action: 'privacy.requestDeletion',
        result: 'success',
        ...actedBy(user),
        target: user.id,
        details: { requestId: created.id },
      });
      return created;
    });
  } catch (error) {
    if (sqlState(error) !== '23505') throw error;
    await recordAudit(db, origin, {
      action: 'privacy.requestDeletion',
      result: 'failure',
      ...actedBy(user),
      target: user.id,
      details: { reason: 'open-request' },
    });
    throw new AppError('CONFLICT', 'privacy.requestOpen');
  }
}
