import { DAY_MS, HOUR_MS, localTime } from './site-calendar';

/**
 * The demo site's demand: each facility's contracted demand, sized from its main meter's typical
 * peak (the highest hourly mean of the history, plus 10 %, rounded up to 10 kW), so most days stay
 * clear of it; and ONE overrun: 30 minutes of a working morning in the last weeks (10:15–10:45
 * local) when the main meter of the first facility draws 25 % past its contracted demand (two
 * 15-minute intervals above contracted × 1.05; the hour's mean above it too, as older hours have
 * only hourly rollups).
 */
export const CONTRACTED_MARGIN = 1.1;
export const OVERRUN_SHARE = 1.25;
const OVERRUN_MINUTES = 30;

/** Contracted demand (kW) for a main meter's hourly mean loads. */
export function contractedDemandKw(hourlyKw: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < hourlyKw.length; i++) peak = Math.max(peak, hourlyKw[i] ?? 0);
  return Math.max(10, Math.ceil((peak * CONTRACTED_MARGIN) / 10) * 10);
}

export interface DemandOverrun {
  meterId: string;
  start: number;
  end: number;
  kw: number;
}

/**
 * When the overrun happens: a week before `now`, or the month's first days when the month is
 * younger than a week (so the month-to-date bill shows it), moved to a working day, always
 * before today; at 10:15 local (São Paulo, UTC−3).
 */
export function overrunWindow(now: number): { start: number; end: number } {
  const today = localTime(now).day;
  const date = new Date(today * DAY_MS);
  const monthFirst = Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
  let day = Math.max(today - 7, monthFirst);
  if (day >= today) day = today - 7;
  const weekday = (d: number) => (((d + 4) % 7) + 7) % 7;
  const weekend = (d: number) => weekday(d) === 0 || weekday(d) === 6;
  let forward = day;
  while (weekend(forward)) forward++;
  if (forward < today) day = forward;
  else while (weekend(day)) day--;
  // Local 10:15 is 13:15 UTC.
  const start = day * DAY_MS + 13.25 * HOUR_MS;
  return { start, end: start + OVERRUN_MINUTES * 60_000 };
}
