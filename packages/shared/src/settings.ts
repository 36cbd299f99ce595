import { z } from 'zod';
import { tariffFlags, tariffModalities } from './energy-values';
import { languages } from './language';

export type { TariffFlag, TariffModality } from './energy-values';

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

const price = z.number().min(0, 'validation.notNegative').max(100_000);
const percent = z.number().min(0, 'validation.notNegative').max(50);

/** The energy rates (R$/kWh) and the ponta window: what prices a kWh (the light savings, the dashboard). */
export const energyRatesSchema = z.object({
  peakRate: z.number().min(0, 'validation.notNegative').max(100),
  offPeakRate: z.number().min(0, 'validation.notNegative').max(100),
  peakStart: clockTimeSchema,
  peakEnd: clockTimeSchema,
});
export type EnergyRates = z.infer<typeof energyRatesSchema>;

/**
 * The energy tariff (settings key `energyTariff`), as Brazilian utilities bill a group A
 * customer. Energy: the peak rate ("ponta", R$/kWh) on working days (Monday to Friday, national
 * holidays excepted) between peakStart and peakEnd in the facility's time zone, the off-peak rate
 * ("fora ponta") at every other hour, plus the month's flag addition. Demand (R$/kW, the month's
 * highest 15-minute mean): one price and one contracted value in horária verde; ponta and fora
 * ponta ones in horária azul. Reactive excess (power factor under 0.92) at `reactiveRate`
 * R$/kvarh. Taxes (ICMS, PIS, COFINS, %) are charged "por dentro", as on the bill. The billing
 * month is the calendar month, or runs from the meter-reading day when one is set. Every field
 * but the first four has a default, so a tariff stored before they existed still reads.
 */
export const energyTariffSchema = energyRatesSchema
  .extend({
    modality: z.enum(tariffModalities).default('verde'),
    /** R$/kW: the demand price (verde), or the fora ponta demand price (azul). */
    demandRate: price.default(38),
    /** R$/kW: the ponta demand price (azul only). */
    peakDemandRate: price.default(95),
    /** kW: the contracted demand (verde), or the fora ponta one (azul). */
    contractedDemandKw: z.number().min(0, 'validation.notNegative').max(1_000_000).default(500),
    /** kW: the contracted ponta demand (azul only). */
    contractedPeakDemandKw: z.number().min(0, 'validation.notNegative').max(1_000_000).default(400),
    /**
     * Each facility is its own utility customer with its own contract: its contracted demands by
     * facility id; a facility not listed has the two values above.
     */
    contractedByFacility: z
      .record(
        z.string(),
        z.object({
          demandKw: z.number().min(0, 'validation.notNegative').max(1_000_000),
          peakDemandKw: z.number().min(0, 'validation.notNegative').max(1_000_000),
        }),
      )
      .default({}),
    /** R$/kvarh of reactive energy in excess (UFER; its demand, DMCR, at the demand price). */
    reactiveRate: price.default(0.33),
    flag: z.enum(tariffFlags).default('verde'),
    /** R$/kWh each flag adds (verde adds nothing). */
    flagAdditions: z
      .object({ amarela: price, vermelha1: price, vermelha2: price })
      .default({ amarela: 0.01885, vermelha1: 0.04463, vermelha2: 0.07877 }),
    icmsPercent: percent.default(18),
    pisPercent: percent.default(1.1),
    cofinsPercent: percent.default(5.1),
    /** The day of the month the meter is read (the billing month starts then); null: the calendar month. */
    meterReadingDay: z.number().int().min(1).max(28).nullable().default(null),
  })
  .refine((t) => t.peakStart < t.peakEnd, { message: 'validation.peakWindow', path: ['peakEnd'] })
  .refine((t) => t.icmsPercent + t.pisPercent + t.cofinsPercent < 60, {
    message: 'validation.taxTotal',
    path: ['icmsPercent'],
  });
export type EnergyTariff = z.infer<typeof energyTariffSchema>;
export const defaultEnergyTariff: EnergyTariff = energyTariffSchema.parse({
  peakRate: 2.2,
  offPeakRate: 0.55,
  peakStart: '18:00',
  peakEnd: '21:00',
});
