import { z } from 'zod';
import { alertSeverities } from './alert-values';
import { languages } from './language';
import { equipmentKindValues } from './plant';

/**
 * What an administrator edits in the "Site" section of /settings: the name in the header and
 * page titles, the language a visitor with no stored choice gets, and whether the theme toggle
 * shows (off: everyone gets the default theme). Stored one key each (settings.siteName, …), read
 * through settings.public.
 */
export const siteSettingsInput = z.object({
  siteName: z.string().trim().min(1, 'validation.siteName').max(80, 'validation.siteName'),
  themeSwitchable: z.boolean(),
  defaultLanguage: z.enum(languages),
});
export type SiteSettings = z.infer<typeof siteSettingsInput>;

/**
 * How long the site keeps what it records, in days: raw telemetry (settings key
 * `telemetryRetention`, with the 1-minute rollups) and audit entries (key `auditRetention`,
 * `{ auditDays }`). The minute rollups are built from the raw points, so they are kept at least
 * as long.
 */
export const retentionSettingsSchema = z
  .object({
    rawDays: z
      .number()
      .int('validation.retentionDays')
      .min(1, 'validation.retentionDays')
      .max(365, 'validation.retentionDays'),
    minuteDays: z
      .number()
      .int('validation.retentionDays')
      .min(1, 'validation.retentionDays')
      .max(3650, 'validation.retentionDays'),
    auditDays: z
      .number()
      .int('validation.retentionDays')
      .min(30, 'validation.retentionAuditDays')
      .max(3650, 'validation.retentionAuditDays'),
  })
  .refine((r) => r.minuteDays >= r.rawDays, { message: 'validation.retentionMinuteShorter', path: ['minuteDays'] });
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** One threshold rule of the alarm engine (alert_rules), as /settings lists it. */
export const thresholdRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameKey: z.string().nullable(),
  kind: z.enum(equipmentKindValues),
  metric: z.string(),
  comparison: z.enum(['above', 'below']),
  severity: z.enum(alertSeverities),
  threshold: z.number(),
  clearAt: z.number(),
  enabled: z.boolean(),
});
export type ThresholdRule = z.infer<typeof thresholdRuleSchema>;
export const thresholdRulesOutput = z.array(thresholdRuleSchema);

/** A threshold or a clearing value: a finite number, bounded. */
const thresholdValue = z
  .number('validation.thresholdNumber')
  .min(-1_000_000, 'validation.thresholdNumber')
  .max(1_000_000, 'validation.thresholdNumber');

/**
 * New values for the bands of one equipment kind and metric (their rules, by id): each band's
 * threshold and the value it clears at. The server checks the bands together (alert thresholds
 * service): clearAt on the normal side of its threshold, the warning band before the critical one.
 */
export const setThresholdsInput = z.object({
  rules: z
    .array(z.object({ id: z.uuid(), threshold: thresholdValue, clearAt: thresholdValue }))
    .min(1)
    .max(10),
});
export type SetThresholdsInput = z.infer<typeof setThresholdsInput>;

/** What an administrator sees of the retention job and the message providers. */
export const settingsStatusOutput = z.object({
  retentionJob: z
    .object({
      lastStartedAt: z.date().nullable(),
      lastFinishedAt: z.date().nullable(),
      lastDurationMs: z.number().nullable(),
      lastOutcome: z.enum(['ok', 'error']).nullable(),
      lastError: z.string().nullable(),
      /** Rows the last run deleted, by table (null: the job did not say). */
      deleted: z.record(z.string(), z.number()).nullable(),
    })
    .nullable(),
  sms: z.object({
    provider: z.string(),
    lastSentAt: z.date().nullable(),
    lastTo: z.string().nullable(),
  }),
  email: z.object({
    provider: z.string(),
    lastSentAt: z.date().nullable(),
    lastTo: z.string().nullable(),
    lastSubject: z.string().nullable(),
  }),
});
export type SettingsStatus = z.infer<typeof settingsStatusOutput>;

/** The sections of /settings a 'settings.changed' live event names. */
export { settingsSections, type SettingsSection } from './live-events';
