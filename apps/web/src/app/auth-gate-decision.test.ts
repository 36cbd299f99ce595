import { describe, expect, it } from 'vitest';
import { decideGate, isPublicPath, type GateInput } from './auth-gate-decision';

const withTwoFactor = { twoFactorEnabled: true };
const pendingTwoFactor = { twoFactorEnabled: false };

function decide(overrides: Partial<GateInput>) {
  return decideGate({ pathname: '/motors', status: 'success', user: withTwoFactor, sessionSeen: false, ...overrides });
}

describe('isPublicPath', () => {
  it('knows the three public routes, with a trailing slash or in capitals', () => {
    for (const path of ['/login', '/register', '/setup-2fa', '/login/', '/LOGIN'])
      expect(isPublicPath(path)).toBe(true);
    for (const path of ['/', '/motors', '/login/x', '/loginx', '/users']) expect(isPublicPath(path)).toBe(false);
  });
});

describe('decideGate', () => {
  it('always renders the public routes, whatever the user state', () => {
    for (const pathname of ['/login', '/register', '/setup-2fa']) {
      for (const status of ['pending', 'error', 'success'] as const) {
        for (const user of [undefined, null, pendingTwoFactor, withTwoFactor]) {
          expect(decide({ pathname, status, user })).toEqual({ kind: 'render' });
        }
      }
    }
  });

  it('shows the checking message while the user loads', () => {
    expect(decide({ status: 'pending', user: undefined })).toEqual({ kind: 'checking' });
    expect(decide({ pathname: '/', status: 'pending', user: undefined })).toEqual({ kind: 'checking' });
  });

  it('says the check failed when auth.me failed without an answer', () => {
    expect(decide({ status: 'error', user: undefined })).toEqual({ kind: 'failed' });
  });

  it('keeps the last answer when a later check fails', () => {
    expect(decide({ status: 'error', user: withTwoFactor })).toEqual({ kind: 'render' });
  });

  it('redirects to /login without a user', () => {
    expect(decide({ user: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide({ pathname: '/', user: null })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide({ pathname: '/unknown', user: null })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets the layout show its sign-in screen when the session ended on an open page', () => {
    expect(decide({ user: null, sessionSeen: true })).toEqual({ kind: 'render' });
  });

  it('redirects a user without 2FA to /setup-2fa', () => {
    expect(decide({ user: pendingTwoFactor })).toEqual({ kind: 'redirect', to: '/setup-2fa' });
    expect(decide({ pathname: '/', user: pendingTwoFactor, sessionSeen: true })).toEqual({
      kind: 'redirect',
      to: '/setup-2fa',
    });
  });

  it('renders protected content for a user with 2FA', () => {
    expect(decide({})).toEqual({ kind: 'render' });
    expect(decide({ pathname: '/users' })).toEqual({ kind: 'render' });
  });
});
