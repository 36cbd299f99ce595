import {
  MAX_MESSAGE_BYTES,
  MAX_METRICS_PER_MESSAGE,
  METRIC_NAME,
  telemetryMessage,
  type TelemetryMessage,
} from '@sentinela/shared/telemetry';

export type DropReason =
  | 'tooLarge'
  | 'malformed'
  | 'invalid'
  | 'badTimestamp'
  | 'unknownEquipment'
  /** Under a `<site>` that is not its facility's. */
  | 'wrongSite'
  | 'badTopic';

const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/** A telemetry payload read: its time (ms since the epoch), metrics and their count; or why it is dropped. */
export type Intake =
  | { ok: true; ts: number; metrics: Record<string, number>; count: number }
  | { ok: false; reason: DropReason; detail?: string };

/**
 * The usual message, checked without zod: `{ ts: number, metrics: { name: finite number, … } }`
 * with 1 to MAX_METRICS_PER_MESSAGE well-named metrics. Anything else (an ISO time, a bad value)
 * goes through the zod schema, which stays the contract; this only accepts a subset of it.
 * Answers the number of metrics, or 0 when zod has to decide.
 */
export function usualMessage(json: unknown): number {
  if (typeof json !== 'object' || json === null) return 0;
  const { ts, metrics } = json as { ts?: unknown; metrics?: unknown };
  if (typeof ts !== 'number' || !Number.isFinite(ts)) return 0;
  if (typeof metrics !== 'object' || metrics === null || Array.isArray(metrics)) return 0;
  let n = 0;
  for (const name in metrics) {
    const value = (metrics as Record<string, unknown>)[name];
    if (
      ++n > MAX_METRICS_PER_MESSAGE ||
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      !METRIC_NAME.test(name)
    )
      return 0;
  }
  return n;
}

/**
 * One telemetry payload validated: size, JSON, the message schema, and a time neither in the
 * future (beyond a small clock skew) nor older than `maxAgeMs` before `nowMs`.
 */
export function readTelemetryPayload(payload: Buffer, nowMs: number, maxAgeMs: number): Intake {
  if (payload.length > MAX_MESSAGE_BYTES) return { ok: false, reason: 'tooLarge' };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  let count = usualMessage(json);
  let message = json as TelemetryMessage;
  if (count === 0) {
    const parsed = telemetryMessage.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'invalid', detail: parsed.error.issues[0]?.message };
    message = parsed.data;
    count = Object.keys(message.metrics).length;
  }
  const ts = new Date(message.ts).getTime();
  if (!Number.isFinite(ts) || ts > nowMs + FUTURE_TOLERANCE_MS || ts < nowMs - maxAgeMs) {
    return { ok: false, reason: 'badTimestamp', detail: String(message.ts) };
  }
  return { ok: true, ts, metrics: message.metrics, count };
}
