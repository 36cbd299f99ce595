import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { logoutIgnoringUnauthorized } from './logout';
import { clearAuthToken } from './session-user';
import { useTRPCClient } from './trpc';
import { useUserCache } from './use-current-user';

/**
 * Spec §4 logout: auth.logout (an UNAUTHORIZED answer is ignored, anything else rejects),
 * then the cached user becomes null and is refreshed, and the browser goes to /login.
 */
export function useSignOut(): () => Promise<void> {
  const client = useTRPCClient();
  const [, navigate] = useLocation();
  const { refreshUser, forgetUserData } = useUserCache();

  return useCallback(async () => {
    await logoutIgnoringUnauthorized(() => client.auth.logout.mutate());
    clearAuthToken();
    // Leave the protected page first, so it never renders its "please sign in" screen.
    navigate('/login');
    const refreshed = refreshUser(null);
    forgetUserData();
    await refreshed;
  }, [client, navigate, refreshUser, forgetUserData]);
}
