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
  previousStart: new Date('2026-10-01T03:00:00Z'),
  previousEnd: new Date('2026-10-23T15:30:00Z'),
  daysStart: new Date('2026-11-17T03:00:00Z'),
  firstDay: '2026-11-17',
  today: '2026-11-23',
};
const now = new Date('2026-11-23T15:30:00Z');

describe('month-over-month comparison', () => {
  it('compares equal windows when last month’s history starts after the 1st', () => {
    // Last month's data starts on 19 October, 15:00Z (a site with 35 days of history).
    const previous = hours('2026-10-19T15:00:00Z', '2026-10-23T16:00:00Z', () => 1);
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
      previous: { from: new Date('2026-10-19T15:00:00Z'), to: bounds.previousEnd, kwh: 96.5, costBRL: null },
      limitedByHistory: true,
      changePercent: 100,
    });
  });

  it('prices every hour at its tariff (peak on weekdays 18–21 h local)', () => {
    const rate = (hour: number, dow: number) => (dow <= 5 && hour >= 18 && hour < 21 ? 2 : 0.5);
    const rows = [
      ...hours('2026-10-01T03:00:00Z', '2026-10-23T15:00:00Z', () => 1),
      ...hours('2026-11-01T03:00:00Z', '2026-11-23T15:00:00Z', () => 1),
    ];
    const month = compareMonths(rows, bounds, now, rate)!;
    // 1–23 Nov: weekdays 2–6, 9–13, 16–20 (before the 23rd's 12:00 local): 15 × 3 peak hours.
    const currentHours = 22 * 24 + 13;
    expect(month.current.kwh).toBe(currentHours);
    expect(month.current.costBRL).toBe(15 * 3 * 2 + (currentHours - 45) * 0.5);
    // 1–23 Oct: weekdays 1–2, 5–9, 12–16, 19–22 (the 23rd's window ends at 12:30 local): 16 days.
    expect(month.previous.kwh).toBe(22 * 24 + 12.5);
    expect(month.previous.costBRL).toBe(16 * 3 * 2 + (22 * 24 + 12.5 - 48) * 0.5);
    expect(month.limitedByHistory).toBe(false);
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
