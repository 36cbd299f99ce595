import { describe, expect, it } from 'vitest';
import { LiveBus } from '../../telemetry/live-bus';
import { alertBatches } from './alert-events';

describe('alert events stream', () => {
  it('passes alert changes in order, in batches, and nothing else; stops on abort', async () => {
    const bus = new LiveBus();
    const abort = new AbortController();
    const stream = alertBatches(bus, abort.signal, 5);
    const first = stream.next();
    // Subscribed once the generator runs: give it a turn.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(bus.size).toBe(1);
    bus.publish({ type: 'telemetry', equipmentId: 'm1', ts: Date.now(), metrics: { temperature: 80 } });
    bus.publish({ type: 'status', equipmentId: 'm1', status: 'offline' });
    const raised = {
      type: 'alert',
      alertId: 'a1',
      equipmentId: 'm1',
      severity: 'critical',
      status: 'active',
      message: 'Quente',
      messageKey: null,
      messageParams: null,
    } as const;
    const cleared = { ...raised, status: 'cleared' } as const;
    bus.publish(raised);
    bus.publish(cleared);
    expect((await first).value).toEqual([raised, cleared]);

    const next = stream.next();
    abort.abort();
    expect(await next).toEqual({ done: true, value: undefined });
    expect(bus.size).toBe(0);
  });
});
