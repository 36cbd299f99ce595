import { dateToZonedWallTime, zonedWallTimeToDate } from '../../lib/zoned-time';

/**
 * The calendar's date math: a month ('2026-03') as weeks of days, Monday first, and the moments
 * it spans on a facility's clock (a day is the zone's, whatever the browser's zone).
 */

export interface CalendarDay {
  /** 'YYYY-MM-DD' on the zone's clock. */
  key: string;
  day: number;
  /** Part of the month shown (else a day of the weeks around it). */
  inMonth: boolean;
}

const MONTH = /^(\d{4})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;

/** 'YYYY-MM' when it names a month between 2000 and 2100, else null. */
export function parseMonth(text: string | null | undefined): string | null {
  const m = MONTH.exec(text ?? '');
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 2000 && year <= 2100 && month >= 1 && month <= 12 ? `${m[1]}-${m[2]}` : null;
}

/** The month a moment falls in on the zone's clock. */
export function monthOf(at: Date, timeZone: string | undefined): string {
  return dateToZonedWallTime(at, timeZone).date.slice(0, 7);
}

/** The day a moment falls on, on the zone's clock: 'YYYY-MM-DD'. */
export function dayOf(at: Date, timeZone: string | undefined): string {
  return dateToZonedWallTime(at, timeZone).date;
}

function yearMonth(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** The month `delta` months away: addMonths('2026-12', 1) = '2027-01'. */
export function addMonths(month: string, delta: number): string {
  const [year, m] = yearMonth(month);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** The moments [from, to) of the month on the zone's clock: midnight of its first day to the next month's. */
export function monthRange(month: string, timeZone: string | undefined): { from: Date; to: Date } {
  const from = zonedWallTimeToDate(`${month}-01`, '00:00', timeZone);
  const to = zonedWallTimeToDate(`${addMonths(month, 1)}-01`, '00:00', timeZone);
  if (!from || !to) throw new Error(`Not a month: ${month}`);
  return { from, to };
}

/** The weeks (Monday to Sunday) that hold the month's days: 4 to 6 rows of 7. */
export function monthWeeks(month: string): CalendarDay[][] {
  const [year, m] = yearMonth(month);
  const first = Date.UTC(year, m - 1, 1);
  // getUTCDay: Sunday 0 … Saturday 6; days back to the Monday on or before the first.
  const back = (new Date(first).getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const weeks = Math.ceil((back + daysInMonth) / 7);
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const at = new Date(first + (w * 7 + d - back) * DAY_MS);
      return {
        key: `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
        day: at.getUTCDate(),
        inMonth: at.getUTCMonth() === m - 1,
      };
    }),
  );
}

/** A 'YYYY-MM-DD' as a date at noon UTC, for naming it (weekday, month) with Intl in UTC. */
export function dayAsDate(key: string): Date {
  return new Date(`${key}T12:00:00Z`);
}
