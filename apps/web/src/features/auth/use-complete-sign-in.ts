import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { loginStrings } from './login.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useSessionChange } from '../../lib/session-change';
import { storeAuthToken, type SessionUser } from '../../lib/session-user';

/**
 * Spec §4, login success: store the token if returned, toast, refresh the user, then go to /
 * when 2FA is enabled, else to /setup-2fa. Also ends the code step of a 2FA sign-in.
 */
export function useCompleteSignIn(): (response: { user: SessionUser }) => Promise<void> {
  const t = useStrings(loginStrings);
  const [, navigate] = useLocation();
  const session = useSessionChange();

  return useCallback(
    async (response) => {
      storeAuthToken(response);
      notify.success(t('loginSuccess'));
      // Nothing another account left in memory may show for this one.
      await session.complete(response.user);
      navigate(response.user.twoFactorEnabled ? '/' : '/setup-2fa');
    },
    [t, navigate, session],
  );
}
