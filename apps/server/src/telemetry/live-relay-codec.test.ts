import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './live-bus';
import { decodePayload, encodePayloads, encodePing, NOTIFY_MAX_BYTES, RelayBuffer } from './live-relay-codec';

const telemetry = (equipmentId: string, ts: number, metrics: Record<string, number>): LiveEvent => ({
  type: 'telemetry',
  equipmentId,
  ts,
  metrics,
});

const alert = (n: number, message = 'Temperatura alta'): LiveEvent => ({
  type: 'alert',
  alertId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  equipmentId: 'mtr-1',
  severity: 'critical',
  status: 'active',
  message,
  messageKey: 'threshold.above',
  messageParams: { metric: 'temperature', value: 91.5 },
});

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

function roundTrip(payloads: string[]): LiveEvent[] {
  return payloads.flatMap((payload) => {
    const message = decodePayload(payload);
    if (!message || !('events' in message)) throw new Error(`not an events payload: ${payload.slice(0, 80)}`);
    return message.events;
  });
}

describe('relay buffer', () => {
  it('coalesces telemetry per device (latest ts, metrics merged, later values win) and keeps other events in order', () => {
    const buffer = new RelayBuffer();
    buffer.add(telemetry('mtr-1', 1000, { temperature: 70, rpm: 1700 }));
    buffer.add(alert(1));
    buffer.add(telemetry('mtr-2', 1500, { temperature: 50 }));
    buffer.add(telemetry('mtr-1', 2000, { temperature: 71 }));
    buffer.add({ type: 'status', equipmentId: 'mtr-2', status: 'online' });
    buffer.add(telemetry('mtr-1', 1200, { current: 12 }));
    expect(buffer.size).toBe(4);
    expect(buffer.take()).toEqual([
      alert(1),
      { type: 'status', equipmentId: 'mtr-2', status: 'online' },
      telemetry('mtr-1', 2000, { temperature: 71, rpm: 1700, current: 12 }),
      telemetry('mtr-2', 1500, { temperature: 50 }),
    ]);
    expect(buffer.size).toBe(0);
    expect(buffer.take()).toEqual([]);
  });

  it('bounds the other events, dropping the oldest and counting them', () => {
    const buffer = new RelayBuffer(3);
    for (let n = 1; n <= 5; n++) buffer.add(alert(n));
    expect(buffer.dropped).toBe(2);
    expect(buffer.take()).toEqual([alert(3), alert(4), alert(5)]);
  });
});

describe('relay payloads', () => {
  it('round-trips every kind of event, telemetry times as dates, tagged with the instance', () => {
    const events: LiveEvent[] = [
      telemetry('mtr-1', 1_764_000_000_123, { temperature: 71.5 }),
      { type: 'status', equipmentId: 'mtr-1', status: 'offline' },
      {
        type: 'command',
        commandId: 'c1',
        equipmentId: 'mtr-1',
        status: 'confirmed',
        state: { on: true, setpoint: 1500 },
      },
      alert(7),
      { type: 'settings.changed', equipmentId: null, section: 'alertThresholds' },
    ];
    const { payloads, dropped } = encodePayloads('web-1-3000', events);
    expect(dropped).toBe(0);
    expect(payloads).toHaveLength(1);
    expect(decodePayload(payloads[0]!)).toEqual({ from: 'web-1-3000', events });
    expect(typeof (roundTrip(payloads)[0] as { ts: unknown }).ts).toBe('number'); // epoch ms, as published
  });

  it('splits a large batch into payloads under the limit, none lost, in order', () => {
    const events = Array.from({ length: 2000 }, (_, i) =>
      telemetry(`equipamento-${i}`, 1_764_000_000_000 + i, { temperature: 20 + i / 100, rpm: i, current: 3.5 }),
    );
    const { payloads, dropped } = encodePayloads('web-1-3000', events);
    expect(dropped).toBe(0);
    expect(payloads.length).toBeGreaterThan(10);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    expect(roundTrip(payloads)).toEqual(events);
    // Filled, not one event per payload: each but the last holds close to the limit.
    for (const payload of payloads.slice(0, -1)) expect(bytes(payload)).toBeGreaterThan(NOTIFY_MAX_BYTES - 200);
  });

  it('counts bytes, not characters (accented messages stay under the limit)', () => {
    const events = Array.from({ length: 200 }, (_, i) => alert(i, 'Pressão acima do limite na câmara fria — ação'));
    const { payloads } = encodePayloads('instância-ç', events, 2000);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(2000);
    expect(roundTrip(payloads)).toEqual(events);
  });

  it('cuts one telemetry event with too many metrics for a payload by metrics, all delivered', () => {
    const metrics = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`sensor_${i}`, i + 0.25]));
    const { payloads, dropped } = encodePayloads('a', [telemetry('mtr-1', 5000, metrics)]);
    expect(dropped).toBe(0);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(bytes(payload)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    const parts = roundTrip(payloads) as Extract<LiveEvent, { type: 'telemetry' }>[];
    expect(parts.every((part) => part.equipmentId === 'mtr-1' && part.ts === 5000)).toBe(true);
    expect(Object.assign({}, ...parts.map((part) => part.metrics))).toEqual(metrics);
  });

  it('drops (and counts) an event that cannot fit even alone, keeping the others', () => {
    const { payloads, dropped } = encodePayloads('a', [alert(1), alert(2, 'x'.repeat(500)), alert(3)], 400);
    expect(dropped).toBe(1);
    expect(roundTrip(payloads)).toEqual([alert(1), alert(3)]);
  });

  it('answers nothing for an empty batch', () => {
    expect(encodePayloads('a', [])).toEqual({ payloads: [], dropped: 0, counts: [] });
  });

  it('decodes pings, and refuses what is not one of its payloads', () => {
    expect(decodePayload(encodePing('a', 3))).toEqual({ from: 'a', ping: 3 });
    expect(decodePayload('not json')).toBeNull();
    expect(decodePayload('{"v":2,"from":"a","events":[]}')).toBeNull();
    expect(decodePayload('{"v":1,"events":[]}')).toBeNull();
    // Unknown kinds and malformed telemetry are skipped, the rest kept.
    expect(
      decodePayload(
        '{"v":1,"from":"a","events":[{"type":"nope","equipmentId":"x"},{"type":"telemetry","equipmentId":"x","ts":"soon","metrics":{}},{"type":"status","equipmentId":"x","status":"online"}]}',
      ),
    ).toEqual({ from: 'a', events: [{ type: 'status', equipmentId: 'x', status: 'online' }] });
  });
});
