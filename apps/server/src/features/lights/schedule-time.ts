/**
 * Wall-clock arithmetic for light schedules: when 'HH:MM on these weekdays' happens in a
 * facility's time zone. Plain Intl, no time-zone library.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as if it were UTC (ms). */
function wallClockMs(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(at))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** Whether the zone is one Intl knows (a facility row could hold anything). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar day (as a UTC midnight, ms) of an instant in a zone. */
export function localDay(at: Date, timeZone: string): number {
  const wall = wallClockMs(at.getTime(), timeZone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The instant a local day (UTC midnight ms, as localDay gives) at 'HH:MM' happens in a zone.
 * In a daylight-saving gap the time lands just after the jump; in an overlap, on the first pass.
 */
export function zonedInstant(day: number, time: string, timeZone: string): Date {
  const wall = day + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000;
  const firstGuess = wall - (wallClockMs(wall, timeZone) - wall);
  const offset = wallClockMs(firstGuess, timeZone) - firstGuess;
  return new Date(wall - offset);
}

export interface ScheduleTimes {
  onTime: string;
  offTime: string;
  /** 0 = Sunday … 6 = Saturday: the days a lit period starts. */
  days: number[];
}

/**
 * The latest switch-on and switch-off moments at or before `now`. A period starts at onTime on
 * each chosen day and ends at offTime the same day, or the next day when offTime is earlier
 * than onTime (a night shift: 18:00 → 06:00).
 */
export function latestOccurrences(
  schedule: ScheduleTimes,
  now: Date,
  timeZone: string,
): { on: Date | null; off: Date | null } {
  const today = localDay(now, timeZone);
  const overnight = schedule.offTime < schedule.onTime;
  let on: Date | null = null;
  let off: Date | null = null;
  for (let back = 0; back <= 8 && (!on || !off); back++) {
    const day = today - back * DAY_MS;
    if (!schedule.days.includes(new Date(day).getUTCDay())) continue;
    if (!on) {
      const at = zonedInstant(day, schedule.onTime, timeZone);
      if (at <= now) on = at;
    }
    if (!off) {
      const at = zonedInstant(overnight ? day + DAY_MS : day, schedule.offTime, timeZone);
      if (at <= now) off = at;
    }
  }
  return { on, off };
}

export interface ScheduleState extends ScheduleTimes {
  /** Created or last edited: moments before it belong to an older version of the schedule. */
  updatedAt: Date;
  lastOnAt: Date | null;
  lastOffAt: Date | null;
}

export interface DueAction {
  action: 'on' | 'off';
  /** The scheduled moment (what last_on_at / last_off_at record). */
  at: Date;
}

/**
 * What the scheduler owes a schedule now: the newest moment that passed decides the state the
 * lights should be in; it is due unless already carried out or older than the schedule's last
 * edit. After a downtime only that newest moment is carried out, never a stale older one.
 */
export function dueAction(schedule: ScheduleState, now: Date, timeZone: string): DueAction | null {
  const { on, off } = latestOccurrences(schedule, now, timeZone);
  const latest: DueAction | null =
    on && (!off || on > off) ? { action: 'on', at: on } : off ? { action: 'off', at: off } : null;
  if (!latest || latest.at < schedule.updatedAt) return null;
  const done = latest.action === 'on' ? schedule.lastOnAt : schedule.lastOffAt;
  return done && done >= latest.at ? null : latest;
}
