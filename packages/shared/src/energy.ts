import { z } from 'zod';
import { billLineKinds } from './energy-billing';
import { facilityIdSchema, roomIdSchema } from './plant';
import { tariffFlags, tariffModalities } from './energy-values';

export type { LoadKind } from './energy-values';

/** The energy page's bill: one facility's, or every facility's (each is its own utility customer). */
export const energyBillInput = z.object({ facilityId: facilityIdSchema.optional() });

const billSchema = z.object({
  modality: z.enum(tariffModalities),
  lines: z.array(z.object({ kind: z.enum(billLineKinds), quantity: z.number(), rate: z.number(), amount: z.number() })),
  subtotal: z.number(),
  taxes: z.number(),
  total: z.number(),
  overrun: z.boolean(),
});

/** The month's highest demand against the contracted one: fine, within 5 % of it, or past the tolerance. */
export const demandStatuses = ['ok', 'near', 'over'] as const;
export type DemandStatus = (typeof demandStatuses)[number];
/** "Near": the peak is at least this share of the contracted demand. */
export const DEMAND_NEAR_SHARE = 0.95;

export const facilityBillSchema = z.object({
  facilityId: z.string(),
  facilityName: z.string(),
  timezone: z.string(),
  /** The billing month, civil dates of the facility: [start, end). */
  period: z.object({ start: z.string(), end: z.string() }),
  /** The share of the billing month gone by (0–1). */
  elapsed: z.number(),
  monthToDate: billSchema,
  /** The month at this pace: energy in proportion, the highest demand kept. */
  projected: billSchema,
  kwh: z.object({ ponta: z.number(), foraPonta: z.number() }),
  peak: z.object({ kw: z.number(), at: z.date(), post: z.enum(['ponta', 'foraPonta']) }).nullable(),
  /** Contracted demand, kW: one value (verde) or per post (azul; `ponta` null in verde). */
  contracted: z.object({ ponta: z.number().nullable(), foraPonta: z.number() }),
  demandStatus: z.enum(demandStatuses),
  powerFactor: z.number().nullable(),
  reactiveExcessKvarh: z.number(),
  /** Hours whose demand is the hourly mean (no 1-minute rollups): an estimate, said on the page. */
  estimatedDemandHours: z.number(),
  hoursWithData: z.number(),
});
export type FacilityBill = z.infer<typeof facilityBillSchema>;

export const energyBillOutput = z.object({
  modality: z.enum(tariffModalities),
  flag: z.enum(tariffFlags),
  facilities: z.array(facilityBillSchema),
  /** Every facility's bills added up. */
  total: z.object({ monthToDate: z.number(), projected: z.number() }),
});
export type EnergyBill = z.infer<typeof energyBillOutput>;

/** The longest span of the consumption by day. */
export const MAX_CONSUMPTION_DAYS = 90;
/** The days the load profile's average weekday and weekend day are taken from. */
export const PROFILE_DAYS = 30;

/**
 * A facility's consumption (or one of its rooms'): by day over the last `days` days, by hour of
 * `day` (default: today), and the 24-hour profile. Days are the facility's civil days.
 */
export const energyConsumptionInput = z.object({
  facilityId: facilityIdSchema,
  roomId: roomIdSchema.optional(),
  days: z
    .number()
    .int('validation.consumptionDays')
    .min(1, 'validation.consumptionDays')
    .max(MAX_CONSUMPTION_DAYS, 'validation.consumptionDays')
    .default(30),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      'validation.date',
    )
    .optional(),
});

const byKindSchema = z.object({
  motors: z.number(),
  lighting: z.number(),
  hvac: z.number(),
  it: z.number(),
  other: z.number(),
});
export type LoadByKind = z.infer<typeof byKindSchema>;

export const energyConsumptionOutput = z.object({
  facilityId: z.string(),
  facilityName: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  timezone: z.string(),
  /** Today in the facility (YYYY-MM-DD) and the day of `byHour`. */
  today: z.string(),
  day: z.string(),
  /** Whether meters measure the place (else the total is the devices' own sum). */
  metered: z.boolean(),
  /** One row per civil day, oldest first; kWh. */
  byDay: z.array(z.object({ day: z.string(), kwh: z.number(), byKind: byKindSchema })),
  /** The 24 hours of `day` (hours without a reading are left out); kWh. */
  byHour: z.array(z.object({ hour: z.number(), at: z.date(), kwh: z.number(), byKind: byKindSchema })),
  /**
   * The 24-hour load profile, kWh per hour (= the hour's mean kW): today, and the mean of the
   * last 30 days' working days (Monday to Friday, national holidays excepted) and of their
   * weekend days and holidays. Null: no reading at that hour.
   */
  profile: z.array(
    z.object({
      hour: z.number(),
      today: z.number().nullable(),
      weekday: z.number().nullable(),
      weekend: z.number().nullable(),
    }),
  ),
  /** How many days the weekday and weekend means are over. */
  profileDays: z.object({ weekday: z.number(), weekend: z.number() }),
});
export type EnergyConsumption = z.infer<typeof energyConsumptionOutput>;

/** The days the savings suggestions look back over (the demand one: the billing month so far). */
export const SAVINGS_DAYS = 7;
/** A month, for the suggestions' monthly figures: the window's amount × 30 / SAVINGS_DAYS. */
export const SAVINGS_MONTH_DAYS = 30;
/** A motor idles when on below this share of its rated power… */
export const IDLE_SHARE = 0.2;
/** …for longer than an hour (hourly means: two or more hours in a row). */
export const IDLE_MIN_HOURS = 2;
/** The share of a light's power eco (50 % brightness) saves. */
export const ECO_SAVED_SHARE = 0.5;

export const savingsKinds = ['pontaShift', 'lightsEco', 'motorsIdle', 'demandPeak'] as const;
export type SavingsKind = (typeof savingsKinds)[number];

/** The savings the energy page suggests for one facility. */
export const energySavingsInput = z.object({ facilityId: facilityIdSchema });

const suggestionSchema = z.object({
  kind: z.enum(savingsKinds),
  /** R$ over the window (`demandPeak`: over the billing month). */
  amount: z.number(),
  /** R$ a month: the window's amount scaled to 30 days (`demandPeak`: the month's). */
  monthly: z.number(),
  /** The figures it comes from, by name (kWh, kW, R$/kWh…), shown with how it is computed. */
  figures: z.record(z.string(), z.number()),
});
export type SavingsSuggestion = z.infer<typeof suggestionSchema>;

export const energySavingsOutput = z.object({
  facilityId: z.string(),
  from: z.date(),
  to: z.date(),
  days: z.number(),
  /** The billing month of the demand suggestion (civil dates, [start, end)). */
  period: z.object({ start: z.string(), end: z.string() }),
  /** Largest monthly figure first; a suggestion worth nothing is left in with 0 (the page says why). */
  suggestions: z.array(suggestionSchema),
  monthlyTotal: z.number(),
});
export type EnergySavings = z.infer<typeof energySavingsOutput>;
