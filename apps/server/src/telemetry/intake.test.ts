import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, MAX_METRICS_PER_MESSAGE } from '@sentinela/shared/telemetry';
import { readTelemetryPayload, usualMessage } from './intake';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const WEEK = 7 * 24 * 60 * 60 * 1000;
const read = (body: unknown) =>
  readTelemetryPayload(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), NOW, WEEK);

describe('telemetry intake', () => {
  it('reads the usual message without zod, and an ISO time through the schema', () => {
    expect(usualMessage({ ts: NOW, metrics: { temperature: 41.5, current: 12 } })).toBe(2);
    expect(read({ ts: NOW, metrics: { temperature: 41.5, current: 12 } })).toEqual({
      ok: true,
      ts: NOW,
      metrics: { temperature: 41.5, current: 12 },
      count: 2,
    });
    expect(usualMessage({ ts: '2026-03-02T11:59:00Z', metrics: { temperature: 40 } })).toBe(0);
    expect(read({ ts: '2026-03-02T11:59:00Z', metrics: { temperature: 40 } })).toEqual({
      ok: true,
      ts: NOW - 60_000,
      metrics: { temperature: 40 },
      count: 1,
    });
  });

  it.each([
    ['tooLarge', 'x'.repeat(MAX_MESSAGE_BYTES + 1)],
    ['malformed', '{"ts": 1,'],
    ['invalid', { ts: NOW, metrics: {} }],
    ['invalid', { ts: NOW, metrics: { temperature: 'hot' } }],
    ['invalid', { ts: NOW, metrics: { '1bad': 1 } }],
    [
      'invalid',
      {
        ts: NOW,
        metrics: Object.fromEntries(Array.from({ length: MAX_METRICS_PER_MESSAGE + 1 }, (_, i) => [`m${i}`, i])),
      },
    ],
    ['invalid', { metrics: { temperature: 1 } }],
    ['badTimestamp', { ts: NOW + 6 * 60_000, metrics: { temperature: 1 } }],
    ['badTimestamp', { ts: NOW - WEEK - 1, metrics: { temperature: 1 } }],
  ])('drops a message as %s', (reason, body) => {
    const result = read(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('accepts a little clock skew into the future', () => {
    expect(read({ ts: NOW + 4 * 60_000, metrics: { temperature: 1 } }).ok).toBe(true);
  });
});
