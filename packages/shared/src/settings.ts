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

/** A time of day, 'HH:MM' (00:00–23:59). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.clockTime');

/**
 * The energy tariff (settings key `energyTariff`), BRL/kWh, as Brazilian utilities bill it:
 * the peak rate ("ponta") on business days (Monday to Friday) between peakStart and peakEnd in
 * the facility's time zone, the off-peak rate ("fora ponta") at every other hour.
 */
export const energyTariffSchema = z
  .object({
    peakRate: z.number().min(0).max(100),
    offPeakRate: z.number().min(0).max(100),
    peakStart: clockTimeSchema,
    peakEnd: clockTimeSchema,
  })
  .refine((t) => t.peakStart < t.peakEnd, { message: 'validation.peakWindow', path: ['peakEnd'] });
export type EnergyTariff = z.infer<typeof energyTariffSchema>;
export const defaultEnergyTariff: EnergyTariff = {
  peakRate: 2.2,
  offPeakRate: 0.55,
  peakStart: '18:00',
  peakEnd: '21:00',
};
