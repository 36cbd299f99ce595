import { describe, expect, it } from 'vitest';
import { addMonths, dayOf, monthOf, monthRange, monthWeeks, parseMonth } from './month-grid';

const keys = (month: string) => monthWeeks(month).map((week) => week.map((d) => d.key));

describe('the calendar month grid', () => {
  it('lays a month out in weeks from Monday, with the days around it to fill them', () => {
    // 1 March 2026 is a Sunday: the first week starts on Monday 23 February; six weeks.
    const march = monthWeeks('2026-03');
    expect(march).toHaveLength(6);
    expect(march[0]?.[0]).toEqual({ key: '2026-02-23', day: 23, inMonth: false });
    expect(march[0]?.[6]).toEqual({ key: '2026-03-01', day: 1, inMonth: true });
    expect(march[5]?.[1]).toEqual({ key: '2026-03-31', day: 31, inMonth: true });
    expect(keys('2026-03').at(-1)?.at(-1)).toBe('2026-04-05');
    expect(march.flat().filter((d) => d.inMonth)).toHaveLength(31);
    // February 2027 starts on a Monday and fills exactly four weeks; leap day in 2028.
    expect(keys('2027-02')).toHaveLength(4);
    expect(keys('2027-02')[0]?.[0]).toBe('2027-02-01');
    expect(
      monthWeeks('2028-02')
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
  });

  it('moves by months across years and reads only real months', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(parseMonth('2026-03')).toBe('2026-03');
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('1999-12')).toBeNull();
    expect(parseMonth('março')).toBeNull();
    expect(parseMonth(null)).toBeNull();
  });

  it("spans the month from midnight to midnight on the zone's clock, without daylight saving", () => {
    const { from, to } = monthRange('2026-03', 'America/Sao_Paulo');
    expect(from.toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-04-01T03:00:00.000Z');
  });

  it('spans a month where the clock changes: New York and Lisbon move to summer time in March', () => {
    // New York: EST (UTC−5) on 1 March, EDT (UTC−4) from 8 March.
    const ny = monthRange('2026-03', 'America/New_York');
    expect(ny.from.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(ny.to.toISOString()).toBe('2026-04-01T04:00:00.000Z');
    // Lisbon: WET (UTC) until 29 March, WEST (UTC+1) after; back in October.
    const lisbon = monthRange('2026-03', 'Europe/Lisbon');
    expect(lisbon.from.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(lisbon.to.toISOString()).toBe('2026-03-31T23:00:00.000Z');
    const october = monthRange('2026-10', 'Europe/Lisbon');
    expect(october.from.toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(october.to.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  it("puts a moment on the day and month of the zone's clock", () => {
    const lateEvening = new Date('2026-03-08T04:30:00Z');
    expect(dayOf(lateEvening, 'America/New_York')).toBe('2026-03-07');
    expect(dayOf(lateEvening, 'America/Sao_Paulo')).toBe('2026-03-08');
    expect(monthOf(new Date('2026-04-01T02:00:00Z'), 'America/Sao_Paulo')).toBe('2026-03');
    expect(monthOf(new Date('2026-04-01T02:00:00Z'), 'Europe/Lisbon')).toBe('2026-04');
  });
});
