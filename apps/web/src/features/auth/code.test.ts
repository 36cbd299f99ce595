import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, isCompleteCode, normalizeCode, normalizeRecoveryCode } from './code';

describe('normalizeCode', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['12-34-56', '123456'],
    ['abc123def456', '123456'],
    ['1234567', '123456'],
    ['١٢٣', ''],
    ['', ''],
    ['12a', '12'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeCode(raw)).toBe(expected);
  });

  it('is six digits long', () => {
    expect(CODE_LENGTH).toBe(6);
  });
});

describe('isCompleteCode', () => {
  it('accepts exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(isCompleteCode('')).toBe(false);
  });
});

describe('normalizeRecoveryCode', () => {
  it('trims', () => {
    expect(normalizeRecoveryCode('  abcde-fgh23 ')).toBe('abcde-fgh23');
  });
});
