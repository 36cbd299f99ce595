import { TRPCError, type TRPCDefaultErrorShape } from '@trpc/server';
import { en as zodEn, pt as zodPt } from 'zod/locales';
import { ZodError, type core } from 'zod';
import type { FieldIssue } from '@sentinela/shared/api-errors';
import type { Language } from '@sentinela/shared/language';
import { isServerMessageKey, translateServerMessage } from '@sentinela/shared/messages';
import { AppError } from '../platform/errors';

const zodLocales = { pt: zodPt(), en: zodEn() } as const;

/** A zod issue in the caller's language: our own message keys first, then zod's locale. */
function issueMessage(issue: core.$ZodIssue, lang: Language): string {
  if (isServerMessageKey(issue.message)) return translateServerMessage(issue.message, lang);
  const localized = zodLocales[lang].localeError(issue as never);
  const text = typeof localized === 'string' ? localized : localized?.message;
  return text ?? issue.message;
}

function fieldIssues(error: ZodError, lang: Language): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issueMessage(issue, lang) }));
}

/**
 * Turns any error into what the client may see, in the caller's language: app errors by key,
 * zod issues flattened into field messages, tRPC's own protocol errors translated, and never a
 * stack trace or an internal message.
 */
export function formatError(
  shape: TRPCDefaultErrorShape,
  error: TRPCError,
  lang: Language,
  path: string | undefined,
): TRPCDefaultErrorShape & { data: { issues?: FieldIssue[] } } {
  const { stack: _stack, ...data } = shape.data;
  const cause = error.cause;
  let message = shape.message;
  let issues: FieldIssue[] | undefined;

  if (error instanceof AppError) {
    message = translateServerMessage(error.key, lang, error.params);
  } else if (cause instanceof ZodError) {
    issues = fieldIssues(cause, lang);
    const details = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    message = translateServerMessage('error.invalidInput', lang, { details });
  } else if (error.code === 'NOT_FOUND' && /^No procedure found/.test(error.message)) {
    message = translateServerMessage('error.notFound', lang, { path: path ?? '' });
  } else if (error.code === 'PARSE_ERROR') {
    message = translateServerMessage('error.parse', lang);
  } else if (error.code === 'METHOD_NOT_SUPPORTED') {
    message = translateServerMessage('error.methodNotSupported', lang);
  } else if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    message = translateServerMessage('error.unsupportedMediaType', lang);
  } else if (error.code === 'INTERNAL_SERVER_ERROR') {
    message = translateServerMessage('error.internal', lang);
  }
  return { ...shape, message, data: issues ? { ...data, issues } : data };
}

export { TRPCError };
