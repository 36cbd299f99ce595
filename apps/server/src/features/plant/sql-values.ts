import { z } from 'zod';

// Column parsers for raw SQL rows. PGlite and postgres-js answer numerics, bigints and
// timestamps differently (number or string, Date or string); these accept both and give one type.

const numeric = z.union([z.number(), z.string()]);

/** A nullable number (an average, a reading). */
export const sqlNumber = numeric.nullable().transform((v) => (v === null ? null : Number(v)));
/** A count or a sum: null (no row aggregated) counts as 0. */
export const sqlCount = numeric
  .nullable()
  .optional()
  .transform((v) => (v === null || v === undefined ? 0 : Number(v)));
/** Epoch milliseconds (see `epochMs`) as a Date. */
export const sqlEpochDate = numeric.nullable().transform((v) => (v === null ? null : new Date(Number(v))));
/** A timestamptz as a Date. */
export const sqlTimestamp = z
  .union([z.date(), z.string()])
  .nullable()
  .transform((v) => (v === null ? null : new Date(v)));
/** A jsonb object of numbers (nameplate values); null is empty. */
export const sqlRated = z
  .record(z.string(), z.number())
  .nullable()
  .transform((v) => v ?? {});
