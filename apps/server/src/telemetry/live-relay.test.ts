import type { Notifications } from '@sentinela/db/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventOrigin, LiveEvent } from './live-bus';
import { LiveBus } from './live-bus';
import { NOTIFY_MAX_BYTES } from './live-relay-codec';
import { startLiveRelay, type LiveRelay } from './live-relay';

const log = { info: () => {}, warn: () => {} };

/** One database's NOTIFY channels in memory; `down` makes every call fail, `deaf` drops deliveries to listeners. */
class FakeDatabase {
  private listeners = new Map<string, Set<(payload: string) => void>>();
  payloads: string[] = [];
  down = false;
  listens = 0;

  connection(): Notifications & { drop(): void } {
    const mine = new Set<{ channel: string; fn: (payload: string) => void }>();
    return {
      listen: async (channel, fn) => {
        await Promise.resolve();
        if (this.down) throw new Error('connection refused');
        this.listens++;
        const entry = { channel, fn };
        mine.add(entry);
        const set = this.listeners.get(channel) ?? new Set();
        set.add(fn);
        this.listeners.set(channel, set);
        return {
          unlisten: async () => {
            await Promise.resolve();
            mine.delete(entry);
            set.delete(fn);
          },
        };
      },
      notify: async (channel, payload) => {
        await Promise.resolve();
        if (this.down) throw new Error('connection refused');
        if (Buffer.byteLength(payload) >= 8000) throw new Error('payload string too long');
        this.payloads.push(payload);
        // Delivered asynchronously, like a NOTIFY at commit.
        setTimeout(() => {
          for (const fn of this.listeners.get(channel) ?? []) fn(payload);
        }, 1);
      },
      /** The listen connection was lost and the driver could not listen again. */
      drop: () => {
        for (const { channel, fn } of mine) this.listeners.get(channel)?.delete(fn);
        mine.clear();
      },
    };
  }
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
};

function record(bus: LiveBus) {
  const seen: { event: LiveEvent; origin: EventOrigin }[] = [];
  bus.subscribe((event, origin) => seen.push({ event, origin }));
  return seen;
}

describe('live relay between two instances', () => {
  const relays: LiveRelay[] = [];
  afterEach(async () => {
    for (const relay of relays.splice(0)) await relay.stop();
  });

  async function pair(database: FakeDatabase, extra: { pingEveryMs?: number } = {}) {
    const busA = new LiveBus();
    const busB = new LiveBus();
    const connA = database.connection();
    const connB = database.connection();
    const a = await startLiveRelay({ bus: busA, instanceId: 'a', notifications: connA, log, ...extra });
    const b = await startLiveRelay({ bus: busB, instanceId: 'b', notifications: connB, log, ...extra });
    relays.push(a, b);
    return { busA, busB, a, b, connA, connB };
  }

  it("hands A's events to B's listeners as from elsewhere, and A's own listeners see them once, as here", async () => {
    const database = new FakeDatabase();
    const { busA, busB, a } = await pair(database);
    const seenA = record(busA);
    const seenB = record(busB);
    const event: LiveEvent = { type: 'status', equipmentId: 'mtr-1', status: 'offline' };
    busA.publish(event);
    await a.flushed();
    await until(() => seenB.length === 1);
    expect(seenB).toEqual([{ event, origin: 'elsewhere' }]);
    // A heard its own NOTIFY too, and ignored it.
    await new Promise((r) => setTimeout(r, 20));
    expect(seenA).toEqual([{ event, origin: 'here' }]);
    // And B does not send back what it received.
    expect(database.payloads).toHaveLength(1);
  });

  it('coalesces a burst of telemetry into a few payloads under 8000 bytes', async () => {
    const database = new FakeDatabase();
    const { busA, busB, a } = await pair(database);
    const seenB = record(busB);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 1000; i++) {
        busA.publish({ type: 'telemetry', equipmentId: `eq-${i}`, ts: new Date(1000 + round), metrics: { t: round } });
      }
    }
    await a.flushed();
    await until(() => seenB.length === 1000);
    expect(database.payloads.length).toBeLessThan(20);
    expect(database.payloads.every((p) => Buffer.byteLength(p) <= NOTIFY_MAX_BYTES)).toBe(true);
    // One event per device, with its latest value.
    expect(seenB.every(({ event }) => event.type === 'telemetry' && event.metrics.t === 4)).toBe(true);
  });

  it('listens again when its own ping does not come back (the listen connection was lost)', async () => {
    const database = new FakeDatabase();
    const { busA, busB, b, connB } = await pair(database, { pingEveryMs: 20 });
    const seenB = record(busB);
    connB.drop();
    await until(() => b.stats.relistens > 0);
    await until(() => database.listens >= 3);
    busA.publish({ type: 'status', equipmentId: 'mtr-9', status: 'online' });
    await until(() => seenB.length === 1);
  });

  it('survives a database that refuses NOTIFY, then sends again when it answers', async () => {
    const database = new FakeDatabase();
    const { busA, busB, a } = await pair(database, { pingEveryMs: 20 });
    const seenB = record(busB);
    database.down = true;
    busA.publish({ type: 'status', equipmentId: 'mtr-1', status: 'offline' });
    await a.flushed();
    expect(a.stats.dropped).toBeGreaterThan(0);
    database.down = false;
    busA.publish({ type: 'status', equipmentId: 'mtr-1', status: 'online' });
    await a.flushed();
    await until(() => seenB.some(({ event }) => event.type === 'status' && event.status === 'online'));
  });
});
