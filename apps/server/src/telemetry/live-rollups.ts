import { DirtyMinutes } from './rollups';
import type { Reading } from './telemetry-writer';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** One rollup row (telemetry_1m or telemetry_1h): a series' points of one bucket, whole. */
export interface RollupRow {
  equipmentId: string;
  metric: string;
  /** The bucket's start, ms since the epoch. */
  bucket: number;
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** What one rollup run writes (rollups.ts `writeRollups`). */
export interface TakenRollups {
  /** Minute rows counted in memory, each the whole minute so far: written over what is stored. */
  minutes: RollupRow[];
  /** Hour rows likewise. */
  hours: RollupRow[];
  /** Minutes recomputed from raw points (and their hours from the minutes), [from, to). */
  raw: [Date, Date] | null;
  /** Hours recomputed from their minutes, [from, to): hours memory does not hold whole. */
  hoursFromMinutes: [Date, Date] | null;
}

interface Aggregate {
  count: number;
  sum: number;
  min: number;
  max: number;
  changed: boolean;
}

/** Aggregates by bucket start → equipment → metric. */
class Buckets {
  private readonly buckets = new Map<number, Map<string, Map<string, Aggregate>>>();
  /** Aggregates held, across buckets. */
  size = 0;

  add(bucket: number, equipmentId: string, metrics: Record<string, number>): void {
    let devices = this.buckets.get(bucket);
    if (!devices) this.buckets.set(bucket, (devices = new Map<string, Map<string, Aggregate>>()));
    let series = devices.get(equipmentId);
    if (!series) devices.set(equipmentId, (series = new Map<string, Aggregate>()));
    for (const metric in metrics) {
      const value = metrics[metric]!;
      const known = series.get(metric);
      if (known) {
        known.count++;
        known.sum += value;
        if (value < known.min) known.min = value;
        if (value > known.max) known.max = value;
        known.changed = true;
      } else {
        series.set(metric, { count: 1, sum: value, min: value, max: value, changed: true });
        this.size++;
      }
    }
  }

  has(bucket: number): boolean {
    return this.buckets.has(bucket);
  }

  drop(bucket: number): void {
    const devices = this.buckets.get(bucket);
    if (!devices) return;
    for (const series of devices.values()) this.size -= series.size;
    this.buckets.delete(bucket);
  }

  /** The buckets' starts, as held. */
  starts(): number[] {
    return [...this.buckets.keys()];
  }

  /** The rows changed since the last call, whole; unchanged from then on. */
  takeChanged(): RollupRow[] {
    const rows: RollupRow[] = [];
    for (const [bucket, devices] of this.buckets)
      for (const [equipmentId, series] of devices)
        for (const [metric, a] of series) {
          if (!a.changed) continue;
          a.changed = false;
          rows.push({ equipmentId, metric, bucket, count: a.count, sum: a.sum, min: a.min, max: a.max });
        }
    return rows;
  }

  dropBefore(cutoff: number): void {
    for (const bucket of this.buckets.keys()) if (bucket < cutoff) this.drop(bucket);
  }

  clear(): void {
    this.buckets.clear();
    this.size = 0;
  }
}

const floorTo = (ts: number, unit: number) => Math.floor(ts / unit) * unit;

export interface LiveRollupsOptions {
  /**
   * `memory`: count, sum, min and max of every minute and hour are added up from the committed
   * batches here, so a rollup run writes a row per series and bucket instead of reading every raw
   * point again. Only where this ingest writes every raw point (PGlite: one process). `raw`
   * (several instances on PostgreSQL): each run recomputes the minutes touched from raw points.
   */
  source: 'memory' | 'raw';
  /** When the ingest starts, ms since the epoch: every raw point stored from then on is its own. */
  startedAt: number;
  /**
   * The newest raw point already stored at the start (ms since the epoch; null when there is
   * none): its minute and every earlier one, and its hour, hold points memory did not count.
   * Memory holds whole the minutes from the start's own (when no stored point lies in it) and the
   * hours that begin after the start (the start's hour may hold stored minutes: the demo site's,
   * a previous run's), which come from their minutes instead.
   */
  newestStored: number | null;
  /** Minutes held after they end, for points that arrive late (default 3); later ones go to raw. */
  keepMinutes?: number;
  /** Aggregates held at most (minutes and hours); past it, raw recomputes from then on. */
  maxAggregates?: number;
  /** Called once when memory gives up (too many series). */
  onOverflow?: () => void;
}

/**
 * The rollups of the points this ingest committed (ADR 008, "Rollups counted in memory"): the
 * minutes and hours that memory holds whole are written from memory; the rest (buckets holding
 * points stored before the start, late points, batches that may have replaced stored values) are recomputed from raw
 * points, their hours from the minutes. Every write sets a bucket's whole value (never adds to
 * it), so a write twice or out of order can only be behind for one run, never count twice.
 */
export class LiveRollups {
  private readonly raw = new DirtyMinutes();
  private readonly fromMinutes = new DirtyMinutes();
  private readonly minutes = new Buckets();
  private readonly hours = new Buckets();
  /** Buckets memory holds not whole (a replaced point, a raw point in them): from raw or minutes. */
  private readonly taintedMinutes = new Set<number>();
  private readonly taintedHours = new Set<number>();
  private minuteFrom: number;
  private hourFrom: number;
  private readonly keepMs: number;
  private readonly maxAggregates: number;

