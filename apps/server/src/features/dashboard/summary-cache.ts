import type { LiveBus } from '../../telemetry/live-bus';

/** How long one computed dashboard summary answers every caller (ADR 034). */
export const SUMMARY_TTL_MS = 1000;

/**
 * The dashboard's summary is the same for every signed-in user (no per-user or per-facility part)
 * and costs six queries: with a hundred dashboards open it was computed a hundred times over the
 * same rows. This keeps the newest result for SUMMARY_TTL_MS and lets concurrent callers share
 * one computation (single-flight). Anything that changes what it counts ends the kept result at
 * once: a status or alert event on the live bus, and any tRPC mutation answered by this process
 * (invalidate()). A computation that began before a change is never kept nor shared after it.
 * A failed computation is not kept: the next caller tries again.
 */
export class SummaryCache<T> {
  private kept: { at: number; value: T } | null = null;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly ttlMs = SUMMARY_TTL_MS,
    /** A monotonic clock (tests' moved wall clock must not keep a result forever). */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(compute: () => Promise<T>): Promise<T> {
    const started = this.clock();
    if (this.kept && started - this.kept.at < this.ttlMs) return Promise.resolve(this.kept.value);
    if (this.pending) return this.pending;
    const pending: Promise<T> = compute().then((value) => {
      // Still current: no invalidate() since it started.
      if (this.pending === pending) this.kept = { at: started, value };
      return value;
    });
    this.pending = pending;
    const clear = () => {
      if (this.pending === pending) this.pending = null;
    };
    pending.then(clear, clear);
    return pending;
  }

  /** Forgets the kept result and detaches a computation under way (its callers still get it). */
  invalidate(): void {
    this.kept = null;
    this.pending = null;
  }

  /** Invalidates on every live event that changes the summary's figures; answers the unsubscribe. */
  followBus(bus: LiveBus): () => void {
    return bus.subscribe((event) => {
      if (event.type === 'status' || event.type === 'alert') this.invalidate();
    });
  }
}
