import { desc, inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import type { RetentionSettings, SettingsStatus, SiteSettings } from '@sentinela/shared/site-settings';
import type { ChangeCaller } from '../../platform/audit';
import { retentionPeriods } from '../../platform/retention-periods';
import { replaceSettings } from '../../platform/settings-store';
import { getPublicSettings } from './settings.service';

/** The retention job's name in job_runs (server.ts). */
export const RETENTION_JOB = 'telemetry.retention';

/** Site name, default language and theme switching (administrators; audited with old and new value). */
export function setSiteSettings(caller: ChangeCaller, next: SiteSettings): Promise<SiteSettings> {
  return replaceSettings(caller, {
    action: 'settings.setSite',
    target: 'site',
    read: getPublicSettings,
    values: { ...next },
    after: next,
  });
}

/**
 * The three retention periods in force (raw telemetry, 1-minute rollups, audit data), as the
 * retention job reads them (platform/retention-periods.ts is the one reader).
 */
export const getRetentionSettings = (db: Database): Promise<RetentionSettings> => retentionPeriods(db);

/** Sets the retention periods (administrators; audited). The hourly job uses them from its next run. */
export function setRetentionSettings(caller: ChangeCaller, next: RetentionSettings): Promise<RetentionSettings> {
  return replaceSettings(caller, {
    action: 'settings.setRetention',
    target: 'retention',
    read: getRetentionSettings,
    values: {
      telemetryRetention: { rawDays: next.rawDays, minuteDays: next.minuteDays },
      auditRetention: { auditDays: next.auditDays },
    },
    after: next,
  });
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
