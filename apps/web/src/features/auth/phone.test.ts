import { describe, expect, it } from 'vitest';
import { parsePhone } from './phone';

describe('parsePhone', () => {
  it.each([
    ['+5511987654321', '+5511987654321'],
    ['5511987654321', '5511987654321'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['+1 415.555.0100', '+14155550100'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['+12', '+12'],
    ['+123456789012345', '+123456789012345'],
  ])('accepts %j as %j', (raw, expected) => {
    expect(parsePhone(raw)).toBe(expected);
  });

  it.each(['', '+', '+1', '0123456789', '+0123456789', '+1234567890123456', '+55 11 9876x4321', '++5511987654321'])(
    'refuses %j',
    (raw) => {
      expect(parsePhone(raw)).toBeNull();
    },
  );
});
