import { z } from 'zod';
import { billLineKinds } from './energy-billing';
import { facilityIdSchema } from './plant';
import { tariffFlags, tariffModalities } from './settings';

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
