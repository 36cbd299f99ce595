import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment } from '@sentinela/db/schema/plant';
import {
  MAX_MESSAGE_BYTES,
  MAX_METRICS_PER_MESSAGE,
  METRIC_NAME,
  parseDeviceTopic,
  telemetryMessage,
  type TelemetryMessage,
} from '@sentinela/shared/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { AedesPublishPacket } from 'aedes';
import type { IPublishPacket, MqttClient } from 'mqtt';
import type { LiveBus } from './live-bus';
import { connectMqtt, type MqttTarget } from '../platform/mqtt-connection';
import {
  DerivedState,
  rebuildDerived,
  recomputeRollups,
  splitDerived,
  writeDerived,
  writeRaw,
  type Reading,
} from './telemetry-writer';

export type DropReason = 'tooLarge' | 'malformed' | 'invalid' | 'badTimestamp' | 'unknownEquipment' | 'badTopic';

export interface IngestStats {
  messages: number;
  points: number;
  /** Points in committed batches (raw rows written, duplicates included). */
  written: number;
  batches: number;
  dropped: Record<DropReason, number>;
  lastBatchAt: Date | null;
  /** When latest values and last contact were last written. */
  lastDerivedAt: Date | null;
}

export interface IngestOptions {
  db: Database;
  bus: LiveBus;
  log: FastifyBaseLogger;
  target: MqttTarget;
  /**
   * External broker: QoS 1 over `connections` shared subscriptions with persistent sessions; a
   * message is acknowledged only after its batch is committed. Embedded: one in-process client.
   */
  external: boolean;
  connections?: number;
  /** Shared-subscription group and client id prefix (external broker); distinct per deployment. */
  shareGroup?: string;
  clientIdPrefix?: string;
  maxBatchPoints?: number;
  maxDelayMs?: number;
  /**
   * Latest values and last contact (derived from the raw points) are written coalesced, at most
   * this often; sooner when a device that may be offline sent data (it comes back online).
   */
  derivedEveryMs?: number;
  /** Raw batches written at once (default 1; more can help a PostgreSQL server with cores to spare). */
  concurrentBatches?: number;
  now?: () => Date;
  /** Points older than this are refused (they would fall outside raw retention). */
  maxAgeMs?: number;
}

export interface Ingest {
  stats(): IngestStats;
  /** Writes what is buffered now, raw points and derived data (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;
const UPSERT_AFTER_CONFLICT_MS = 30_000;
/** Batches waiting for the database beyond those in flight before the embedded broker's deliveries wait. */
const MAX_WAITING_BATCHES = 2;
/** Latest values per derived-data statement (≈ 20–40 ms of PGlite each). */
const DERIVED_VALUES_PER_STATEMENT = 2000;
/** PUBACKs held back per external connection at most (beyond, the connection waits for the commit). */
const MAX_UNACKED = 100;

type PacketSender = (packet: { cmd: string; messageId?: number }, callback?: () => void, ...rest: unknown[]) => void;

/** The SQLSTATE of a database error (Drizzle wraps the driver's error). */
function sqlState(error: unknown): unknown {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * The usual message, checked without zod: `{ ts: number, metrics: { name: finite number, … } }`
 * with 1 to MAX_METRICS_PER_MESSAGE well-named metrics. Anything else (an ISO time, a bad value)
 * goes through the zod schema, which stays the contract; this only accepts a subset of it.
 * Answers the number of metrics, or 0 when zod has to decide.
 */
function usualMessage(json: unknown): number {
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
 * MQTT → database. Every message is validated (a bad one is counted and logged, never fatal),
 * live values go out at once, raw points are written in batches (by size or after maxDelayMs)
 * and acknowledged (external broker, QoS 1) once committed. The derived data (latest values,
 * last contact, offline → online) follows coalesced, off the batches' path; a crash can lose
 * only that, and the next start rebuilds it from the raw points.
 */
export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { db, bus, log } = options;
  const now = options.now ?? (() => new Date());
  const maxBatchPoints = options.maxBatchPoints ?? 5000;
  const maxDelayMs = options.maxDelayMs ?? 250;
  const derivedEveryMs = options.derivedEveryMs ?? 1000;
  const concurrentBatches = Math.max(1, options.concurrentBatches ?? 1);
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const connectionCount = options.external ? Math.max(1, options.connections ?? 4) : 1;

  const stats: IngestStats = {
    messages: 0,
    points: 0,
    written: 0,
    batches: 0,
    dropped: { tooLarge: 0, malformed: 0, invalid: 0, badTimestamp: 0, unknownEquipment: 0, badTopic: 0 },
    lastBatchAt: null,
    lastDerivedAt: null,
  };

  // Known equipment, reloaded (at most every 10 s) when an unknown id shows up; and the devices
  // that may be offline (a hint, kept by the bus's status events: data from one of them gets its
  // derived write at once, so it comes back online without waiting for the next coalesced write).
  let known = new Set<string>();
  const maybeOffline = new Set<string>();
  let knownLoadedAt = 0;
  const loadKnown = async () => {
    const rows = await db.select({ id: equipment.id, status: equipment.status }).from(equipment);
    known = new Set(rows.map((r) => r.id));
    for (const r of rows) if (r.status === 'offline') maybeOffline.add(r.id);
    knownLoadedAt = Date.now();
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'status') return;
    if (event.status === 'offline') maybeOffline.add(event.equipmentId);
    else maybeOffline.delete(event.equipmentId);
  });

