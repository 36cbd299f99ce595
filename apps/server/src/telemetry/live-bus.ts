import type { LiveEvent } from '@sentinela/shared/live-events';

export type { LiveEvent };

export type LiveListener = (event: LiveEvent) => void;

/**
 * The one fan-out point of the process: ingest, commands and alarms publish here; the live
 * subscription and the alarm engine listen. Carrying it across instances (PostgreSQL
 * LISTEN/NOTIFY) means replacing this class's transport, not its callers.
 */
export class LiveBus {
  private readonly listeners = new Set<LiveListener>();
  private streams = 0;

  /** Live-stream clients (browsers on the live subscription) now listening: System Health. */
  get streamClients(): number {
    return this.streams;
  }

  /** A live stream starts (answers its end); the count System Health shows. */
  openStream(): () => void {
    this.streams++;
    let open = true;
    return () => {
      if (open) this.streams--;
      open = false;
    };
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: LiveEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A failing listener must not stop the others (each logs its own errors).
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
