import { isUnauthorizedError } from './api-errors';

/**
 * Spec §4: an UNAUTHORIZED answer to logout means the session is already gone, which is what
 * logging out wants; any other failure is rethrown (the session may still be alive).
 */
export async function logoutIgnoringUnauthorized(logout: () => Promise<unknown>): Promise<void> {
  try {
    await logout();
  } catch (error) {
    if (isUnauthorizedError(error)) return;
    throw error;
  }
}
