import { z } from 'zod';

// Field schemas the forms of every area share (registry, maintenance, purchasing…). Each refusal
// names a message key (messages.ts), so it reads in the user's language.

/** Control characters (NUL and the like, never typed by a person; PostgreSQL refuses NUL). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text, trimmed, at most `max` characters, without control characters. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.textTooLong')
    .refine((s) => !CONTROL_CHARS.test(s), 'validation.controlChars');

/** Text that may not be blank. */
export const requiredText = (max: number) => text(max).refine((s) => s.length > 0, 'validation.required');

/** Optional free text: blank is none (null). */
export const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** An optional number within bounds (null when absent). */
export const optionalNumber = (min: number, max: number) =>
  z.number('validation.number').min(min, 'validation.numberRange').max(max, 'validation.numberRange').nullish();
