import { afterEach, describe, expect, it } from 'vitest';
import { readLocal, writeLocal } from './local-storage';

const blocked = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
} as unknown as Storage;

afterEach(() => {
  localStorage.clear();
});

describe('readLocal / writeLocal', () => {
  it('reads back what was written, in localStorage by default', () => {
    expect(readLocal('k')).toBeNull();
    writeLocal('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(readLocal('k')).toBe('v');
  });

  it('finds nothing and drops the write when storage throws', () => {
    expect(readLocal('k', blocked)).toBeNull();
    expect(() => {
      writeLocal('k', 'v', blocked);
    }).not.toThrow();
  });
});
