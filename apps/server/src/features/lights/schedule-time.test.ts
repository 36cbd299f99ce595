import { describe, expect, it } from 'vitest';
import { dueAction, latestOccurrences, localDay, zonedInstant } from './schedule-time';

const SP = 'America/Sao_Paulo';
const at = (iso: string) => new Date(iso);
const weekdays = [1, 2, 3, 4, 5];

describe('schedule time', () => {
  it('turns a local wall-clock time into the instant, in any zone', () => {
    const day = localDay(at('2026-03-02T02:00:00Z'), SP); // still Sunday 1 March in São Paulo
    expect(new Date(day).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(zonedInstant(day, '18:00', SP)).toEqual(at('2026-03-01T21:00:00Z'));
    expect(zonedInstant(Date.UTC(2026, 2, 2), '07:30', 'Asia/Tokyo')).toEqual(at('2026-03-01T22:30:00Z'));
    // Across a daylight-saving change: New York is UTC-5 in winter, UTC-4 from 8 March 2026.
    expect(zonedInstant(Date.UTC(2026, 2, 7), '18:00', 'America/New_York')).toEqual(at('2026-03-07T23:00:00Z'));
    expect(zonedInstant(Date.UTC(2026, 2, 9), '18:00', 'America/New_York')).toEqual(at('2026-03-09T22:00:00Z'));
  });

  it('finds the latest on and off moments, overnight periods ending the next day', () => {
    const night = { onTime: '18:00', offTime: '06:00', days: weekdays };
    // Monday 2 March 2026, 09:00 in São Paulo: Friday's night ended Saturday 06:00.
    expect(latestOccurrences(night, at('2026-03-02T12:00:00Z'), SP)).toEqual({
      on: at('2026-02-27T21:00:00Z'),
      off: at('2026-02-28T09:00:00Z'),
    });
    // Monday 18:00 exactly: on.
    expect(latestOccurrences(night, at('2026-03-02T21:00:00Z'), SP).on).toEqual(at('2026-03-02T21:00:00Z'));
    const day = { onTime: '07:00', offTime: '19:00', days: [6] };
    expect(latestOccurrences(day, at('2026-03-02T12:00:00Z'), SP)).toEqual({
      on: at('2026-02-28T10:00:00Z'),
      off: at('2026-02-28T22:00:00Z'),
    });
  });

  it('owes the newest moment once, and nothing from before the last edit', () => {
    const schedule = {
      onTime: '18:00',
      offTime: '06:00',
      days: weekdays,
      updatedAt: at('2026-03-02T12:00:00Z'),
      lastOnAt: null,
      lastOffAt: null,
    };
    expect(dueAction(schedule, at('2026-03-02T20:59:59Z'), SP)).toBeNull();
    expect(dueAction(schedule, at('2026-03-02T21:00:00Z'), SP)).toEqual({
      action: 'on',
      at: at('2026-03-02T21:00:00Z'),
    });
    expect(dueAction({ ...schedule, lastOnAt: at('2026-03-02T21:00:00Z') }, at('2026-03-02T21:05:00Z'), SP)).toBeNull();
    // Down all night: back at 07:00 it owes the 06:00 switch-off only.
    expect(dueAction({ ...schedule, lastOnAt: at('2026-03-02T21:00:00Z') }, at('2026-03-03T10:00:00Z'), SP)).toEqual({
      action: 'off',
      at: at('2026-03-03T09:00:00Z'),
    });
    // Edited after today's 18:00: tonight's period is left alone.
    expect(
      dueAction({ ...schedule, updatedAt: at('2026-03-02T21:30:00Z') }, at('2026-03-02T22:00:00Z'), SP),
    ).toBeNull();
    // Saturday evening: Friday's night already ended, nothing new.
    expect(
      dueAction(
        { ...schedule, lastOnAt: at('2026-03-06T21:00:00Z'), lastOffAt: at('2026-03-07T09:00:00Z') },
        at('2026-03-07T21:00:00Z'),
        SP,
      ),
    ).toBeNull();
  });
});
