import { createContext, use } from 'react';
import type { SessionUser } from './session-user';

/**
 * How the sign-in pages tell the app around them that the session changes. The full app
 * refreshes its auth.me query; the sign-in shell of a signed-out first load (ADR 022) loads the
 * full app and hands the session over to it.
 */
export interface SessionChange {
  /** A sign-in or registration was sent: start fetching what follows it (the full app's code). */
  expect: () => void;
  /**
   * Someone signed in or registered, before the page moves on: forget the previous user's data
   * and learn the new one (the signed-in user when the answer carried it; the server is asked).
   */
  complete: (user?: SessionUser) => Promise<void>;
}

export const SessionChangeContext = createContext<SessionChange | null>(null);

export function useSessionChange(): SessionChange {
  const value = use(SessionChangeContext);
  if (!value) throw new Error('useSessionChange must be used within a SessionChangeContext provider');
  return value;
}
