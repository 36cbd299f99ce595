import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../lib/session-user';
import { startsInSignInShell } from './start';

const user: SessionUser = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'viewer',
  twoFactorEnabled: true,
  twoFactorMethod: 'totp',
};

describe('the first load (ADR 022)', () => {
  it('starts /login and /register in the sign-in shell when no signed-in user is cached', () => {
    expect(startsInSignInShell('/login', null)).toBe(true);
    expect(startsInSignInShell('/register', null)).toBe(true);
  });

  it('starts the full app for a cached user, /setup-2fa and every other page', () => {
    expect(startsInSignInShell('/login', user)).toBe(false);
    expect(startsInSignInShell('/register', { ...user, twoFactorEnabled: false })).toBe(false);
    for (const path of ['/setup-2fa', '/', '/motors', '/some/unknown', '/login/extra']) {
      expect(startsInSignInShell(path, null)).toBe(false);
    }
  });
});
