import { describe, expect, it } from 'vitest';
import { dateToZonedWallTime, zonedWallTimeToDate } from './zoned-time';

describe('facility wall-clock times', () => {
  it('reads a date and time typed for a facility in its zone, whatever the browser zone', () => {
    expect(zonedWallTimeToDate('2026-03-05', '14:00', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2026-03-05T17:00:00.000Z',
    );
    expect(zonedWallTimeToDate('2026-03-05', '14:00', 'America/Manaus')?.toISOString()).toBe(
      '2026-03-05T18:00:00.000Z',
    );
    // Lisbon moves to summer time on 2026-03-29.
    expect(zonedWallTimeToDate('2026-07-01', '09:30', 'Europe/Lisbon')?.toISOString()).toBe('2026-07-01T08:30:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(zonedWallTimeToDate('', '14:00', 'America/Sao_Paulo')).toBeNull();
    expect(zonedWallTimeToDate('2026-03-05', '2pm', 'America/Sao_Paulo')).toBeNull();
  });

  it('gives a moment back as the facility reads it', () => {
    expect(dateToZonedWallTime(new Date('2026-03-05T17:00:00Z'), 'America/Sao_Paulo')).toEqual({
      date: '2026-03-05',
      time: '14:00',
    });
    expect(dateToZonedWallTime(new Date('2026-03-06T02:15:00Z'), 'America/Sao_Paulo')).toEqual({
      date: '2026-03-05',
      time: '23:15',
    });
  });
});
