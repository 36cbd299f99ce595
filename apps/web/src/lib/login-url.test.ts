import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLoginUrl } from './login-url';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('getLoginUrl', () => {
  it('uses the external portal when both variables are set', () => {
    const url = new URL(
      getLoginUrl(
        { VITE_OAUTH_PORTAL_URL: 'https://auth.example.com/', VITE_APP_ID: 'app 1' },
        'https://plant.example.com',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example.com/app-auth');
    expect(url.searchParams.get('appId')).toBe('app 1');
    expect(url.searchParams.get('redirectUri')).toBe('https://plant.example.com/api/oauth/callback');
  });

  it.each([
    [{}, 'VITE_OAUTH_PORTAL_URL and VITE_APP_ID'],
    [{ VITE_APP_ID: 'x' }, 'VITE_OAUTH_PORTAL_URL'],
    [{ VITE_OAUTH_PORTAL_URL: 'https://auth.example.com' }, 'VITE_APP_ID'],
    [{ VITE_OAUTH_PORTAL_URL: '  ', VITE_APP_ID: 'x' }, 'VITE_OAUTH_PORTAL_URL'],
  ])('falls back to /login and logs what is missing (%o)', (env, missing) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(getLoginUrl(env, 'https://plant.example.com')).toBe('/login');
    expect(log).toHaveBeenCalledOnce();
    expect(String(log.mock.calls[0]?.[0])).toContain(`${missing} not set`);
  });
});
