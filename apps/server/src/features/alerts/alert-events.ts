import type { AlertEvent } from '@sentinela/shared/live-events';
import type { LiveBus } from '../../telemetry/live-bus';
import { pause } from '../../telemetry/pause';

/** Bound on what waits for a slow client; alert changes are rare, so it is only a safety net. */
const MAX_PENDING = 1000;

/**
 * One client's stream of alert changes only (raised, acknowledged, cleared), in order, in
 * batches of what arrived within `batchMs`. The alerts and data-center pages need these and no
 * telemetry, so they do not pay for the whole live stream (live.events).
 */
export async function* alertBatches(
  bus: LiveBus,
  signal: AbortSignal | undefined,
  batchMs = 50,
): AsyncGenerator<AlertEvent[]> {
  let pending: AlertEvent[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'alert') return;
    pending.push(event);
    if (pending.length > MAX_PENDING) pending.shift();
    wake?.();
  });
  try {
    while (!signal?.aborted) {
      if (pending.length === 0) {
        await pause(signal, null, (done) => (wake = done));
        wake = undefined;
        // What arrives together goes out together.
        await pause(signal, batchMs);
        continue;
      }
      const batch = pending;
      pending = [];
      yield batch;
    }
  } finally {
    unsubscribe();
  }
}
