import { desc, inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { settings } from '@sentinela/db/schema/settings';
import type { RetentionSettings, SettingsStatus, SiteSettings } from '@sentinela/shared/site-settings';
import { actedBy, auditedChange, type ChangeCaller } from '../../platform/audit';
import { retentionPeriods } from '../../platform/retention-periods';
import { getPublicSettings } from './settings.service';

/** The retention job's name in job_runs (server.ts). */
export const RETENTION_JOB = 'telemetry.retention';

async function putSettings(tx: Database, values: Record<string, unknown>, now: Date): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await tx
      .insert(settings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/** Site name, default language and theme switching (administrators; audited with old and new value). */
export async function setSiteSettings(caller: ChangeCaller, next: SiteSettings): Promise<SiteSettings> {
  return auditedChange(
    caller.db,
    caller.origin,
    async (tx) => {
      const before = await getPublicSettings(tx);
      await putSettings(tx, { ...next }, new Date());
      return before;
    },
    (before) => ({
      ...actedBy(caller.actor),
      action: 'settings.setSite',
      result: 'success',
      target: 'site',
      details: { before, after: next },
    }),
  ).then(() => next);
}

/**
 * The three retention periods in force (raw telemetry, 1-minute rollups, audit data), as the
 * retention job reads them (platform/retention-periods.ts is the one reader).
 */
export const getRetentionSettings = (db: Database): Promise<RetentionSettings> => retentionPeriods(db);

/** Sets the retention periods (administrators; audited). The hourly job uses them from its next run. */
export async function setRetentionSettings(caller: ChangeCaller, next: RetentionSettings): Promise<RetentionSettings> {
  return auditedChange(
    caller.db,
    caller.origin,
    async (tx) => {
      const before = await getRetentionSettings(tx);
      await putSettings(
        tx,
        {
          telemetryRetention: { rawDays: next.rawDays, minuteDays: next.minuteDays },
          auditRetention: { auditDays: next.auditDays },
        },
        new Date(),
      );
      return before;
    },
    (before) => ({
      ...actedBy(caller.actor),
      action: 'settings.setRetention',
      result: 'success',
      target: 'retention',
      details: { before, after: next },
    }),
  ).then(() => next);
}

/** The retention job's last run (job_runs) and the message providers with their last message. */
export async function getSettingsStatus(
  db: Database,
  providers: { sms: string; email: string },
): Promise<SettingsStatus> {
  const [[job], [sms], [email]] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(inArray(jobRuns.name, [RETENTION_JOB])),
    db
      .select({ at: smsOutbox.createdAt, to: smsOutbox.toPhone })
      .from(smsOutbox)
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1),
    db
      .select({ at: emailOutbox.createdAt, to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1),
  ]);
  return {
    retentionJob: job
      ? {
          lastStartedAt: job.lastStartedAt,
          lastFinishedAt: job.lastFinishedAt,
          lastDurationMs: job.lastDurationMs,
          lastOutcome: job.lastOutcome,
          lastError: job.lastError,
          deleted: job.lastResult ?? null,
        }
      : null,
    // The outbox tables hold what the `outbox` providers "sent"; a gateway's sends are not kept here.
    sms: {
      provider: providers.sms,
      lastSentAt: providers.sms === 'outbox' ? (sms?.at ?? null) : null,
      lastTo: providers.sms === 'outbox' ? (sms?.to ?? null) : null,
    },
    email: {
      provider: providers.email,
      lastSentAt: providers.email === 'outbox' ? (email?.at ?? null) : null,
      lastTo: providers.email === 'outbox' ? (email?.to ?? null) : null,
      lastSubject: providers.email === 'outbox' ? (email?.subject ?? null) : null,
    },
  };
}
