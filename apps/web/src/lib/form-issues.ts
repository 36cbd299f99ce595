import type { FieldIssue } from '@sentinela/shared/api-errors';
import type { Language } from '@sentinela/shared/language';
import { isServerMessageKey, translateServerMessage } from '@sentinela/shared/messages';

/**
 * Refusals of a form's input, from the shared zod schema in the browser or from the server
 * (`error.data.issues`), sorted onto the form's fields. Import only from lazily loaded modules:
 * the server's message table comes along.
 */

/** A field's message, by the field's name ('timezone', 'rated.powerKw', 'metrics'). */
export type FieldErrors = Partial<Record<string, string>>;

/** What a zod issue looks like here (zod's own type is not needed, nor its import). */
interface ZodLikeIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  origin?: string;
  minimum?: number | bigint;
}

/**
 * The field an issue belongs to: the one its path names, or the field the path is inside
 * ('metrics.1' → 'metrics'); the longest such field wins. None: a form-level refusal.
 */
export function fieldOf(path: string, fields: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const field of fields) {
    if ((path === field || path.startsWith(`${field}.`)) && field.length > (best?.length ?? -1)) best = field;
  }
  return best;
}

/**
 * A browser-side zod message in the user's language: our message keys are translated; zod's
 * own English defaults (a schema without a key) become "fill in" for an empty text, else `fallback`.
 */
export function clientIssueMessage(issue: ZodLikeIssue, language: Language, fallback: string): string {
  if (isServerMessageKey(issue.message)) return translateServerMessage(issue.message, language);
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1) {
    return translateServerMessage('validation.required', language);
  }
  return fallback;
}

/** zod issues (browser side) as field issues in the user's language. */
export function clientIssues(issues: readonly ZodLikeIssue[], language: Language, fallback: string): FieldIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: clientIssueMessage(issue, language, fallback),
  }));
}

/** The field issues of a server refusal (already in the user's language), if it has any. */
export function serverIssues(error: unknown): FieldIssue[] | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  if (!data || typeof data !== 'object' || !('issues' in data)) return undefined;
  const issues = (data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.filter(
    (i): i is FieldIssue =>
      !!i &&
      typeof i === 'object' &&
      typeof (i as FieldIssue).path === 'string' &&
      typeof (i as FieldIssue).message === 'string',
  );
}

/** Issues sorted onto fields (the first message of each field) and what no field takes. */
export function sortIssues(
  issues: readonly FieldIssue[],
  fields: readonly string[],
): { errors: FieldErrors; rest: string[] } {
  const errors: FieldErrors = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const field = fieldOf(issue.path, fields);
    if (field === undefined) {
      if (!rest.includes(issue.message)) rest.push(issue.message);
    } else {
      errors[field] ??= issue.message;
    }
  }
  return { errors, rest };
}

/** A number typed in a text box: blank is none; a decimal comma is read as a point; junk is NaN (zod refuses it). */
export function parseNumberText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return Number(trimmed.replace(',', '.'));
}

/**
 * An exact decimal typed in a text box ('1.250,75', '1,5' or '1.5') → the schemas' '1250.75'
 * (a comma is the decimal mark and points group thousands; without a comma the point is the
 * decimal mark). Kept as text: quantities and amounts are never floating point.
 */
export function decimalText(text: string): string {
  const trimmed = text.trim().replace(/\s/g, '');
  return trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
}

/** A number for a text box: none is blank. */
export function numberText(value: number | null | undefined): string {
  return value == null ? '' : String(value);
}
