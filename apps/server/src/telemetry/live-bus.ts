import type { LiveEvent } from '@sentinela/shared/live-events';

export type { LiveEvent };

/**
 * Where an event was published: in this process (`here`), or on another instance of the same
 * database, carried over PostgreSQL NOTIFY (`elsewhere`, ADR 038). Listeners that act once per
 * event for the whole site (the alarm engine's threshold evaluation, the alert notifier) act on
 * `here` only: the instance that published it acts on it.
 */
export type EventOrigin = 'here' | 'elsewhere';

export type LiveListener = (event: LiveEvent, origin: EventOrigin) => void;

/**
 * The one fan-out point of the process: ingest, commands and alarms publish here; the live
 * subscription and the alarm engine listen. With several instances on PostgreSQL, what is
 * published here also goes to the other instances (live-relay.ts) and theirs comes in here.
 */
export class LiveBus {
  private readonly listeners = new Set<LiveListener>();
  private outbound: ((event: LiveEvent) => void) | null = null;
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

  /** An event of this process: to its listeners, and to the other instances when relayed. */
  publish(event: LiveEvent): void {
    this.deliver(event, 'here');
    if (this.outbound) {
      try {
        this.outbound(event);
      } catch {
        // The relay logs its own errors; the local listeners already have the event.
      }
    }
  }

  /** An event another instance published (the relay hands it in): to the listeners only. */
  receive(event: LiveEvent): void {
    this.deliver(event, 'elsewhere');
  }

  /** What this process publishes is also handed to `send` (one relay at a time); answers the detach. */
  relayTo(send: (event: LiveEvent) => void): () => void {
    this.outbound = send;
    return () => {
      if (this.outbound === send) this.outbound = null;
    };
  }

  private deliver(event: LiveEvent, origin: EventOrigin): void {
    for (const listener of this.listeners) {
      try {
        listener(event, origin);
      } catch {
        // A failing listener must not stop the others (each logs its own errors).
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
