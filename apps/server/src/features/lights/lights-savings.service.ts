import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { SAVINGS_WINDOW_DAYS, type LightsSavings } from '@sentinela/shared/lights';
import { pontaShare } from '@sentinela/shared/energy-billing';
import { z } from 'zod';
import { getEnergyTariff } from '../settings/settings.service';
import type { LightsScope } from './lights.service';
import { inBackground } from '@sentinela/db/priority';

const HOUR_MS = 3_600_000;
/**
 * A light counts as dimmed in an hour when it drew at least this share below its rated power
 * while on: LED drivers at full light scatter a little around the nameplate.
 */
export const DIMMED_MARGIN = 0.03;
/** Hours this recent are always read again: late points may still change their rollups. */
const SETTLING_HOURS = 1;
/** The longest a query filling the settled hours should take (its chunk of hours adapts to it). */
const FILL_QUERY_MS = 30;
/** The recent complete minutes that tell how many readings a light sends per minute. */
const RATE_MINUTES = 6;

/** What the lights of one room saved in one hour (its local weekday and time: the tariff period). */
interface RoomHour {
  facilityId: string;
  roomId: string | null;
  /** Local date (YYYY-MM-DD): a national holiday has no ponta. */
  date: string;
  isoDow: number;
  minute: number;
  kwh: number;
  dimmedHours: number;
}

const roomHourRow = z.object({
  bucket: z.union([z.date(), z.string()]),
  facility_id: z.string(),
  room_id: z.string().nullable(),
  day: z.string(),
  dow: z.coerce.number(),
  minute: z.coerce.number(),
  kwh: z.coerce.number(),
  dimmed_hours: z.coerce.number(),
});

/**
 * Per room and hour of [from, to): for every light and hour of the hourly rollups,
 *   saved W = rated W × share of the hour on − measured average W   (when ≥ 3 % below rated),
 * times the part of the hour the readings cover. That part is the hour's number of readings
 * over what the light sends in an hour (its readings per minute in the last few complete
 * minutes × 60): an hour the plant started or stopped in counts only for the time it reported.
 * For a light silent in those minutes: the whole hour, or the part of the current hour gone by.
 * One pass over the rollups of the lights' `powerW` and `on` metrics, aggregated in SQL.
 * `scope`: only the lights of a facility or room (each light's rollups on their primary key),
 * else every light (the bucket index: what the cache of settled hours is filled with).
 */
