import { apiMutation } from '../../lib/api-fetch';

/** The sign-in screens' calls, over plain fetch (lib/api-fetch.ts, ADR 022). */
export const authApi = {
  login: apiMutation('auth', 'login'),
  verifyLogin2FA: apiMutation('auth', 'verifyLogin2FA'),
  sendSMSCode: apiMutation('auth', 'sendSMSCode'),
  register: apiMutation('auth', 'register'),
  requestPasswordReset: apiMutation('auth', 'requestPasswordReset'),
  resetPassword: apiMutation('auth', 'resetPassword'),
};
