import type { SessionUser } from '../lib/session-user';

/** The pages the sign-in shell shows; any other path is the full app's. */
export const SIGN_IN_SHELL_PATHS: readonly string[] = ['/login', '/register'];

/**
 * ADR 022: a first load of /login or /register with no signed-in user cached starts in the
 * sign-in shell (React, the site shell and the page, which calls the API over plain fetch); any
 * other first load starts the full app at once.
 */
export function startsInSignInShell(pathname: string, cachedUser: SessionUser | null): boolean {
  return cachedUser === null && SIGN_IN_SHELL_PATHS.includes(pathname);
}
