import { z } from 'zod';

/**
 * The MQTT contract between Sentinela and devices (real ones and the virtual plant):
 *   sentinela/<site>/<equipmentId>/telemetry   device → server  {"ts": ISO or epoch ms, "metrics": {"name": number}}
 *   sentinela/<site>/<equipmentId>/cmd         server → device  {"id", "action", "params"}
 *   sentinela/<site>/<equipmentId>/ack         device → server  {"id", "ok", "code"?, "error"?, "state"?}
 *   sentinela/<site>/<equipmentId>/status      device → server  "online" | "offline" (retained; LWT)
 */
export const TOPIC_ROOT = 'sentinela';
export type TopicKind = 'telemetry' | 'cmd' | 'ack' | 'status';

export function deviceTopic(site: string, equipmentId: string, kind: TopicKind): string {
  return `${TOPIC_ROOT}/${site}/${equipmentId}/${kind}`;
}

export function parseDeviceTopic(topic: string): { site: string; equipmentId: string; kind: TopicKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, site, equipmentId, kind] = parts as [string, string, string, string];
  if (!site || !equipmentId || !['telemetry', 'cmd', 'ack', 'status'].includes(kind)) return null;
  return { site, equipmentId, kind: kind as TopicKind };
}

export const METRIC_NAME = /^[a-zA-Z][a-zA-Z0-9_]{0,47}$/;
export const MAX_METRICS_PER_MESSAGE = 200;
export const MAX_MESSAGE_BYTES = 64 * 1024;

export const telemetryMessage = z.object({
  ts: z.union([z.number().finite(), z.iso.datetime({ offset: true })]),
  metrics: z
    .record(z.string().regex(METRIC_NAME), z.number().finite())
    .refine((m) => Object.keys(m).length > 0 && Object.keys(m).length <= MAX_METRICS_PER_MESSAGE),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const commandActions = ['setPower', 'setLight', 'setSetpoint'] as const;
export type CommandAction = (typeof commandActions)[number];

export const commandMessage = z.object({
  id: z.string().min(1).max(64),
  action: z.enum(commandActions),
  params: z.record(z.string(), z.unknown()),
});
export type CommandMessage = z.infer<typeof commandMessage>;

export const ackMessage = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  /** A refusal's reason as a code (deviceRefusalCodes, or the device's own). */
  code: z.string().max(64).optional(),
  error: z.string().max(500).optional(),
  /** The device's control state after the command (on, brightness, mode, setpoint…). */
  state: z.record(z.string(), z.unknown()).optional(),
});
export type AckMessage = z.infer<typeof ackMessage>;

export const lightModes = ['normal', 'eco', 'boost'] as const;
export type LightMode = (typeof lightModes)[number];
export const hvacModes = ['cool', 'heat', 'fan', 'dry', 'auto'] as const;

/**
 * The control state a device of each kind may report in an ack, key by key. What an ack says
 * is read through these (ADR 016): a key not listed, or a value of the wrong type or out of
 * range, is dropped; nothing else of a device's answer reaches the stored state.
 */
const controlStateFields = {
  motor: { on: z.boolean() },
  light: { on: z.boolean(), brightness: z.number().min(0).max(100), mode: z.enum(lightModes) },
  hvac: { on: z.boolean(), setpoint: z.number().min(5).max(40), mode: z.enum(hvacModes) },
} satisfies Record<string, Record<string, z.ZodType>>;

/** The known, valid keys of a reported control state (an empty object when none is). */
export function readControlState(kind: string, state: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, z.ZodType> = Object.hasOwn(controlStateFields, kind)
    ? controlStateFields[kind as keyof typeof controlStateFields]
    : {};
  const read: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(fields)) {
    if (!Object.hasOwn(state, key)) continue;
    const value = schema.safeParse(state[key]);
    if (value.success) read[key] = value.data;
  }
  return read;
}
