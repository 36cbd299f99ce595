/**
 * The events timeline's vocabulary as plain values, without zod: the /events page imports these
 * at run time, and zod in its chunk would cost the route about 25 KB (gzip).
 */
export const eventKinds = [
  'alert',
  'command',
  'device',
  'workOrder',
  'procurement',
  'schedule',
  'registry',
  'settings',
  'account',
  'notification',
  'system',
] as const;
export type EventKind = (typeof eventKinds)[number];

/** Kinds only administrators see (sign-ins, users, accounts). */
export const adminOnlyEventKinds: readonly EventKind[] = ['account'];

/** The actor filter's value for what nobody did by hand (the server's jobs, devices, telemetry). */
export const SYSTEM_ACTOR_FILTER = 'system';
