import { eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities } from '@sentinela/db/schema/plant';
import { parseDeviceTopic } from '@sentinela/shared/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { IPublishPacket, MqttClient } from 'mqtt';
import type { LiveBus } from './live-bus';
import { connectMqtt, type MqttTarget } from '../platform/mqtt-connection';
import { BatchBuffer, type HeldAck } from './batch-buffer';
import type { TelemetrySink } from './broker-guard';
import { BatchSlots } from './batch-slots';
import { DerivedWriter } from './derived-writer';
import { readTelemetryPayload, type DropReason } from './intake';
import { holdBackPubacks } from './puback-holdback';
import { LiveRollups } from './live-rollups';
import { unrolledSpan, writeDirtyRollups } from './rollups';
import { sqlState } from '../platform/sql-state';
import {
  mergeDuplicates,
  rebuildDerived,
  setReportedStatus,
  writeDerived,
  writeRaw,
  type CopyIn,
  type RawWrite,
  type Reading,
} from './telemetry-writer';
import { inBackground } from '@sentinela/db/priority';

export type { DropReason } from './intake';

export interface IngestStats {
  messages: number;
  points: number;
  /** Points in committed batches (raw rows written, duplicates included). */
  written: number;
  batches: number;
  dropped: Record<DropReason, number>;
  lastBatchAt: Date | null;
  /** How long the last committed batch took to write, ms (System Health). */
  lastBatchMs: number | null;
  /** Points received and not yet committed (buffered and in batches being written). */
  backlog: number;
  /** When the last accepted point arrived. */
  lastPointAt: Date | null;
  /** When latest values and last contact were last written. */
  lastDerivedAt: Date | null;
}

export interface IngestOptions {
  db: Database;
  /** PostgreSQL: raw batches go in as a binary COPY (`DatabaseHandle.copyIn`; ADR 008). */
  copyIn?: CopyIn;
  bus: LiveBus;
  log: FastifyBaseLogger;
  target: MqttTarget;
  /**
   * The embedded broker's hand-over (its guard): telemetry comes from it before the broker
   * acknowledges it, and a QoS 1 PUBACK leaves only once the batch holding the point is committed.
   */
  intake?: { setTelemetrySink(sink: TelemetrySink | null): void };
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
  /** Raw batches written at once (default 2: the next one waits at the database, not here). */
  concurrentBatches?: number;
  now?: () => Date;
  /** Points older than this are refused (they would fall outside raw retention). */
  maxAgeMs?: number;
  /**
   * `timer` (default): the ingest recomputes the rollups of the minutes it touched every
   * ROLLUP_EVERY_MS itself. `scheduler`: the server's scheduler calls `recomputeRollups()`.
   */
  rollups?: 'timer' | 'scheduler';
  /**
   * `raw` (default): each rollup run recomputes the minutes the batches touched from raw points.
   * `memory`: where this ingest writes every raw point (PGlite), the minutes and hours are counted
   * from the committed batches and written a row per series (live-rollups.ts, ADR 008).
   */
  rollupsFrom?: 'memory' | 'raw';
}

export interface Ingest {
  stats(): IngestStats;
  /** Writes what is buffered now, raw points and derived data (tests, shutdown). */
  flush(): Promise<void>;
  /** Recomputes the rollups of the minutes the batches touched since the last call. */
  recomputeRollups(): Promise<void>;
  /** Reads again which equipment is in service: a retired device's points are refused from then on. */
  reloadEquipment(): Promise<void>;
  stop(): Promise<void>;
}

const UPSERT_AFTER_CONFLICT_MS = 30_000;
/** Batches waiting for the database beyond those in flight before the embedded broker's deliveries wait. */
const MAX_WAITING_BATCHES = 2;
/**
 * Rollups of the minutes the batches touched, every minute: a recompute reads every raw point of
 * those minutes and every minute of their hours (at 10,000 points/s near the end of an hour,
 * ~1 s of PGlite on the server's thread), so every 5 s cost a fifth of a core. Series queries
 * read raw points for spans up to ~8 h, so a minute of lag in the rollups does not show.
 */
export const ROLLUP_EVERY_MS = 60_000;
const TELEMETRY_TOPIC = 'sentinela/+/+/telemetry';

