/**
 * Wall-clock times in a facility's zone, whatever the browser's zone: a date and time typed for
 * a facility ('2026-03-05', '14:00' in America/Manaus) to the moment it names, and back.
 */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function wallParts(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', number> {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at `at`, ms. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const p = wallParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wall - Math.floor(at.getTime() / 60_000) * 60_000;
}

/** 'YYYY-MM-DD' + 'HH:MM' on the zone's clock → the moment; null when either is not a date/time. */
export function zonedWallTimeToDate(date: string, time: string, timeZone: string | undefined): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (!timeZone) {
    const local = new Date(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
    return Number.isNaN(local.getTime()) ? null : local;
  }
  // Guess with the offset at the wall time read as UTC, then correct once (zone changes in between).
  let moment = wall - zoneOffsetMs(new Date(wall), timeZone);
  moment = wall - zoneOffsetMs(new Date(moment), timeZone);
  return new Date(moment);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The moment as the zone's wall clock: { date: 'YYYY-MM-DD', time: 'HH:MM' } (for date and time inputs). */
export function dateToZonedWallTime(at: Date, timeZone: string | undefined): { date: string; time: string } {
  const p = timeZone
    ? wallParts(at, timeZone)
    : {
        year: at.getFullYear(),
        month: at.getMonth() + 1,
        day: at.getDate(),
        hour: at.getHours(),
        minute: at.getMinutes(),
      };
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}
