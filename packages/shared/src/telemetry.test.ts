import { describe, expect, it } from 'vitest';
import { readControlState } from './telemetry';

describe('a device’s reported control state', () => {
  it('keeps the known keys of its kind with valid values, and drops the rest', () => {
    const forged = {
      on: true,
      brightness: 40,
      mode: 'eco',
      label: '<img src=x onerror=alert(1)>',
      __proto__: { admin: true },
      padding: 'x'.repeat(50_000),
    };
    expect(readControlState('light', forged)).toEqual({ on: true, brightness: 40, mode: 'eco' });
    expect(readControlState('motor', forged)).toEqual({ on: true });
    expect(readControlState('hvac', { on: 'yes', setpoint: 99, mode: 'cool' })).toEqual({ mode: 'cool' });
    expect(readControlState('meter', { on: true })).toEqual({});
    expect(readControlState('light', { brightness: -1, mode: '<b>' })).toEqual({});
  });
});
