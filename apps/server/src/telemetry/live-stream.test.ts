import { describe, expect, it } from 'vitest';
import { LiveBus, type LiveEvent } from './live-bus';
import { liveBatches } from './live-stream';

/** Collects a client's batches, with the time each arrived (ms since the start). */
function collect(bus: LiveBus, options: Parameters<typeof liveBatches>[2]) {
  const controller = new AbortController();
  const began = Date.now();
  const batches: { at: number; events: LiveEvent[] }[] = [];
  const done = (async () => {
    for await (const events of liveBatches(bus, controller.signal, options))
      batches.push({ at: Date.now() - began, events });
  })();
  return {
    batches,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

const telemetry = (equipmentId: string, metrics: Record<string, number>, ts = Date.now()): LiveEvent => ({
  type: 'telemetry',
  equipmentId,
  ts,
  metrics,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live stream', () => {
  it('counts its clients while they listen (System Health)', async () => {
    const bus = new LiveBus();
    const first = collect(bus, { batchMs: 5 });
    const second = collect(bus, { batchMs: 5 });
    await sleep(10);
    expect(bus.streamClients).toBe(2);
    await first.stop();
    expect(bus.streamClients).toBe(1);
    await second.stop();
    expect(bus.streamClients).toBe(0);
  });

  it("sends a device's first values at once and merges the rest of its window", async () => {
    const bus = new LiveBus();
    const client = collect(bus, { throttleMs: 300, batchMs: 5 });
    await sleep(20);
    bus.publish(telemetry('m1', { rpm: 1 }));
    await sleep(60);
    expect(client.batches.flatMap((b) => b.events)).toEqual([
      expect.objectContaining({ equipmentId: 'm1', metrics: { rpm: 1 } }),
    ]);
    // Within m1's window: held and merged; another device is not held by m1's window.
    bus.publish(telemetry('m1', { rpm: 2 }));
    bus.publish(telemetry('m1', { temperature: 70 }));
    bus.publish(telemetry('m2', { rpm: 9 }));
    await sleep(60);
    expect(client.batches.flatMap((b) => b.events).map((e) => e.equipmentId)).toEqual(['m1', 'm2']);
    await sleep(300);
    const events = client.batches.flatMap((b) => b.events);
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({ equipmentId: 'm1', metrics: { rpm: 2, temperature: 70 } });
    const [first, , last] = client.batches.flatMap((b) => b.events.map(() => b.at));
    expect(last! - first!).toBeGreaterThanOrEqual(290);
    await client.stop();
  });

  it('sends status, command and alert events at once, in order, whatever the telemetry window', async () => {
    const bus = new LiveBus();
    const client = collect(bus, { throttleMs: 1000, batchMs: 5 });
    await sleep(20);
    bus.publish(telemetry('m1', { rpm: 1 }));
    await sleep(30);
    bus.publish(telemetry('m1', { rpm: 2 }));
    bus.publish({ type: 'status', equipmentId: 'm1', status: 'offline' });
    bus.publish({ type: 'status', equipmentId: 'm1', status: 'online' });
    await sleep(50);
    expect(client.batches.flatMap((b) => b.events).map((e) => (e.type === 'status' ? e.status : e.type))).toEqual([
      'telemetry',
      'offline',
      'online',
    ]);
    await client.stop();
  });

  it('only carries the devices asked for', async () => {
    const bus = new LiveBus();
    const client = collect(bus, { equipmentIds: new Set(['m2']), batchMs: 5 });
    await sleep(20);
    bus.publish(telemetry('m1', { rpm: 1 }));
    bus.publish(telemetry('m2', { rpm: 2 }));
    await sleep(50);
    expect(client.batches.flatMap((b) => b.events).map((e) => e.equipmentId)).toEqual(['m2']);
    await client.stop();
  });

  it('carries only the kinds asked for: no telemetry for the events timeline', async () => {
    const bus = new LiveBus();
    const client = collect(bus, { types: new Set(['status', 'alert']), batchMs: 5 });
    await sleep(20);
    bus.publish(telemetry('m1', { rpm: 1 }));
    bus.publish({ type: 'status', equipmentId: 'm1', status: 'offline' });
    bus.publish({ type: 'command', commandId: 'c1', equipmentId: 'm1', status: 'confirmed' });
    await sleep(50);
    expect(client.batches.flatMap((b) => b.events).map((e) => e.type)).toEqual(['status']);
    await client.stop();
  });

  it('leaves no abort listener or timer behind per batch: at most one waits at a time over hundreds of batches', async () => {
    const bus = new LiveBus();
    const controller = new AbortController();
    let listening = 0;
    let most = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = (...args: Parameters<typeof add>) => {
      listening += 1;
      most = Math.max(most, listening);
      add(...args);
    };
    controller.signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      listening -= 1;
      remove(...args);
    };
    let batches = 0;
    const done = (async () => {
      for await (const _ of liveBatches(bus, controller.signal, { batchMs: 0, intervalMs: 0, throttleMs: 0 }))
        batches += 1;
    })();
    for (let i = 0; i < 400; i++) {
      bus.publish({ type: 'status', equipmentId: `m${i % 7}`, status: 'online' });
      await sleep(0);
    }
    controller.abort();
    await done;
    expect(batches).toBeGreaterThan(50);
    expect(most).toBeLessThanOrEqual(1);
  });

  it('holds at most maxPending events of any kind for a client that stopped reading', async () => {
    const bus = new LiveBus();
    const controller = new AbortController();
    const stream = liveBatches(bus, controller.signal, { batchMs: 1, maxPending: 10 });
    const first = stream.next();
    bus.publish({ type: 'status', equipmentId: 'm0', status: 'online' });
    await first;
    // The client reads nothing while 500 events pass.
    for (let i = 1; i <= 500; i++) bus.publish({ type: 'status', equipmentId: `m${i}`, status: 'offline' });
    const next = await stream.next();
    const events = next.value ?? [];
    expect(events).toHaveLength(10);
    expect(events.at(-1)).toMatchObject({ equipmentId: 'm500' });
    controller.abort();
    await stream.return(undefined);
  });
});
