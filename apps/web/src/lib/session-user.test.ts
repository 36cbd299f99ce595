import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_TOKEN_STORAGE_KEY,
  clearAuthToken,
  readCachedUser,
  storeAuthToken,
  USER_INFO_STORAGE_KEY,
  writeCachedUser,
  type SessionUser,
} from './session-user';

const user: SessionUser = {
  id: 'u1',
  name: 'Ana Lima',
  email: 'ana@example.com',
  role: 'operator',
  twoFactorEnabled: true,
  twoFactorMethod: 'totp',
};

beforeEach(() => {
  localStorage.clear();
});

describe('cached user', () => {
  it('is stored as JSON under sentinela-runtime-user-info', () => {
    expect(USER_INFO_STORAGE_KEY).toBe('sentinela-runtime-user-info');
    writeCachedUser(user);
    expect(JSON.parse(localStorage.getItem('sentinela-runtime-user-info') ?? '')).toEqual(user);
    expect(readCachedUser()).toEqual(user);
  });

  it('becomes null on sign-out', () => {
    writeCachedUser(user);
    writeCachedUser(null);
    expect(localStorage.getItem('sentinela-runtime-user-info')).toBe('null');
    expect(readCachedUser()).toBeNull();
  });

  it('ignores what is not a user', () => {
    for (const raw of ['{', '"x"', '{"id":1}', '[]']) {
      localStorage.setItem(USER_INFO_STORAGE_KEY, raw);
      expect(readCachedUser()).toBeNull();
    }
  });
});

describe('auth_token', () => {
  it('is stored only when the response carries one', () => {
    expect(AUTH_TOKEN_STORAGE_KEY).toBe('auth_token');
    storeAuthToken({ user });
    storeAuthToken({});
    storeAuthToken({ token: '' });
    storeAuthToken({ token: 42 });
    storeAuthToken(null);
    expect(localStorage.getItem('auth_token')).toBeNull();
    storeAuthToken({ token: 'abc', user });
    expect(localStorage.getItem('auth_token')).toBe('abc');
    clearAuthToken();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
