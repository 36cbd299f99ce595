import type { SessionUser } from '@sentinela/shared/auth-rules';

export type { SessionUser };

/** Spec §3 / PRODUCT §2b: the signed-in user, cached in local storage as JSON. */
export const USER_INFO_STORAGE_KEY = 'sentinela-runtime-user-info';
/** Spec §3: a token only when the server returned one (browsers get none: httpOnly cookie). */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.role === 'string' &&
    typeof user.twoFactorEnabled === 'boolean'
  );
}

/** The cached user, or null when nothing (usable) is cached. Never the truth: auth.me is. */
export function readCachedUser(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(USER_INFO_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Stores the user as JSON; null on sign-out (spec §4: the cached user is set to null). */
export function writeCachedUser(user: SessionUser | null): void {
  try {
    window.localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the cache is only a convenience.
  }
}

/** Keeps `auth_token` only when the response carried one (login/register, spec §4). */
export function storeAuthToken(response: unknown): void {
  if (!response || typeof response !== 'object' || !('token' in response)) return;
  const { token } = response as { token?: unknown };
  if (typeof token !== 'string' || token === '') return;
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Blocked storage: the cookie session still works.
  }
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored then.
  }
}