/**
 * MQTT → database. Every message is validated (intake.ts: a bad one is counted and logged, never
 * fatal), live values go out at once on the bus, raw points are written in batches (batch-buffer.ts:
 * by size or after maxDelayMs) and acknowledged (external broker, QoS 1) once committed
 * (puback-holdback.ts). The derived data (latest values, last contact, offline → online) follows
 * coalesced, off the batches' path (derived-writer.ts); a crash can lose only that, and the next
 * start rebuilds it from the raw points. Rollups of the touched minutes are recomputed by a timer
 * (rollups.ts).
 */
export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { db, bus, log } = options;
  const now = options.now ?? (() => new Date());
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const connectionCount = options.external ? Math.max(1, options.connections ?? 4) : 1;

  const stats: IngestStats = {
    messages: 0,
    points: 0,
    written: 0,
    batches: 0,
    dropped: {
      tooLarge: 0,
      malformed: 0,
      invalid: 0,
      badTimestamp: 0,
      unknownEquipment: 0,
      wrongSite: 0,
      badTopic: 0,
    },
    lastBatchAt: null,
    lastBatchMs: null,
    backlog: 0,
    lastPointAt: null,
    lastDerivedAt: null,
  };
  /** Points taken from the buffer whose batch is not committed yet (the backlog's other part). */
  let writing = 0;

  // Known equipment, reloaded (at most every 10 s) when an unknown id shows up; and the devices
  // that may be offline (a hint, kept by the bus's status events: data from one of them gets its
  // derived write at once, so it comes back online without waiting for the next coalesced write).
  let known = new Map<string, string>(); // equipment id → its facility's <site>
  const maybeOffline = new Set<string>();
  let knownLoadedAt = 0;
  const loadKnown = async () => {
    // Retired equipment is not known: its points are refused like an unknown device's.
    const rows = await db
      .select({ id: equipment.id, status: equipment.status, site: facilities.code })
      .from(equipment)
      .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
      .where(isNull(equipment.retiredAt));
    known = new Map(rows.map((r) => [r.id, r.site]));
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

  const maxBatchPoints = options.maxBatchPoints ?? 5000;
  const buffer = new BatchBuffer(() => void flushRaw(), maxBatchPoints, options.maxDelayMs ?? 250);
  // Raw batches in flight at once (concurrentBatches). Two by default: while one is written, the
  // next is already with the database (PGlite's worker thread queues it; PostgreSQL takes it on a
  // second connection of the pool), so the database does not wait between batches for this
  // thread to answer the last and send the next. Measured on 2 cores, the app as `npm start`
  // runs it (bench:ingest's full-app row, ADR 008): +5–15 % points/s on PGlite and PostgreSQL.
  const slots = new BatchSlots(Math.max(1, options.concurrentBatches ?? 2), MAX_WAITING_BATCHES);
  // What a crash before the last rollup left without rollups: recomputed at the first one. From
  // then on, with rollupsFrom 'memory', every raw point is this ingest's own.
  const unrolled = await unrolledSpan(db);
  const rollups = new LiveRollups({
    source: options.rollupsFrom ?? 'raw',
    startedAt: Date.now(),
    newestStored: unrolled.newest,
    onOverflow: () => log.warn('too many series to count rollups in memory: recomputed from raw points from now on'),
  });
  for (const ts of unrolled.span) rollups.unknown(ts);
  const derived = new DerivedWriter({
    write: (part) => inBackground(() => writeDerived(db, part)),
    everyMs: options.derivedEveryMs ?? 1000,
    onBackOnline: (id) => bus.publish({ type: 'status', equipmentId: id, status: 'online' }),
    onWritten: () => {
      stats.lastDerivedAt = now();
    },
    onError: (error) => log.warn({ err: error }, 'latest values write failed'),
  });
  const writes = new Set<Promise<void>>();
  // Batches go in as plain inserts (cheaper) until one meets a point already stored; then as
  // upserts for a while, as redeliveries come in runs.
  let upsertUntil = 0;

  const drop = (reason: DropReason, topic: string, detail?: string): undefined => {
    stats.dropped[reason]++;
    // Logged at debug: a misbehaving device must not flood the log; the counters tell.
    log.debug({ topic, reason, detail }, 'telemetry message dropped');
    return undefined;
  };

  // Acknowledgements go out in the order the batches were formed (MQTT wants a connection's
  // PUBACKs in the order of its PUBLISHes), each batch's once it is committed.
  let acksReleased: Promise<void> = Promise.resolve();

  const writeBatchOf = async (readings: Reading[], points: number, acks: HeldAck[]) => {
    const previous = acksReleased;
    let released!: () => void;
    acksReleased = new Promise((resolve) => (released = resolve));
    try {
      if (readings.length > 0 && !(await writeRawWithRetry(readings, points, acks))) {
        const failed = new Error('telemetry batch not committed');
        for (const ack of acks) ack(failed);
        return;
      }
      await previous;
      for (const ack of acks) ack();
    } finally {
      released();
    }
    if (sendsSoon() && (buffer.heldAcks > 0 || (options.external && buffer.points > 0))) scheduleFlush();
  };

  /** The raw write of one batch and what follows its commit; false when it failed. */
  const writeRawWithRetry = async (readings: Reading[], points: number, acks: HeldAck[]): Promise<boolean> => {
    await slots.acquire();
    const started = performance.now();
    let wrote: RawWrite | undefined;
    try {
      // A turn of the event loop before each statement, so that requests and timers do not wait
      // behind a whole queue of batches being built and sent (in-process PGlite runs them here).
      await new Promise((resolve) => setImmediate(resolve));
      for (let attempt = 1; ; attempt++) {
        try {
          const first = Date.now() < upsertUntil ? 'upsert' : 'insert';
          wrote = await inBackground(() => writeRaw(db, readings, first, options.copyIn));
          if (wrote !== first) upsertUntil = Date.now() + UPSERT_AFTER_CONFLICT_MS;
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
      slots.release();
    }
    stats.batches++;
    stats.written += points;
    stats.lastBatchAt = now();
    stats.lastBatchMs = Math.round((performance.now() - started) * 10) / 10;
    // A plain insert's points are all new (a point twice in the batch is stored once, the later
    // value); an upsert's may have replaced stored ones.
    if (wrote === 'insert') rollups.added(mergeDuplicates(readings));
    else rollups.replaced(readings);
    const wakes = maybeOffline.size > 0 && readings.some((r) => maybeOffline.has(r.equipmentId));
    derived.add(readings, wakes);
    return true;
  };

  const flushRaw = (): Promise<void> => {
    const batch = buffer.take();
    writing += batch.points;
    const write = writeBatchOf(batch.readings, batch.points, batch.acks)
      .catch((error: unknown) => log.error({ err: error }, 'telemetry batch failed'))
      .finally(() => {
        writing -= batch.points;
      });
    writes.add(write);
    void write.finally(() => writes.delete(write));
    return write;
  };

  /** Everything received so far, raw and derived, written. */
  const settle = async () => {
    void flushRaw();
    while (writes.size > 0) await Promise.all(writes);
    await derived.writeNow();
  };

  // Acknowledgements waiting (external broker; QoS 1 on the embedded one): a batch goes as soon
  // as the database is free (what arrived in this turn of the event loop together), and what
  // arrives while it is written is the next batch. Otherwise by size, or after maxDelayMs.
  const scheduleFlush = () => buffer.schedule((options.external || buffer.heldAcks > 0) && sendsSoon());
  // Whether a batch goes now: nothing in flight, or a slot free and half a batch waiting, so that
  // a second batch goes in beside the first without the batches getting small (ADR 008, 2026-12-02).
  const sendsSoon = () => slots.inFlight === 0 || (slots.free && buffer.points >= maxBatchPoints / 2);

  async function handleStatus(topic: string, equipmentId: string, payload: Buffer): Promise<void> {
    const status = payload.toString().trim();
    if (status !== 'online' && status !== 'offline') return drop('invalid', topic);
    if (!known.has(equipmentId)) return;
    // Data received before "offline" must not bring the device back online after it.
    if (status === 'offline') await settle();
    if (await setReportedStatus(db, equipmentId, status)) bus.publish({ type: 'status', equipmentId, status });
  }

  /** One message; answers a promise only when it has to wait (status, an unknown device). */
  function handle(packet: IPublishPacket): Promise<void> | undefined {
    const topic = parseDeviceTopic(packet.topic);
    if (!topic) return drop('badTopic', packet.topic);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    if (topic.kind === 'status') return handleStatus(packet.topic, topic.equipmentId, payload);
    if (topic.kind !== 'telemetry') return undefined;
    stats.messages++;
    const read = readTelemetryPayload(payload, now().getTime(), maxAgeMs);
    if (!read.ok) return drop(read.reason, packet.topic, read.detail);
    const { equipmentId, site } = topic;
    const take = () => {
      const knownSite = known.get(equipmentId);
      if (knownSite === undefined) return drop('unknownEquipment', packet.topic);
      if (knownSite !== site) return drop('wrongSite', packet.topic);
      return accept(equipmentId, read.ts, read.metrics, read.count);
    };
    if (known.has(equipmentId) || Date.now() - knownLoadedAt <= 10_000) return take();
    return loadKnown().then(take);
  }

  function accept(equipmentId: string, ts: number, metrics: Record<string, number>, count: number): undefined {
    buffer.add({ equipmentId, ts, metrics }, count);
    stats.points += count;
    stats.lastPointAt = now();
    bus.publish({ type: 'telemetry', equipmentId, ts, metrics });
    return undefined;
  }

  // Embedded broker: telemetry handed over by the broker's guard before the broker acknowledges
  // it (not through an in-process MQTT client, which would encode and parse every message once
  // more). A QoS 1 message's callback (its PUBACK, and the device connection's next read) waits
  // for the commit of its batch; a QoS 0 one's only while too many batches wait for the database.
  // The callback goes in a microtask at the earliest, never from inside this call.
  const intake = options.external ? undefined : options.intake;
  const sink: TelemetrySink = (packet, _equipmentId, done, connection) => {
    const after = () => {
      if (packet.qos > 0) {
        buffer.holdAck(done);
        scheduleFlush();
        return;
      }
      if (buffer.points > 0) scheduleFlush();
      slots.resumeWhenFree(() => done(), connection);
    };
    let waiting: Promise<void> | undefined;
    try {
      waiting = handle(packet as IPublishPacket);
    } catch (error) {
      log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
      return queueMicrotask(() => done());
    }
    if (!waiting) return after();
    waiting.then(after, (error: unknown) => {
      log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
      done();
    });
  };
  intake?.setTelemetrySink(sink);

  const clients: MqttClient[] = [];
  for (let n = 0; n < connectionCount; n++) {
    const client = connectMqtt(options.target, {
      clientId: `${options.clientIdPrefix ?? 'sentinela-ingest'}-${options.external ? n : 'embedded'}`,
      clean: !options.external,
    });
    // External broker, QoS 1: a message's PUBACK waits for the commit of the batch holding its points.
    const holdback = options.external ? holdBackPubacks(client) : undefined;
    const taken = (packet: IPublishPacket, done: () => void) => {
      if (!holdback || packet.qos === 0) {
        done();
        if (buffer.points > 0) scheduleFlush();
        return;
      }
      // Not acknowledged when the batch failed: the connections are closed and the broker resends.
      const puback = packet.messageId === undefined ? undefined : holdback.hold(packet.messageId);
      if (puback) {
        buffer.holdAck((error) => error || puback());
        done(); // mqtt.js goes on with the next message; its PUBACK is held back
      } else {
        // the PUBACK (and this connection's next message) after the commit
        buffer.holdAck((error) => error || done());
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
      if (options.external)
        topics[`$share/${options.shareGroup ?? 'sentinela-ingest'}/${TELEMETRY_TOPIC}`] = { qos: 1 };
      else if (!intake) topics[TELEMETRY_TOPIC] = { qos: 1 };
      if (n === 0) topics['sentinela/+/+/status'] = { qos: 1 };
      client.subscribe(topics, (error) => {
        if (error) log.error({ err: error }, 'could not subscribe to telemetry');
      });
    });
    client.on('error', (error) => log.warn({ err: error }, 'MQTT ingest connection error'));
    clients.push(client);
  }

  const rollupTimer =
    options.rollups === 'scheduler'
      ? undefined
      : setInterval(() => {
          writeDirtyRollups(db, rollups).catch((error: unknown) => log.warn({ err: error }, 'rollup failed'));
        }, ROLLUP_EVERY_MS);
  rollupTimer?.unref();

  return {
    stats: () => ({ ...stats, backlog: buffer.points + writing, dropped: { ...stats.dropped } }),
    flush: settle,
    reloadEquipment: loadKnown,
    async recomputeRollups() {
      await writeDirtyRollups(db, rollups);
    },
    async stop() {
      clearInterval(rollupTimer);
      // From now on the broker refuses QoS 1 telemetry unacknowledged (the device sends it again).
      intake?.setTelemetrySink((packet, _id, done) => done(packet.qos > 0 ? new Error('ingest stopped') : undefined));
      // What was received is committed and acknowledged while connected (less to redeliver at
      // the next start); what arrives before the connections are closed is written after.
      await settle();
      await Promise.all(clients.map((c) => c.endAsync()));
      await settle();
      derived.cancel();
      unsubscribe();
      await writeDirtyRollups(db, rollups);
    },
  };
}
