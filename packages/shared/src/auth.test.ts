import { describe, expect, it } from 'vitest';
import { listUsersInput, listUsersOutput, loginOutput, meOutput, sessionUserSchema } from './auth';

const user = {
  id: 'u1',
  name: 'Ana',
  email: 'ana@example.com',
  role: 'operator',
  twoFactorEnabled: true,
  twoFactorMethod: 'totp',
} as const;

describe('auth outputs', () => {
  it('keeps only the session user fields the client knows (no secrets on the wire)', () => {
    expect(sessionUserSchema.parse({ ...user, passwordHash: 'x', totpSecret: 'y' })).toEqual(user);
  });

  it('answers me as the user or null', () => {
    expect(meOutput.parse(null)).toBeNull();
    expect(meOutput.parse(user)).toEqual(user);
  });

  it('answers a sign-in as signed in or as a pending second step', () => {
    expect(loginOutput.parse({ user })).toEqual({ user });
    expect(loginOutput.parse({ twoFactorRequired: true, method: 'sms' })).toEqual({
      twoFactorRequired: true,
      method: 'sms',
    });
    expect(loginOutput.safeParse({ twoFactorRequired: true, method: 'email' }).success).toBe(false);
  });

  it('pages the user list with its defaults and maximum', () => {
    expect(listUsersInput.parse(undefined)).toEqual({ page: 1, pageSize: 25 });
    expect(listUsersInput.safeParse({ pageSize: 101 }).success).toBe(false);
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const page = {
      items: [{ ...user, lastLoginAt: null, disabledAt: null, createdAt }],
      total: 1,
      page: 1,
      pageSize: 25,
    };
    expect(listUsersOutput.parse(page)).toEqual(page);
  });
});
