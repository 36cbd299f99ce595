import { NOT_LOGGED_IN_MESSAGE } from '@sentinela/shared/not-logged-in';
import { getLoginUrl } from './login-url';

export interface ApiErrorDeps {
  log: (...args: unknown[]) => void;
  /** Sends the browser to another address (a full page load). */
  redirect: (url: string) => void;
  loginUrl: () => string;
  currentPath: () => string;
}

const browserDeps: ApiErrorDeps = {
  log: (...args) => {
    console.error(...args);
  },
  redirect: (url) => {
    window.location.href = url;
  },
  loginUrl: () => getLoginUrl(),
  currentPath: () => window.location.pathname,
};

export function isNotLoggedInError(error: unknown): boolean {
  return error instanceof Error && error.message === NOT_LOGGED_IN_MESSAGE;
}

/**
 * Runs for every failed query and mutation (spec §8): log it, and when the server says the
 * session is gone ('Please login (10001)'), send the browser to the login URL.
 */
export function handleApiError(error: unknown, deps: ApiErrorDeps = browserDeps): void {
  deps.log('[API error]', error);
  if (!isNotLoggedInError(error)) return;
  const url = deps.loginUrl();
  // Already on the local login page: a reload would only loop.
  if (url === deps.currentPath()) return;
  deps.redirect(url);
}

interface ServerErrorData {
  code: string;
}

/** The error data when the server answered with an error (not a network or parse failure). */
function serverErrorData(error: unknown): ServerErrorData | undefined {
  if (!(error instanceof Error) || !('data' in error)) return undefined;
  const { data } = error as { data?: unknown };
  if (!data || typeof data !== 'object') return undefined;
  return typeof (data as { code?: unknown }).code === 'string' ? (data as ServerErrorData) : undefined;
}

/** The tRPC error code the server answered ('UNAUTHORIZED', 'BAD_REQUEST' ...), if it answered. */
export function apiErrorCode(error: unknown): string | undefined {
  return serverErrorData(error)?.code;
}

export function isUnauthorizedError(error: unknown): boolean {
  return apiErrorCode(error) === 'UNAUTHORIZED';
}

/**
 * What a failure toast says (spec §8: "the server message, else ..."): the server's message,
 * already in the user's language, or the fallback when the server gave none (network down,
 * a proxy's error page).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!serverErrorData(error)) return fallback;
  const message = (error as Error).message.trim();
  return message === '' ? fallback : message;
}
