import { describe, expect, it } from 'vitest';
import { canSubmitRegistration, checkPassword, showMismatch } from './password-checks';

const met = (password: string) => Object.fromEntries(checkPassword(password).map((check) => [check.id, check.met]));

describe('checkPassword', () => {
  it('lists the rules in the spec order', () => {
    expect(checkPassword('').map((check) => check.id)).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
  });

  it('marks each rule on its own', () => {
    expect(met('')).toEqual({ length: false, upper: false, lower: false, digit: false, special: false });
    expect(met('abcdefgh')).toEqual({ length: true, upper: false, lower: true, digit: false, special: false });
    expect(met('A')).toMatchObject({ upper: true, lower: false });
    expect(met('7')).toMatchObject({ digit: true });
    expect(met('#')).toMatchObject({ special: true });
    expect(met(' ')).toMatchObject({ special: true });
    expect(met('Aa1#aaaa')).toEqual({ length: true, upper: true, lower: true, digit: true, special: true });
  });

  it('needs 8 characters, not 7', () => {
    expect(met('Aa1#aaa').length).toBe(false);
    expect(met('Aa1#aaaa').length).toBe(true);
  });

  it('treats accented letters as special characters, like the server', () => {
    expect(met('é')).toMatchObject({ lower: false, special: true });
  });
});

describe('showMismatch', () => {
  it('only once the confirmation has text that differs', () => {
    expect(showMismatch({ password: 'Aa1#aaaa', confirmPassword: '' })).toBe(false);
    expect(showMismatch({ password: 'Aa1#aaaa', confirmPassword: 'Aa1#aaa' })).toBe(true);
    expect(showMismatch({ password: 'Aa1#aaaa', confirmPassword: 'Aa1#aaaa' })).toBe(false);
  });
});

describe('canSubmitRegistration', () => {
  const strong = 'Str0ng#Pass';
  it('allows a strong, confirmed password when idle', () => {
    expect(canSubmitRegistration({ password: strong, confirmPassword: strong, pending: false })).toBe(true);
  });
  it('refuses while pending', () => {
    expect(canSubmitRegistration({ password: strong, confirmPassword: strong, pending: true })).toBe(false);
  });
  it('refuses when the passwords differ or the confirmation is empty', () => {
    expect(canSubmitRegistration({ password: strong, confirmPassword: `${strong}x`, pending: false })).toBe(false);
    expect(canSubmitRegistration({ password: strong, confirmPassword: '', pending: false })).toBe(false);
  });
  it('refuses when any rule fails', () => {
    for (const weak of ['str0ng#pass', 'STR0NG#PASS', 'Strong#Pass', 'Str0ngPass', 'S0#a']) {
      expect(canSubmitRegistration({ password: weak, confirmPassword: weak, pending: false }), weak).toBe(false);
    }
  });
});
