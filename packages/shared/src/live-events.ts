import type { AlertMessageParams } from './alert-messages';
import type { AlertSeverity, AlertStatus } from './alert-values';
import type { EquipmentStatus } from './plant';

export const commandStatuses = ['pending', 'confirmed', 'failed', 'timeout'] as const;
export type CommandStatus = (typeof commandStatuses)[number];

/** What the server pushes to signed-in clients (live.events) and what in-process parts react to. */
export type LiveEvent =
  | { type: 'telemetry'; equipmentId: string; ts: Date; metrics: Record<string, number> }
  | { type: 'status'; equipmentId: string; status: EquipmentStatus }
  | {
      type: 'command';
      commandId: string;
      equipmentId: string;
      status: CommandStatus;
      state?: Record<string, unknown>;
    }
  | {
      type: 'alert';
      alertId: string;
      /** Null for a site alert (no equipment). */
      equipmentId: string | null;
      severity: AlertSeverity;
      status: AlertStatus;
      /** Portuguese; the fallback when there is no key. */
      message: string;
      /** What the client words in the reader's language (alert-messages.ts); null on old rows. */
      messageKey: string | null;
      messageParams: AlertMessageParams | null;
    };

/** The kinds of live event, for a client that wants only some (live.events `types`). */
export const liveEventTypes = [
  'telemetry',
  'status',
  'command',
  'alert',
] as const satisfies readonly LiveEvent['type'][];
export type LiveEventType = (typeof liveEventTypes)[number];

/** The alert changes alone (alerts.events): raised, acknowledged, cleared. */
export type AlertEvent = Extract<LiveEvent, { type: 'alert' }>;
