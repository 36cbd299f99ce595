import { skipToken } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { liveInput } from './live';

describe('live.events input', () => {
  it('asks for the devices and the kinds given, everything when neither, nothing while the devices load', () => {
    expect(liveInput(undefined, undefined)).toEqual({});
    expect(liveInput(undefined, 'alert,command,status')).toEqual({ types: ['alert', 'command', 'status'] });
    expect(liveInput('m1,m2', 'status')).toEqual({ equipmentIds: ['m1', 'm2'], types: ['status'] });
    expect(liveInput('', undefined)).toEqual({ equipmentIds: [] });
    expect(liveInput(null, 'status')).toBe(skipToken);
  });
});