async function roomHours(
  db: Database,
  from: number,
  to: number,
  now: Date,
  scope: LightsScope = {},
): Promise<Map<number, RoomHour[]>> {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  const scoped: SQL[] = [];
  if (scope.facilityId) scoped.push(sql`and e.facility_id = ${scope.facilityId}`);
  if (scope.roomId) scoped.push(sql`and e.room_id = ${scope.roomId}`);
  const lights =
    scoped.length > 0 ? sql`(select e.id from equipment e where e.kind = 'light' ${sql.join(scoped, sql` `)})` : null;
  const fromAt = sql`${new Date(from).toISOString()}::timestamptz`;
  const toAt = sql`${new Date(to).toISOString()}::timestamptz`;
  // In scope, each light's rollups by a lateral range on the primary key (`offset 0` keeps it one):
  // the planner, without statistics of the newest hours, would walk the bucket index over every device.
  const rollups = lights
    ? sql`cross join lateral (
            select b.bucket, b.metric, b.sum, b.count from telemetry_1h b
             where b.equipment_id = e.id and b.metric in ('on', 'powerW') and b.bucket >= ${fromAt} and b.bucket < ${toAt}
            offset 0) b`
    : sql`join telemetry_1h b on b.equipment_id = e.id and b.metric in ('on', 'powerW')
           and b.bucket >= ${fromAt} and b.bucket < ${toAt}`;
  // Grouping each light's two rows of an hour (one index range per light) is several times
  // cheaper than joining the rollup table to itself.
  const result = await db.execute(sql`
    with rate as (
      select equipment_id, max(count) as per_minute
        from telemetry_1m
       where metric = 'on' and count > 0 ${lights ? sql`and equipment_id in ${lights}` : sql``}
         and bucket >= ${new Date(minute - RATE_MINUTES * 60_000).toISOString()}::timestamptz
         and bucket < ${new Date(minute - 60_000).toISOString()}::timestamptz
       group by equipment_id
    ), light_hours as (
      select e.facility_id, e.room_id, b.bucket, r.per_minute,
             (e.rated->>'powerW')::float8 as rated_w,
             max(b.count) filter (where b.metric = 'on') as readings,
             max(b.sum / b.count) filter (where b.metric = 'on') as on_share,
             max(b.sum / b.count) filter (where b.metric = 'powerW') as avg_w
        from equipment e
        ${rollups}
        left join rate r on r.equipment_id = e.id
       where e.kind = 'light' and b.count > 0 ${sql.join(scoped, sql` `)}
       group by e.id, b.bucket, r.per_minute
    ), saved as (
      select facility_id, room_id, bucket,
             case when per_minute is not null then least(1, readings / (60.0 * per_minute))
                  else least(1, extract(epoch from (${now.toISOString()}::timestamptz - bucket)) / 3600) end as covered,
             least(1, greatest(0, on_share)) as on_share,
             rated_w * least(1, greatest(0, on_share)) as full_w,
             avg_w
        from light_hours
       where rated_w > 0 and on_share is not null and avg_w is not null
    )
    select s.bucket, s.facility_id, s.room_id,
           to_char(s.bucket at time zone f.timezone, 'YYYY-MM-DD') as day,
           extract(isodow from s.bucket at time zone f.timezone)::int as dow,
           (extract(hour from s.bucket at time zone f.timezone) * 60 + extract(minute from s.bucket at time zone f.timezone))::int as minute,
           coalesce(sum((full_w - avg_w) * covered) filter (where full_w - avg_w >= full_w * ${DIMMED_MARGIN} and full_w > avg_w), 0) / 1000 as kwh,
           coalesce(sum(on_share * covered) filter (where full_w - avg_w >= full_w * ${DIMMED_MARGIN} and full_w > avg_w), 0) as dimmed_hours
      from saved s
      join facilities f on f.id = s.facility_id
     group by s.bucket, s.facility_id, s.room_id, f.timezone`);
  const hours = new Map<number, RoomHour[]>();
  for (const row of parseRows(roomHourRow, result)) {
    const bucket = Math.floor(new Date(row.bucket).getTime() / HOUR_MS) * HOUR_MS;
    let list = hours.get(bucket);
    if (!list) hours.set(bucket, (list = []));
    list.push({
      facilityId: row.facility_id,
      roomId: row.room_id,
      date: row.day,
      isoDow: row.dow,
      minute: row.minute,
      kwh: row.kwh,
      dimmedHours: row.dimmed_hours,
    });
  }
  return hours;
}

/**
 * Settled hours never change, so each database keeps them once computed: a page load reads
 * the rollups of the last hour or two, not 30 days again. A cold cache (after a restart, on a
 * large site) is filled newest hours first, a few hours per query: the request itself spends at
 * most `fillBudgetMs` on it, then a background task carries on, resting as long as each query
 * took, so neither a request nor the filling holds the database (PGlite shares the event loop)
 * for long. Until the cache is full the answer says which part of the window it covers.
 */
interface SettledHours {
  hours: Map<number, RoomHour[]>;
  /** The fill step in progress (one at a time); resolves true when nothing is missing. */
  filling: Promise<boolean> | null;
  /** Hours per query, adapted to how long the last query took. */
  chunkHours: number;
  background: boolean;
}
const settledByDatabase = new WeakMap<Database, SettledHours>();

/** Forgets the settled hours (the history under them changed: the demo history just filled in). */
export function forgetSettledSavings(db: Database): void {
  settledByDatabase.delete(db);
}

export interface SavingsOptions {
  /** Time a request may spend filling the cache (at least one query is made). Default 500 ms. */
  fillBudgetMs?: number;
  /** Let a background task finish filling the cache (default true). */
  background?: boolean;
}

/** Fills missing settled hours of [from, until), newest first, until done or out of budget. */
async function fillSettled(
  db: Database,
  cache: SettledHours,
  from: number,
  until: number,
  now: Date,
  budgetMs: number,
): Promise<boolean> {
  const started = Date.now();
  let hour = until - HOUR_MS;
  do {
    while (hour >= from && cache.hours.has(hour)) hour -= HOUR_MS;
    if (hour < from) return true;
    // The newest missing run ends at `hour`: take up to chunkHours of it, going back.
    let first = hour;
    while (
      first - HOUR_MS >= from &&
      hour - first + HOUR_MS < cache.chunkHours * HOUR_MS &&
      !cache.hours.has(first - HOUR_MS)
    ) {
      first -= HOUR_MS;
    }
    const queryStarted = Date.now();
    const found = await roomHours(db, first, hour + HOUR_MS, now);
    for (let h = first; h <= hour; h += HOUR_MS) cache.hours.set(h, found.get(h) ?? []);
    // Each query holds PGlite's one connection: a request queued behind one waits about as long,
    // so the chunk is kept to queries of FILL_QUERY_MS or less (more of them, none long).
    const took = Date.now() - queryStarted;
    if (took < FILL_QUERY_MS / 4) cache.chunkHours = Math.min(SAVINGS_WINDOW_DAYS * 24, cache.chunkHours * 2);
    else if (took > FILL_QUERY_MS) cache.chunkHours = Math.max(1, Math.floor(cache.chunkHours / 2));
    hour = first - HOUR_MS;
  } while (Date.now() - started < budgetMs);
  for (; hour >= from; hour -= HOUR_MS) if (!cache.hours.has(hour)) return false;
  return true;
}

