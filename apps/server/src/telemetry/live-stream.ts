import type { LiveBus, LiveEvent } from './live-bus';
import { pause } from './pause';

export interface LiveStreamOptions {
  /** Telemetry of one device goes out at most once per window (the values within it merged, latest win). */
  throttleMs?: number;
  /** What is due is gathered for this long before it goes out: one message per batch, not per event. */
  batchMs?: number;
  /**
   * Batches go out at most this often (an SSE message costs the process far more than the
   * events in it: under ingest, one per interval rather than one per `batchMs`). A lone event
   * after a quiet spell still goes out after `batchMs`.
   */
  intervalMs?: number;
  /** Only these devices (all when absent). */
  equipmentIds?: Set<string>;
  /** Only these kinds of event (all when absent): the events timeline wants no telemetry. */
  types?: ReadonlySet<LiveEvent['type']>;
  /**
   * Bound on what waits for a slow client: beyond it the oldest telemetry is dropped, and beyond
   * it the oldest other events too (a client that stopped reading must not grow the process).
   */
  maxPending?: number;
}

type TelemetryEvent = Extract<LiveEvent, { type: 'telemetry' }>;

/**
 * One client's view of the bus: an async iterator of event batches. Telemetry is throttled per
 * device: a device's first values go out in the next batch (a few ms), later ones within its
 * window are merged and go out when the window ends. Status, command and alert events go out in
 * the next batch, in order; batches go out at most every `intervalMs`. A slow client loses old telemetry first; other kinds only past
 * `maxPending` of them (a client that stopped reading).
 */
export async function* liveBatches(bus: LiveBus, signal: AbortSignal | undefined, options: LiveStreamOptions = {}) {
  const throttleMs = options.throttleMs ?? 250;
  const batchMs = options.batchMs ?? 10;
  const intervalMs = Math.max(batchMs, options.intervalMs ?? 40);
  const maxPending = options.maxPending ?? 5000;
  const telemetry = new Map<string, TelemetryEvent>();
  /** When each device's telemetry last went out (only those within their window matter). */
  const sentAt = new Map<string, number>();
  let others: LiveEvent[] = [];
  let wake: (() => void) | undefined;

  const unsubscribe = bus.subscribe((event) => {
    if (options.types && !options.types.has(event.type)) return;
    // A site alert (no equipment) goes only to clients that watch everything.
    if (options.equipmentIds && (event.equipmentId === null || !options.equipmentIds.has(event.equipmentId))) return;
    if (event.type === 'telemetry') {
      const known = telemetry.get(event.equipmentId);
      telemetry.set(
        event.equipmentId,
        known
          ? { ...event, ts: event.ts > known.ts ? event.ts : known.ts, metrics: { ...known.metrics, ...event.metrics } }
          : event,
      );
      if (telemetry.size > maxPending) telemetry.delete(telemetry.keys().next().value as string);
    } else {
      others.push(event);
      if (others.length > maxPending) others.shift();
    }
    wake?.();
  });
  const closeStream = bus.openStream();
  try {
    while (!signal?.aborted) {
      const now = Date.now();
      const due: TelemetryEvent[] = [];
      let nextDue = Infinity;
      for (const [id, event] of telemetry) {
        const at = (sentAt.get(id) ?? -Infinity) + throttleMs;
        if (at <= now) due.push(event);
        else nextDue = Math.min(nextDue, at);
      }
      if (due.length === 0 && others.length === 0) {
        // Nothing to send: wait for an event, or for the end of the earliest pending window.
        await pause(signal, nextDue === Infinity ? null : nextDue - now, (done) => (wake = done));
        wake = undefined;
        await pause(signal, batchMs); // what arrives together goes out together
        continue;
      }
      for (const event of due) {
        telemetry.delete(event.equipmentId);
        sentAt.set(event.equipmentId, now);
      }
      if (sentAt.size > 2 * maxPending) {
        for (const [id, at] of sentAt) if (at + throttleMs <= now) sentAt.delete(id);
      }
      const batch: LiveEvent[] = [...others, ...due];
      others = [];
      yield batch;
      await pause(signal, intervalMs - (Date.now() - now));
    }
  } finally {
    unsubscribe();
    closeStream();
  }
}
