import type { Notifications } from '@sentinela/db/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventOrigin, LiveEvent } from './live-bus';
import { LiveBus } from './live-bus';
import { NOTIFY_MAX_BYTES } from './live-relay-codec';
import { startLiveRelay, type LiveRelay } from './live-relay';

const log = { info: () => {}, warn: () => {} };

interface Entry {
  fn: (payload: string) => void;
  conn: { muted: boolean };
}

/**
 * One database's NOTIFY channels in memory, and connections to it that behave like the driver's:
 * `down` makes every call fail; a connection's `drop()` loses its listens (the driver could not
 * listen again), `reconnect()` re-registers them as new registrations (what the driver does after
 * a reconnect: the handle of the old one no longer removes it), `muted` loses what is delivered.
 */
class FakeDatabase {
  private listeners = new Map<string, Set<Entry>>();
  payloads: string[] = [];
  down = false;
  listens = 0;

  connection(): Notifications & { drop(): void; reconnect(): void; muted: boolean } {
    const mine = new Set<{ channel: string; entry: Entry }>();
    const channelSet = (channel: string) => {
      const set = this.listeners.get(channel) ?? new Set<Entry>();
      this.listeners.set(channel, set);
      return set;
    };
    const conn = {
      muted: false,
      listen: async (channel: string, fn: (payload: string) => void) => {
        await Promise.resolve();
        if (this.down) throw new Error('connection refused');
        this.listens++;
        const entry: Entry = { fn, conn };
        mine.add({ channel, entry });
        channelSet(channel).add(entry);
        return {
          unlisten: async () => {
            await Promise.resolve();
            channelSet(channel).delete(entry);
          },
        };
      },
      notify: async (channel: string, payload: string) => {
        await Promise.resolve();
        if (this.down) throw new Error('connection refused');
        if (Buffer.byteLength(payload) >= 8000) throw new Error('payload string too long');
        this.payloads.push(payload);
        // Delivered asynchronously, like a NOTIFY at commit.
        setTimeout(() => {
          for (const entry of this.listeners.get(channel) ?? []) if (!entry.conn.muted) entry.fn(payload);
        }, 1);
      },
      drop: () => {
        for (const { channel, entry } of mine) channelSet(channel).delete(entry);
        mine.clear();
      },
      reconnect: () => {
        const again = [...mine];
        mine.clear();
        for (const { channel, entry } of again) {
          if (!channelSet(channel).delete(entry)) continue;
          const fresh: Entry = { fn: entry.fn, conn };
          channelSet(channel).add(fresh);
          mine.add({ channel, entry: fresh });
        }
      },
    };
    return conn;
  }
}

const until = async (check: () => boolean, ms = 3000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** What carried events (the pings the instances send each other left out). */
const eventPayloads = (database: FakeDatabase) => database.payloads.filter((p) => !p.includes('"ping":'));

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

  async function pair(database: FakeDatabase, extra: { pingEveryMs?: number; maxBytes?: number } = {}) {
    const busA = new LiveBus();
    const busB = new LiveBus();
    const connA = database.connection();
    const connB = database.connection();
    const a = await startLiveRelay({ bus: busA, instanceId: 'a', notifications: connA, log, ...extra });
    const b = await startLiveRelay({ bus: busB, instanceId: 'b', notifications: connB, log, ...extra });
    relays.push(a, b);
    // Each announced itself with a ping when it started: they know each other before anything is published.
    await until(() => a.stats.peers === 1 && b.stats.peers === 1);
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
    expect(eventPayloads(database)).toHaveLength(1);
  });

  it('sends nothing while it is alone on the database, and relays once another instance announces itself', async () => {
    const database = new FakeDatabase();
    const busA = new LiveBus();
    const a = await startLiveRelay({ bus: busA, instanceId: 'a', notifications: database.connection(), log });
    relays.push(a);
    busA.publish({ type: 'status', equipmentId: 'mtr-1', status: 'offline' });
    await a.flushed();
    expect(eventPayloads(database)).toHaveLength(0);
    const busB = new LiveBus();
    const seenB = record(busB);
    const b = await startLiveRelay({ bus: busB, instanceId: 'b', notifications: database.connection(), log });
    relays.push(b);
    await until(() => a.stats.peers === 1 && b.stats.peers === 1);
    busA.publish({ type: 'status', equipmentId: 'mtr-1', status: 'online' });
    await a.flushed();
    await until(() => seenB.length === 1);
    expect(eventPayloads(database)).toHaveLength(1);
  });

  it('coalesces a burst of telemetry into a few payloads under 8000 bytes', async () => {
    const database = new FakeDatabase();
    const { busA, busB, a } = await pair(database);
    const seenB = record(busB);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 1000; i++) {
        busA.publish({ type: 'telemetry', equipmentId: `eq-${i}`, ts: 1000 + round, metrics: { t: round } });
      }
    }
    await a.flushed();
    await until(() => seenB.length === 1000);
    expect(eventPayloads(database).length).toBeLessThan(20);
    expect(database.payloads.every((p) => Buffer.byteLength(p) <= NOTIFY_MAX_BYTES)).toBe(true);
    // One event per device, with its latest value.
    expect(seenB.every(({ event }) => event.type === 'telemetry' && event.metrics.t === 4)).toBe(true);
  });

  it("counts what it sends, coalesces, drops and hears (System Health's relay figures)", async () => {
    const database = new FakeDatabase();
    const before = Date.now();
    const { busA, busB, a, b } = await pair(database, { maxBytes: 2000 });
    const seenB = record(busB);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 50; i++) {
        busA.publish({ type: 'telemetry', equipmentId: `eq-${i}`, ts: 1000 + round, metrics: { t: round } });
      }
    }
    // An alert too large for a NOTIFY even alone: dropped, not sent.
    busA.publish({
      type: 'alert',
      alertId: 'al-1',
      equipmentId: 'eq-1',
      severity: 'critical',
      status: 'active',
      message: 'x'.repeat(3000),
      messageKey: null,
      messageParams: null,
    });
    await a.flushed();
    await until(() => seenB.length === 50);
    const sent = eventPayloads(database).length;
    expect(a.stats).toMatchObject({
      sent,
      eventsSent: 50,
      coalesced: 100,
      dropped: 1,
      oversized: 1,
      peers: 1,
      received: 0,
      notificationsReceived: 0,
    });
    expect(sent).toBeGreaterThan(1);
    expect(a.stats.batches).toBeGreaterThanOrEqual(1);
    expect(a.stats.batches).toBeLessThanOrEqual(sent);
    expect(b.stats).toMatchObject({ received: 50, notificationsReceived: sent, sent: 0, eventsSent: 0, peers: 1 });
    expect(b.stats.lastPeerAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(a.stats.lastPeerAt).toBeInstanceOf(Date);
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

  it('delivers once when it listens anew after the driver re-registered its handler on a reconnect', async () => {
    const database = new FakeDatabase();
    const { busA, busB, b, connB } = await pair(database, { pingEveryMs: 20 });
    const seenB = record(busB);
    connB.reconnect();
    // Its pings lost for a moment: it listens anew, next to the driver's re-registration.
    connB.muted = true;
    await until(() => b.stats.relistens > 0);
    connB.muted = false;
    await until(() => database.listens >= 3);
    busA.publish({ type: 'status', equipmentId: 'mtr-7', status: 'online' });
    await until(() => seenB.length > 0);
    await new Promise((r) => setTimeout(r, 30));
    expect(seenB).toHaveLength(1);
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
