import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

/** Deeper than any input of ours: not walked further (no schema of ours takes it anyway). */
const MAX_DEPTH = 32;

/** Half of a UTF-16 pair without its other half: no UTF-8 encodes it, so the database cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text the database cannot store: a NUL character (PostgreSQL refuses 0x00) or a lone surrogate. */
function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The path of the first string (a value or a key) in `value` that the database cannot store (a
 * NUL character or a lone surrogate: it would answer 500); null when there is none.
 */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key)) return [...path, key];
    const found = findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The refusal of such an input: the field issue of any control character ("validation.controlChars") under the field. */
export function unstorableTextError(path: (string | number)[]): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    cause: new ZodRealError([{ code: 'custom', path, message: 'validation.controlChars', input: undefined }]),
  });
}
