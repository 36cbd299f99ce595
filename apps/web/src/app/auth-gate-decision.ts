import { routeTable } from './route-table';

/** The routes that render without a signed-in user (spec §4: /login, /register, /setup-2fa). */
export const PUBLIC_PATHS: readonly string[] = routeTable
  .filter((route) => 'public' in route)
  .map((route) => route.path);
export const LOGIN_PATH = '/login';
export const SETUP_2FA_PATH = '/setup-2fa';

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}

export interface GateInput {
  pathname: string;
  /** auth.me's state: no answer yet, failed without an answer, or answered. */
  status: 'pending' | 'error' | 'success';
  /** auth.me's last answer (undefined before the first one). */
  user: { twoFactorEnabled: boolean } | null | undefined;
  /** A user with 2FA was signed in earlier on this page (so null now means the session ended). */
  sessionSeen: boolean;
}

export type GateDecision =
  { kind: 'render' } | { kind: 'checking' } | { kind: 'failed' } | { kind: 'redirect'; to: string };

/**
 * Spec §4, the auth gate:
 * - the public routes always render;
 * - while the current user loads: the checking message;
 * - no user: redirect to /login — except when a session ended while a page was open, where the
 *   layout renders its own sign-in screen ('Please sign in to continue', PRODUCT §2b);
 * - a user without 2FA: redirect to /setup-2fa;
 * - protected content only for a signed-in user with 2FA.
 * An earlier answer is kept when a later check fails (a network blip does not sign anyone out).
 */
export function decideGate({ pathname, status, user, sessionSeen }: GateInput): GateDecision {
  if (isPublicPath(pathname)) return { kind: 'render' };
  if (user === undefined) return { kind: status === 'error' ? 'failed' : 'checking' };
  if (user === null) return sessionSeen ? { kind: 'render' } : { kind: 'redirect', to: LOGIN_PATH };
  if (!user.twoFactorEnabled) return { kind: 'redirect', to: SETUP_2FA_PATH };
  return { kind: 'render' };
}
