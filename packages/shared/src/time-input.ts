import { z } from 'zod';

/** The years a time a client sends may fall in: what PostgreSQL reads back as JavaScript writes it. */
export const TIME_INPUT_FIRST_YEAR = 1970;
export const TIME_INPUT_LAST_YEAR = 9999;

/**
 * A point in time from a client (a Date, or its ISO text). JavaScript dates reach the year 275760,
 * written `+275760-…`, which the database cannot read (a 500 the fuzzer found): such a time is a
 * field error instead.
 */
export const timeInput = z.coerce
  .date('validation.date')
  .refine(
    (d) => d.getUTCFullYear() >= TIME_INPUT_FIRST_YEAR && d.getUTCFullYear() <= TIME_INPUT_LAST_YEAR,
    'validation.timeOutOfRange',
  );