/** One fill step at a time per database: `fill` starts once the one running (if any) is done. */
async function oneFillAtATime(cache: SettledHours, fill: () => Promise<boolean>): Promise<boolean> {
  while (cache.filling) await cache.filling;
  const step = fill();
  cache.filling = step;
  try {
    return await step;
  } finally {
    cache.filling = null;
  }
}

async function fillInBackground(
  db: Database,
  cache: SettledHours,
  from: number,
  until: number,
  now: Date,
): Promise<void> {
  cache.background = true;
  try {
    for (;;) {
      const started = Date.now();
      if (await inBackground(() => oneFillAtATime(cache, () => fillSettled(db, cache, from, until, now, 300)))) return;
      await new Promise((resolve) => setTimeout(resolve, Date.now() - started).unref());
    }
  } catch {
    // The database closed or a query failed: the next request starts again where this stopped.
  } finally {
    cache.background = false;
  }
}

async function settledHours(
  db: Database,
  from: number,
  until: number,
  now: Date,
  options: SavingsOptions,
): Promise<Map<number, RoomHour[]>> {
  let cache = settledByDatabase.get(db);
  if (!cache)
    settledByDatabase.set(db, (cache = { hours: new Map(), filling: null, chunkHours: 6, background: false }));
  for (const hour of cache.hours.keys()) if (hour < from) cache.hours.delete(hour);
  // While the background task fills, a request only reads what is there.
  if (cache.background) return cache.hours;
  const complete = await oneFillAtATime(cache, () =>
    fillSettled(db, cache, from, until, now, options.fillBudgetMs ?? 500),
  );
  if (!complete && options.background !== false) void fillInBackground(db, cache, from, until, now);
  return cache.hours;
}

/**
 * What reduced brightness (eco mode, dimming) saved over the last 30 days, priced at the peak
 * or off-peak rate of each local hour in the facility's time zone (the tariff setting).
 */
export async function lightsSavings(
  db: Database,
  scope: LightsScope,
  now: Date,
  options: SavingsOptions = {},
): Promise<LightsSavings> {
  const tariff = await getEnergyTariff(db);
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const windowStart = currentHour - SAVINGS_WINDOW_DAYS * 24 * HOUR_MS;
  const settledUntil = currentHour - SETTLING_HOURS * HOUR_MS;
  const settled = await settledHours(db, windowStart, settledUntil, now, options);
  // The hours not settled yet: only the lights in scope (a facility's, not the site's).
  const recent = await roomHours(db, settledUntil, now.getTime(), now, scope);

  // The window covered: back from now for as long as every hour is known.
  let from = settledUntil;
  while (from > windowStart && settled.has(from - HOUR_MS)) from -= HOUR_MS;

  let peakKwh = 0;
  let offPeakKwh = 0;
  let dimmedHours = 0;
  let since = Infinity;
  const add = (hour: number, rows: RoomHour[]) => {
    for (const row of rows) {
      if (scope.facilityId && row.facilityId !== scope.facilityId) continue;
      if (scope.roomId && row.roomId !== scope.roomId) continue;
      const share = pontaShare(tariff, { date: row.date, isoDow: row.isoDow, minute: row.minute });
      peakKwh += row.kwh * share;
      offPeakKwh += row.kwh * (1 - share);
      dimmedHours += row.dimmedHours;
      since = Math.min(since, hour);
    }
  };
  for (let hour = from; hour < settledUntil; hour += HOUR_MS) add(hour, settled.get(hour) ?? []);
  for (const [hour, rows] of recent) add(hour, rows);
  return {
    from: new Date(from),
    to: now,
    complete: from === windowStart,
    since: Number.isFinite(since) ? new Date(since) : null,
    savedKwh: peakKwh + offPeakKwh,
    peakKwh,
    offPeakKwh,
    amount: peakKwh * tariff.peakRate + offPeakKwh * tariff.offPeakRate,
    dimmedHours,
    tariff,
  };
}
