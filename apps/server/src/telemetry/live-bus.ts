import type { equipmentStatuses, alertSeverities } from '@sentinela/db/schema/plant';

/** What the server pushes to signed-in clients (live.events) and what in-process parts react to. */
export type LiveEvent =
  | { type: 'telemetry'; equipmentId: string; ts: Date; metrics: Record<string, number> }
  | { type: 'status'; equipmentId: string; status: (typeof equipmentStatuses)[number] }
  | {
      type: 'command';
      commandId: string;
      equipmentId: string;
      status: 'pending' | 'confirmed' | 'failed' | 'timeout';
      state?: Record<string, unknown>;
    }
  | {
      type: 'alert';
      alertId: string;
      equipmentId: string;
      severity: (typeof alertSeverities)[number];
      status: 'active' | 'acknowledged' | 'cleared';
      message: string;
    };

export type LiveListener = (event: LiveEvent) => void;

/**
 * The one fan-out point of the process: ingest, commands and alarms publish here; the live
 * subscription and the alarm engine listen. Carrying it across instances (PostgreSQL
 * LISTEN/NOTIFY) means replacing this class's transport, not its callers.
 */
export class LiveBus {
  private readonly listeners = new Set<LiveListener>();

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
