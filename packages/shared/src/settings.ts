import { z } from 'zod';
import { languages } from './language';

/** Settings any visitor may read (the shell needs them before sign-in). */
export const publicSettingsSchema = z.object({
  siteName: z.string().min(1).max(80),
  themeSwitchable: z.boolean(),
  defaultLanguage: z.enum(languages),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const defaultPublicSettings: PublicSettings = {
  siteName: 'Sentinela',
  themeSwitchable: true,
  defaultLanguage: 'pt',
};

/**
 * How long telemetry is kept (settings key `telemetryRetention`, edited on /settings). Hourly
 * rollups are kept for ever. Raw points feed the minute rollups, so they are kept at least a day.
 */
export const telemetryRetentionSchema = z.object({
  rawDays: z.number().int().min(1).max(365),
  minuteDays: z.number().int().min(1).max(3650),
});
export type TelemetryRetention = z.infer<typeof telemetryRetentionSchema>;
export const defaultTelemetryRetention: TelemetryRetention = { rawDays: 7, minuteDays: 90 };
