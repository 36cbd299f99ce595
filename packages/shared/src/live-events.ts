import type { AlertMessageParams } from './alert-messages';
import type { AlertSeverity, AlertStatus } from './alert-values';
import type { EquipmentStatus } from './plant';

/** The sections of /settings a 'settings.changed' event names (what to re-read). */
export const settingsSections = ['site', 'retention', 'alertThresholds', 'energyTariff', 'weather'] as const;
export type SettingsSection = (typeof settingsSections)[number];

export const commandStatuses = ['pending', 'confirmed', 'failed', 'timeout'] as const;
export type CommandStatus = (typeof commandStatuses)[number];

/** What the server pushes to signed-in clients (live.events) and what in-process parts react to. */
export type LiveEvent =
  /**
   * `ts`: the reading's time, milliseconds since the epoch (a number, not a Date: a live stream
   * carries thousands a second, and a Date costs each one a superjson annotation; ADR 045).
   */
  | { type: 'telemetry'; equipmentId: string; ts: number; metrics: Record<string, number> }
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
    }
  /**
   * An administrator saved a section of /settings: open settings pages re-read it, the alarm
   * engine reloads its rules. About no equipment (null), so only clients watching every device get it.
   */
  | { type: 'settings.changed'; equipmentId: null; section: SettingsSection };

/** The kinds of live event, for a client that wants only some (live.events `types`). */
export const liveEventTypes = [
  'telemetry',
  'status',
  'command',
  'alert',
  'settings.changed',
] as const satisfies readonly LiveEvent['type'][];
export type LiveEventType = (typeof liveEventTypes)[number];

/** The alert changes alone (alerts.events): raised, acknowledged, cleared. */
export type AlertEvent = Extract<LiveEvent, { type: 'alert' }>;
