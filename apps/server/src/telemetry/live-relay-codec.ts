import { liveEventTypes, type LiveEvent } from '@sentinela/shared/live-events';

/**
 * What goes through PostgreSQL NOTIFY between instances (ADR 038): a payload must be shorter
 * than 8000 bytes, so what an instance publishes within a short window is coalesced (telemetry:
 * the latest value of each metric per device, as the live streams merge it anyway) and cut into
 * as many payloads as it takes. Pure functions and one buffer: unit-tested without a database.
 */

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a margin below it. */
export const NOTIFY_MAX_BYTES = 7900;

type TelemetryEvent = Extract<LiveEvent, { type: 'telemetry' }>;

/** One payload: events of one instance, or its own liveness ping (it hears itself: still listening). */
export type RelayMessage = { from: string; events: LiveEvent[] } | { from: string; ping: number };

const knownTypes: ReadonlySet<string> = new Set(liveEventTypes);
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Merges a later telemetry event of a device into an earlier one (latest ts; its metrics win). */
export function mergeTelemetry(known: TelemetryEvent, event: TelemetryEvent): TelemetryEvent {
  return {
    ...event,
    ts: event.ts > known.ts ? event.ts : known.ts,
    metrics: { ...known.metrics, ...event.metrics },
  };
}

/**
 * What waits to be notified: telemetry coalesced per device (bounded by the number of devices),
 * other events in order, at most `maxOthers` of them (the oldest dropped past it, counted).
 */
export class RelayBuffer {
  private telemetry = new Map<string, TelemetryEvent>();
  private others: LiveEvent[] = [];
  /** Events dropped because the buffer was full (a database that stopped answering NOTIFY). */
  dropped = 0;
  /** Telemetry events merged into a waiting one of the same device (they go out as one). */
  merged = 0;

  constructor(private readonly maxOthers = 5000) {}

  get size(): number {
    return this.telemetry.size + this.others.length;
  }

  add(event: LiveEvent): void {
    if (event.type === 'telemetry') {
      const known = this.telemetry.get(event.equipmentId);
      if (known) this.merged++;
      this.telemetry.set(event.equipmentId, known ? mergeTelemetry(known, event) : event);
      return;
    }
    this.others.push(event);
    if (this.others.length > this.maxOthers) {
      this.others.shift();
      this.dropped++;
    }
  }

  /** Everything waiting, emptied: other events in order, then one telemetry event per device. */
  take(): LiveEvent[] {
    const events = [...this.others, ...this.telemetry.values()];
    this.others = [];
    this.telemetry = new Map();
    return events;
  }
}

/** An event as JSON on the wire (telemetry `ts` is epoch ms already). */
function wire(event: LiveEvent): string {
  return JSON.stringify(event);
}

/** A telemetry event too large for one payload, cut by metrics into events that each fit `room` bytes. */
function splitTelemetry(event: TelemetryEvent, room: number): { parts: string[]; dropped: boolean } {
  const parts: string[] = [];
  let dropped = false;
  let metrics: Record<string, number> = {};
  let current: string | null = null;
  for (const [name, value] of Object.entries(event.metrics)) {
    const next = wire({ ...event, metrics: { ...metrics, [name]: value } });
    if (bytes(next) <= room) {
      metrics = { ...metrics, [name]: value };
      current = next;
      continue;
    }
    if (current) parts.push(current);
    const alone = wire({ ...event, metrics: { [name]: value } });
    if (bytes(alone) <= room) {
      metrics = { [name]: value };
      current = alone;
    } else {
      // One metric whose name alone overflows a payload: nothing sensible to send.
      dropped = true;
      metrics = {};
      current = null;
    }
  }
  if (current) parts.push(current);
  return { parts, dropped };
}

export interface EncodedPayloads {
  payloads: string[];
  /** Events left out: too large for one payload even alone. */
  dropped: number;
  /** How many events each payload carries. */
  counts: number[];
}

/**
 * The payloads that carry `events` from instance `from`, each at most `maxBytes` (UTF-8), in
 * the events' order. An event that cannot fit alone is cut (telemetry, by metrics) or dropped
 * and counted (any other kind: none is near that size).
 */
export function encodePayloads(
  from: string,
  events: readonly LiveEvent[],
  maxBytes = NOTIFY_MAX_BYTES,
): EncodedPayloads {
  const head = `{"v":1,"from":${JSON.stringify(from)},"events":[`;
  const tail = ']}';
  const room = maxBytes - bytes(head) - bytes(tail);
  const payloads: string[] = [];
  const counts: number[] = [];
  let dropped = 0;
  let items: string[] = [];
  let used = 0;
  const close = () => {
    if (items.length > 0) {
      payloads.push(head + items.join(',') + tail);
      counts.push(items.length);
    }
    items = [];
    used = 0;
  };
  const put = (item: string) => {
    if (items.length > 0 && used + 1 + bytes(item) > room) close();
    used += (items.length > 0 ? 1 : 0) + bytes(item);
    items.push(item);
  };
  for (const event of events) {
    const item = wire(event);
    if (bytes(item) <= room) {
      put(item);
      continue;
    }
    if (event.type !== 'telemetry') {
      dropped++;
      continue;
    }
    const split = splitTelemetry(event, room);
    if (split.dropped) dropped++;
    for (const part of split.parts) put(part);
  }
  close();
  return { payloads, dropped, counts };
}

export function encodePing(from: string, ping: number): string {
  return JSON.stringify({ v: 1, from, ping });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeEvent(value: unknown): LiveEvent | null {
  if (!isRecord(value) || typeof value.type !== 'string' || !knownTypes.has(value.type)) return null;
  if (typeof value.equipmentId !== 'string' && value.equipmentId !== null) return null;
  if (value.type === 'telemetry') {
    if (typeof value.ts !== 'number' || !isRecord(value.metrics)) return null;
    return value as unknown as TelemetryEvent;
  }
  return value as unknown as LiveEvent;
}

/** A payload back into what it carries; null when it is not one of ours (another version, garbage). */
export function decodePayload(payload: string): RelayMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.v !== 1 || typeof parsed.from !== 'string') return null;
  if (typeof parsed.ping === 'number') return { from: parsed.from, ping: parsed.ping };
  if (!Array.isArray(parsed.events)) return null;
  const events: LiveEvent[] = [];
  for (const item of parsed.events) {
    const event = decodeEvent(item);
    if (event) events.push(event);
  }
  return { from: parsed.from, events };
}