  constructor(private readonly options: LiveRollupsOptions) {
    const memory = options.source === 'memory';
    const stored = options.newestStored ?? Number.NEGATIVE_INFINITY;
    this.minuteFrom = memory
      ? Math.max(floorTo(options.startedAt, MINUTE_MS), floorTo(stored, MINUTE_MS) + MINUTE_MS)
      : Infinity;
    const hourAfter = Math.max(options.startedAt, stored + 1);
    this.hourFrom = memory ? Math.ceil(hourAfter / HOUR_MS) * HOUR_MS : Infinity;
    this.keepMs = (options.keepMinutes ?? 3) * MINUTE_MS;
    this.maxAggregates = options.maxAggregates ?? 150_000;
  }

  /** The aggregates held (memory's size). */
  get aggregates(): number {
    return this.minutes.size + this.hours.size;
  }

  /** A raw point stored that memory did not count (ms since the epoch): its minute from raw. */
  unknown(ts: number): void {
    this.raw.add(ts);
    const hour = floorTo(ts, HOUR_MS);
    if (hour >= this.hourFrom) {
      this.taintedHours.add(hour);
      this.hours.drop(hour);
    }
  }

  /** The points of a batch committed as a plain insert: every one new. */
  added(readings: Reading[]): void {
    for (const r of readings) {
      const minute = floorTo(r.ts, MINUTE_MS);
      if (minute < this.minuteFrom || this.taintedMinutes.has(minute)) {
        this.unknown(r.ts);
        continue;
      }
      this.minutes.add(minute, r.equipmentId, r.metrics);
      const hour = floorTo(r.ts, HOUR_MS);
      if (hour < this.hourFrom || this.taintedHours.has(hour)) this.fromMinutes.add(hour);
      else this.hours.add(hour, r.equipmentId, r.metrics);
    }
    if (this.aggregates > this.maxAggregates) this.overflow();
  }

  /** The points of a batch committed as an upsert: each may have replaced a stored value. */
  replaced(readings: Reading[]): void {
    for (const r of readings) {
      const minute = floorTo(r.ts, MINUTE_MS);
      if (minute >= this.minuteFrom) {
        this.taintedMinutes.add(minute);
        this.minutes.drop(minute);
      }
      this.unknown(r.ts);
    }
  }

  /** What to write now; memory's rows changed since the last run, and the buckets it lets go. */
  take(now: number): TakenRollups {
    const taken: TakenRollups = {
      minutes: this.minutes.takeChanged(),
      hours: this.hours.takeChanged(),
      raw: this.raw.take(),
      hoursFromMinutes: this.fromMinutes.take(),
    };
    if (this.options.source === 'memory') {
      // Written above: what is let go now is in the tables. A later point of it goes to raw.
      const minuteCut = floorTo(now - this.keepMs, MINUTE_MS);
      const hourCut = floorTo(now, HOUR_MS) - HOUR_MS;
      if (minuteCut > this.minuteFrom) this.minuteFrom = minuteCut;
      if (hourCut > this.hourFrom) this.hourFrom = hourCut;
      this.minutes.dropBefore(this.minuteFrom);
      this.hours.dropBefore(this.hourFrom);
      for (const m of this.taintedMinutes) if (m < this.minuteFrom) this.taintedMinutes.delete(m);
      for (const h of this.taintedHours) if (h < this.hourFrom) this.taintedHours.delete(h);
    }
    return taken;
  }

  /** A run that failed: what it held is recomputed at the next one (from raw, and from minutes). */
  retry(taken: TakenRollups): void {
    for (const row of taken.minutes) this.unknown(row.bucket);
    for (const row of taken.hours) this.fromMinutes.add(row.bucket);
    const again = (dirty: DirtyMinutes, span: [Date, Date] | null) => {
      if (!span) return;
      dirty.add(span[0].getTime());
      dirty.add(span[1].getTime() - 1);
    };
    again(this.raw, taken.raw);
    again(this.fromMinutes, taken.hoursFromMinutes);
  }

  /** Too many series to hold: everything held goes to raw, and every later point too. */
  private overflow(): void {
    for (const minute of this.minutes.starts()) {
      this.raw.add(minute);
      this.raw.add(minute + MINUTE_MS - 1);
    }
    for (const hour of this.hours.starts()) this.fromMinutes.add(hour);
    this.minutes.clear();
    this.hours.clear();
    this.taintedMinutes.clear();
    this.taintedHours.clear();
    this.minuteFrom = Infinity;
    this.hourFrom = Infinity;
    this.options.onOverflow?.();
  }
}
