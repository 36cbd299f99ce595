/** Where the app signs in when no external sign-in portal is configured. */
export const LOCAL_LOGIN_PATH = '/login';

/** Where the external portal sends the user back after signing in. */
export const OAUTH_CALLBACK_PATH = '/api/oauth/callback';

interface LoginEnv {
  VITE_OAUTH_PORTAL_URL?: string | undefined;
  VITE_APP_ID?: string | undefined;
}

/**
 * The sign-in address: the external portal (VITE_OAUTH_PORTAL_URL + VITE_APP_ID, both set at
 * build time) or, when either is missing, this app's own /login page. A missing variable is
 * logged: an operator who meant to configure the portal should see why it is not used.
 */
export function getLoginUrl(env: LoginEnv = import.meta.env, origin: string = window.location.origin): string {
  const portal = env.VITE_OAUTH_PORTAL_URL?.trim();
  const appId = env.VITE_APP_ID?.trim();
  const missing = [!portal && 'VITE_OAUTH_PORTAL_URL', !appId && 'VITE_APP_ID'].filter(Boolean);
  if (!portal || !appId) {
    console.error(`Login URL: ${missing.join(' and ')} not set at build time; using ${LOCAL_LOGIN_PATH}.`);
    return LOCAL_LOGIN_PATH;
  }
  const url = new URL(`${portal.replace(/\/+$/, '')}/app-auth`);
  url.searchParams.set('appId', appId);
  url.searchParams.set('redirectUri', origin + OAUTH_CALLBACK_PATH);
  return url.toString();
}
