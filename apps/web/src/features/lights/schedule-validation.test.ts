import { lightScheduleCreateInput } from '@sentinela/shared/lights';
import { serverMessages } from '@sentinela/shared/messages';
import { describe, expect, it } from 'vitest';
import { lightsStrings } from './lights.strings';
import { validateSchedule, type FormValues } from './schedule-validation';

const roomId = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const valid: FormValues = {
  roomId,
  onTime: '18:00',
  offTime: '06:00',
  days: [1, 2, 3, 4, 5],
  brightness: '80',
  enabled: true,
};

/** The server's verdict, as the form's field → message key. */
function serverErrors(values: FormValues) {
  const parsed = lightScheduleCreateInput.safeParse({ ...values, brightness: Number(values.brightness) });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('schedule form validation', () => {
  it.each<[string, Partial<FormValues>]>([
    ['a valid schedule', {}],
    ['an hour past 23', { onTime: '24:00' }],
    ['a time without its leading zero', { offTime: '6:00' }],
    ['no day', { days: [] }],
    ['the same on and off time', { offTime: '18:00' }],
    ['a brightness of 0', { brightness: '0' }],
    ['a brightness above 100', { brightness: '101' }],
    ['a fractional brightness', { brightness: '50.5' }],
    ['no room', { roomId: '' }],
  ])('agrees with the server on %s', (_case, change) => {
    const values = { ...valid, ...change };
    expect(Object.keys(validateSchedule(values)).sort()).toEqual(Object.keys(serverErrors(values)).sort());
  });

  it("says what the server would say, in the user's language", () => {
    const pairs = [
      ['invalid.clockTime', 'validation.clockTime'],
      ['invalid.days', 'validation.scheduleDays'],
      ['invalid.sameTimes', 'validation.scheduleSameTimes'],
    ] as const;
    for (const [client, server] of pairs) {
      expect(lightsStrings.pt[client]).toBe(serverMessages[server].pt);
      expect(lightsStrings.en[client]).toBe(serverMessages[server].en);
    }
    expect(validateSchedule({ ...valid, offTime: '18:00', days: [] })).toEqual({
      offTime: 'invalid.sameTimes',
      days: 'invalid.days',
    });
  });
});
