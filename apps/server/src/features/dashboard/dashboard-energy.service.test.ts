import { describe, expect, it } from 'vitest';
import { compareMonths, daysBetween, tariffRate, type SiteHour } from './dashboard-energy.service';

const HOUR = 3_600_000;

/** Hourly rows from `from` to `to` (bucket starts, both included), UTC−3 local fields. */
function hours(from: string, to: string, kwh: (bucket: Date) => number): SiteHour[] {
  const out: SiteHour[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += HOUR) {
    const local = new Date(t - 3 * HOUR);
    out.push({
      bucket: new Date(t),
      kwh: kwh(new Date(t)),
      day: local.toISOString().slice(0, 10),
      hour: local.getUTCHours(),
      dow: local.getUTCDay() === 0 ? 7 : local.getUTCDay(),
    });
  }
  return out;
}

const bounds = {
  timezone: 'America/Sao_Paulo',
  monthStart: new Date('2026-11-01T03:00:00Z'),
  // Four weeks before: Sunday 4 October 00:00 local to Monday 26 October 12:30 local.
  previousStart: new Date('2026-10-04T03:00:00Z'),
  previousEnd: new Date('2026-10-26T15:30:00Z'),
  shiftDays: 28,
  daysStart: new Date('2026-11-17T03:00:00Z'),
  firstDay: '2026-11-17',
  today: '2026-11-23',
};
const now = new Date('2026-11-23T15:30:00Z');

describe('month-over-month comparison', () => {
  it('compares equal windows when the earlier history starts after the window’s start', () => {
    // The earlier data starts on 22 October, 15:00Z (a site with 32 days of history).
    const previous = hours('2026-10-22T15:00:00Z', '2026-10-26T16:00:00Z', () => 1);
    // This month: 2 kWh/h; the hour in progress has half of it so far.
    const current = hours('2026-11-01T03:00:00Z', '2026-11-23T15:00:00Z', (b) =>
      b.getTime() === Date.parse('2026-11-23T15:00:00Z') ? 1 : 2,
    );
    const month = compareMonths([...previous, ...current], bounds, now, null);
    expect(month).toEqual({
      monthStart: bounds.monthStart,
      // 22 days × 24 h + 12 h to 15:00Z, × 2, + the hour in progress.
      monthToDateKwh: (22 * 24 + 12) * 2 + 1,
      current: { from: new Date('2026-11-19T15:00:00Z'), to: now, kwh: 96 * 2 + 1, costBRL: null },
      // 96 whole hours, and half of the one the window ends in; 16:00Z is after it.
      previous: { from: new Date('2026-10-22T15:00:00Z'), to: bounds.previousEnd, kwh: 96.5, costBRL: null },
      shiftDays: 28,
      limitedByHistory: true,
      changePercent: 100,
    });
  });

  it('prices every hour at its tariff (peak on weekdays 18–21 h local)', () => {
    const rate = (hour: number, dow: number) => (dow <= 5 && hour >= 18 && hour < 21 ? 2 : 0.5);
    const rows = [
      ...hours('2026-10-04T03:00:00Z', '2026-10-26T15:00:00Z', () => 1),
      ...hours('2026-11-01T03:00:00Z', '2026-11-23T15:00:00Z', () => 1),
    ];
    const month = compareMonths(rows, bounds, now, rate)!;
    // 1–23 Nov: weekdays 2–6, 9–13, 16–20 (before the 23rd's 12:00 local): 15 × 3 peak hours.
    const currentHours = 22 * 24 + 13;
    expect(month.current.kwh).toBe(currentHours);
    expect(month.current.costBRL).toBe(15 * 3 * 2 + (currentHours - 45) * 0.5);
    // 4–26 Oct: weekdays 5–9, 12–16, 19–23 (the 26th's window ends at 12:30 local): 15 days.
    expect(month.previous.kwh).toBe(22 * 24 + 12.5);
    expect(month.previous.costBRL).toBe(15 * 3 * 2 + (22 * 24 + 12.5 - 45) * 0.5);
    expect(month.limitedByHistory).toBe(false);
  });

  it('compares the same weekdays: a plant that works weekdays only shows no change in a steady month', () => {
    // 10 kWh an hour on working days, 1 on weekends, every week alike.
    const load = (b: Date) => {
      const dow = new Date(b.getTime() - 3 * HOUR).getUTCDay();
      return dow === 0 || dow === 6 ? 1 : 10;
    };
    const month = compareMonths(hours('2026-10-01T03:00:00Z', '2026-11-23T15:00:00Z', load), bounds, now, null)!;
    // Both windows start on a Sunday and hold 15 working days and 7 weekend days, then a Monday
    // morning (this one: 12 h and the hour in progress; the earlier one: 12.5 h).
    expect(month.current.from.getUTCDay()).toBe(month.previous.from.getUTCDay());
    expect(month.current.kwh).toBe(15 * 24 * 10 + 7 * 24 + 12 * 10 + 10);
    expect(month.previous.kwh).toBe(15 * 24 * 10 + 7 * 24 + 12.5 * 10);
    // 1–23 October (Thursday to Monday) held 17 working days and read as a 10 % fall; now +0.1 %.
    expect(month.changePercent).toBe(0.1);
  });

  it('has no change without last month’s data, and nothing at all without data', () => {
    const month = compareMonths(
      hours('2026-11-01T03:00:00Z', '2026-11-01T04:00:00Z', () => 5),
      bounds,
      now,
      null,
    );
    expect(month).toMatchObject({
      current: { kwh: 10 },
      previous: { kwh: null, costBRL: null },
      changePercent: null,
      limitedByHistory: false,
    });
    expect(compareMonths([], bounds, now, null)).toBeNull();
  });

  it('prices peak hours on working days only (not weekends, not national holidays), and a cut hour by its share', () => {
    const rate = tariffRate({ peakRate: 2, offPeakRate: 0.5, peakStart: '17:30', peakEnd: '20:30' });
    expect([16, 17, 18, 19, 20, 21].map((h) => rate(h, 3, '2026-11-25'))).toEqual([0.5, 1.25, 2, 2, 1.25, 0.5]);
    expect(rate(18, 6, '2026-11-28')).toBe(0.5);
    expect(rate(18, 7, '2026-11-29')).toBe(0.5);
    expect(rate(18, 5, '2026-11-20')).toBe(0.5); // Consciência Negra
    expect(rate(18, 2, '2026-02-17')).toBe(0.5); // Carnaval
  });

  it('lists calendar days across a month end', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});