  // What a crash before the last coalesced write lost, from the raw points.
  for (const id of await rebuildDerived(db)) bus.publish({ type: 'status', equipmentId: id, status: 'online' });
  await loadKnown();

  let buffer: Reading[] = [];
  let bufferedPoints = 0;
  let heldAcks: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let gather: NodeJS.Immediate | undefined;
  let dirtyFrom = Infinity;
  let dirtyTo = -Infinity;
  const derived = new DerivedState();
  let derivedTimer: NodeJS.Timeout | undefined;
  // Batches go in as plain inserts (cheaper) until one meets a point already stored; then as
  // upserts for a while, as redeliveries come in runs.
  let upsertUntil = 0;
  let deriving: Promise<void> | null = null;

  const drop = (reason: DropReason, topic: string, detail?: string): undefined => {
    stats.dropped[reason]++;
    // Logged at debug: a misbehaving device must not flood the log; the counters tell.
    log.debug({ topic, reason, detail }, 'telemetry message dropped');
    return undefined;
  };

  /** Latest values and last contact of the committed batches, in one statement. */
  const writeDerivedNow = async (): Promise<void> => {
    while (deriving) await deriving;
    if (derivedTimer) clearTimeout(derivedTimer);
    derivedTimer = undefined;
    if (derived.size === 0) return;
    // In parts of a few thousand values, with the event loop free in between: PGlite runs a
    // statement on this thread, and a request should not wait for all of it.
    const parts = splitDerived(derived.take(), DERIVED_VALUES_PER_STATEMENT);
    const run = (async () => {
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        let back: string[];
        try {
          back = await writeDerived(db, parts[i]!);
        } catch (error) {
          // Derived data only: kept (under anything newer) for the next write.
          for (const part of parts.slice(i)) derived.restore(part);
          log.warn({ err: error }, 'latest values write failed');
          scheduleDerived(false);
          return;
        }
        for (const id of back) bus.publish({ type: 'status', equipmentId: id, status: 'online' });
      }
      stats.lastDerivedAt = now();
    })();
    deriving = run;
    await run;
    if (deriving === run) deriving = null;
  };

  const scheduleDerived = (soon: boolean) => {
    if (derived.size === 0) return;
    if (soon && derivedTimer) clearTimeout(derivedTimer);
    else if (derivedTimer) return;
    derivedTimer = setTimeout(() => void writeDerivedNow(), soon ? 0 : derivedEveryMs);
  };

  // Raw batches in flight at once (concurrentBatches). One by default: two on PostgreSQL (two
  // connections of its pool) measured slower on a 2-core machine, and PGlite runs one statement
  // at a time anyway.
  let inFlight = 0;
  const slotWaiters: (() => void)[] = [];
  // Embedded broker: while batches wait for the database, its deliveries wait (the publishing
  // devices' connections stop being read) rather than the batches piling up in memory.
  const paused: (() => void)[] = [];
  const writes = new Set<Promise<void>>();
  const acquire = (): Promise<void> | undefined => {
    if (inFlight < concurrentBatches) {
      inFlight++;
      return undefined;
    }
    return new Promise((resolve) => slotWaiters.push(resolve)); // handed over by release()
  };
  const release = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else inFlight--;
    while (paused.length > 0 && slotWaiters.length < MAX_WAITING_BATCHES) queueMicrotask(paused.shift()!);
  };

  // Acknowledgements go out in the order the batches were formed (MQTT wants a connection's
  // PUBACKs in the order of its PUBLISHes), each batch's once it is committed.
  let acksReleased: Promise<void> = Promise.resolve();

  const writeBatchOf = async (readings: Reading[], points: number, acks: (() => void)[]) => {
    const previous = acksReleased;
    let released!: () => void;
    acksReleased = new Promise((resolve) => (released = resolve));
    try {
      if (readings.length > 0 && !(await writeRawWithRetry(readings, points, acks))) return;
      await previous;
      for (const ack of acks) ack();
    } finally {
      released();
    }
    if (options.external && inFlight === 0 && (bufferedPoints > 0 || heldAcks.length > 0)) scheduleFlush();
  };

  /** The raw write of one batch and what follows its commit; false when it failed. */
  const writeRawWithRetry = async (readings: Reading[], points: number, acks: (() => void)[]): Promise<boolean> => {
    await acquire();
    try {
      // A turn of the event loop between statements: PGlite runs each on this thread, and
      // requests (and timers) should not wait for a whole queue of batches.
      await new Promise((resolve) => setImmediate(resolve));
      for (let attempt = 1; ; attempt++) {
        try {
          const first = Date.now() < upsertUntil ? 'upsert' : 'insert';
          if ((await writeRaw(db, readings, first)) !== first) upsertUntil = Date.now() + UPSERT_AFTER_CONFLICT_MS;
          break;
        } catch (error) {
          // Two batches in flight holding the same redelivered point can deadlock; once more.
          if (attempt < 3 && sqlState(error) === '40P01') continue;
          // Not acknowledged: the broker redelivers these after a reconnect, which a connection
          // holding unacknowledged messages gets now rather than at its keep-alive timeout.
          log.error({ err: error, points }, 'telemetry batch failed');
          if (options.external && acks.length > 0) for (const client of clients) client.stream?.destroy();
          return false;
        }
      }
    } finally {
      release();
    }
    stats.batches++;
    stats.written += points;
    stats.lastBatchAt = now();
    derived.add(readings);
    let wakes = false;
    for (const r of readings) {
      if (r.ts < dirtyFrom) dirtyFrom = r.ts;
      if (r.ts > dirtyTo) dirtyTo = r.ts;
      if (!wakes && maybeOffline.size > 0 && maybeOffline.has(r.equipmentId)) wakes = true;
    }
    scheduleDerived(wakes);
    return true;
  };

  const flushRaw = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (gather) clearImmediate(gather);
    gather = undefined;
    const write = writeBatchOf(buffer, bufferedPoints, heldAcks).catch((error: unknown) =>
      log.error({ err: error }, 'telemetry batch failed'),
    );
    buffer = [];
    bufferedPoints = 0;
    heldAcks = [];
    writes.add(write);
    void write.finally(() => writes.delete(write));
    return write;
  };

  /** Everything received so far, raw and derived, written. */
  const settle = async () => {
    void flushRaw();
    while (writes.size > 0) await Promise.all(writes);
    await writeDerivedNow();
  };

  const scheduleFlush = () => {
    if (bufferedPoints >= maxBatchPoints) return void flushRaw();
    // External broker: acknowledgements wait for the commit, so a batch goes as soon as the
    // database is free (what arrived in this turn of the event loop together), and what arrives
    // while it is written is the next batch. Embedded: by size, or after maxDelayMs.
    if (options.external && inFlight === 0) gather ??= setImmediate(() => void flushRaw());
    else timer ??= setTimeout(() => void flushRaw(), maxDelayMs);
  };

  async function handleStatus(topic: string, equipmentId: string, payload: Buffer): Promise<void> {
    const status = payload.toString().trim();
    if (status !== 'online' && status !== 'offline') return drop('invalid', topic);
    if (!known.has(equipmentId)) return;
    // Data received before "offline" must not bring the device back online after it.
    if (status === 'offline') await settle();
    const changed = await db
      .update(equipment)
      .set({ status })
      // Maintenance and error are set by people (or a later fault report), not by a heartbeat.
      .where(sql`${equipment.id} = ${equipmentId} and ${equipment.status} not in (${status}, 'maintenance', 'error')`)
      .returning({ id: equipment.id });
    if (changed.length > 0) bus.publish({ type: 'status', equipmentId, status });
  }

  /** One message; answers a promise only when it has to wait (status, an unknown device). */
  function handle(packet: IPublishPacket): Promise<void> | undefined {
    const topic = parseDeviceTopic(packet.topic);
    if (!topic) return drop('badTopic', packet.topic);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    if (topic.kind === 'status') return handleStatus(packet.topic, topic.equipmentId, payload);
    if (topic.kind !== 'telemetry') return undefined;
    stats.messages++;
    if (payload.length > MAX_MESSAGE_BYTES) return drop('tooLarge', packet.topic);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return drop('malformed', packet.topic);
    }
    let count = usualMessage(json);
    let message = json as TelemetryMessage;
    if (count === 0) {
      const parsed = telemetryMessage.safeParse(json);
      if (!parsed.success) return drop('invalid', packet.topic, parsed.error.issues[0]?.message);
      message = parsed.data;
      count = Object.keys(message.metrics).length;
    }
    const t = new Date(message.ts).getTime();
    const current = now().getTime();
    if (!Number.isFinite(t) || t > current + FUTURE_TOLERANCE_MS || t < current - maxAgeMs) {
      return drop('badTimestamp', packet.topic, String(message.ts));
    }
    const equipmentId = topic.equipmentId;
    if (known.has(equipmentId)) return accept(equipmentId, t, message.metrics, count);
    if (Date.now() - knownLoadedAt <= 10_000) return drop('unknownEquipment', packet.topic);
    return loadKnown().then(() => {
      if (known.has(equipmentId)) accept(equipmentId, t, message.metrics, count);
      else drop('unknownEquipment', packet.topic);
    });
  }

  function accept(equipmentId: string, ts: number, metrics: Record<string, number>, count: number): undefined {
    buffer.push({ equipmentId, ts, metrics });
    bufferedPoints += count;
    stats.points += count;
    bus.publish({ type: 'telemetry', equipmentId, ts: new Date(ts), metrics });
    return undefined;
  }

  // Embedded broker: telemetry straight from the broker's own message bus (aedes.subscribe), not
  // through an in-process MQTT client, which would encode and parse every message once more.
  // Status messages (retained: a new subscriber gets them at once) still come through the client.
  const telemetryTopic = 'sentinela/+/+/telemetry';
  const direct = options.target.kind === 'embedded' && !options.external ? options.target.broker : null;
  // The broker's callback goes in a microtask, never from inside this call: calling it delivers
  // the broker's next queued message at once, and a long queue (paused deliveries let it grow)
  // would otherwise recurse through this function once per message.
  const deliver = (packet: AedesPublishPacket, callback: () => void) => {
    const after = () => {
      if (bufferedPoints > 0) scheduleFlush();
      if (slotWaiters.length >= MAX_WAITING_BATCHES) paused.push(callback);
      else queueMicrotask(callback);
    };
    let waiting: Promise<void> | undefined;
    try {
      waiting = handle(packet);
    } catch (error) {
      log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
      return queueMicrotask(callback);
    }
    if (!waiting) return after();
    waiting.then(after, (error: unknown) => {
      log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
      callback();
    });
  };
  if (direct) await new Promise<void>((resolve) => direct.subscribe(telemetryTopic, deliver, resolve));

  const clients: MqttClient[] = [];
  for (let n = 0; n < connectionCount; n++) {
    const client = connectMqtt(options.target, {
      clientId: `${options.clientIdPrefix ?? 'sentinela-ingest'}-${options.external ? n : 'embedded'}`,
      clean: !options.external,
    });
    // External broker, QoS 1: a message's PUBACK waits for the commit of the batch holding its
    // points. mqtt.js hands a connection's messages over one at a time and sends the PUBACK when
    // handleMessage's callback is called, so holding that callback would cap a connection at one
    // message per commit. Instead the callback goes at once and the PUBACK it would send is held
    // back here (at most MAX_UNACKED per connection; the broker's in-flight window is usually
    // smaller), then sent once the batch is committed, and only on the same connection: after a
    // reconnect the broker redelivers what was not acknowledged, and duplicates replace.
    const send = (client as unknown as { _sendPacket?: PacketSender })._sendPacket?.bind(client);
    const connection = { generation: 0, unacked: 0, holding: new Set<number>() };
    if (options.external && send) {
      (client as unknown as { _sendPacket: PacketSender })._sendPacket = (packet, callback, ...rest) => {
        if (packet.cmd === 'puback' && packet.messageId !== undefined && connection.holding.delete(packet.messageId)) {
          callback?.();
          return;
        }
        send(packet, callback, ...rest);
      };
      client.on('close', () => {
        connection.generation++;
        connection.unacked = 0;
        connection.holding.clear();
      });
    }
    const taken = (packet: IPublishPacket, done: () => void) => {
      if (!options.external || packet.qos === 0) {
        done();
        if (bufferedPoints > 0) scheduleFlush();
        return;
      }
      const messageId = packet.messageId;
      if (send && messageId !== undefined && connection.unacked < MAX_UNACKED) {
        const generation = connection.generation;
        connection.unacked++;
        heldAcks.push(() => {
          if (connection.generation !== generation || !client.connected) return;
          connection.unacked--;
          send({ cmd: 'puback', messageId }, undefined, undefined, true);
        });
        connection.holding.add(messageId);
        done(); // mqtt.js goes on with the next message; its PUBACK is held above
      } else {
        heldAcks.push(done); // the PUBACK (and this connection's next message) after the commit
      }
      scheduleFlush();
    };
    client.handleMessage = (packet, done) => {
      let waiting: Promise<void> | undefined;
      try {
        waiting = handle(packet);
      } catch (error) {
        log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
        return done();
      }
      if (!waiting) return taken(packet, done);
      waiting.then(
        () => taken(packet, done),
        (error: unknown) => {
          log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
          done();
        },
      );
    };
    client.on('connect', () => {
      const topics: Record<string, { qos: 0 | 1 }> = {};
      if (options.external) topics[`$share/${options.shareGroup ?? 'sentinela-ingest'}/${telemetryTopic}`] = { qos: 1 };
      else if (!direct) topics[telemetryTopic] = { qos: 1 };
      if (n === 0) topics['sentinela/+/+/status'] = { qos: 1 };
      client.subscribe(topics, (error) => {
        if (error) log.error({ err: error }, 'could not subscribe to telemetry');
      });
    });
    client.on('error', (error) => log.warn({ err: error }, 'MQTT ingest connection error'));
    clients.push(client);
  }

  // Rollups of the minutes the batches touched, every minute: a recompute reads every raw point of
  // those minutes and every minute of their hours (at 10,000 points/s near the end of an hour,
  // ~1 s of PGlite on the server's thread), so every 5 s cost a fifth of a core. Series queries
  // read raw points for spans up to ~8 h, so a minute of lag in the rollups does not show.
  const takeDirty = (): [Date, Date] | null => {
    if (dirtyFrom > dirtyTo) return null;
    const range: [Date, Date] = [
      new Date(Math.floor(dirtyFrom / 60_000) * 60_000),
      new Date(Math.floor(dirtyTo / 60_000) * 60_000 + 60_000),
    ];
    dirtyFrom = Infinity;
    dirtyTo = -Infinity;
    return range;
  };
  const rollupTimer = setInterval(() => {
    const range = takeDirty();
    if (range) recomputeRollups(db, ...range).catch((error: unknown) => log.warn({ err: error }, 'rollup failed'));
  }, 60_000);
  rollupTimer.unref();

  return {
    stats: () => ({ ...stats, dropped: { ...stats.dropped } }),
    flush: settle,
    async stop() {
      clearInterval(rollupTimer);
      if (direct) await new Promise<void>((resolve) => direct.unsubscribe(telemetryTopic, deliver, resolve));
      // What was received is committed and acknowledged while connected (less to redeliver at
      // the next start); what arrives before the connections are closed is written after.
      await settle();
      await Promise.all(clients.map((c) => c.endAsync()));
      await settle();
      if (derivedTimer) clearTimeout(derivedTimer);
      unsubscribe();
      const range = takeDirty();
      if (range) await recomputeRollups(db, ...range);
    },
  };
}
