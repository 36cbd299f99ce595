import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment } from '@sentinela/db/schema/plant';
import { MAX_MESSAGE_BYTES, parseDeviceTopic, telemetryMessage } from '@sentinela/shared/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import type { IPublishPacket, MqttClient } from 'mqtt';
import type { LiveBus } from './live-bus';
import { connectMqtt, type MqttTarget } from './mqtt-connection';
import { recomputeRollups, writeBatch, type Point } from './telemetry-writer';

export type DropReason = 'tooLarge' | 'malformed' | 'invalid' | 'badTimestamp' | 'unknownEquipment' | 'badTopic';

export interface IngestStats {
  messages: number;
  points: number;
  batches: number;
  dropped: Record<DropReason, number>;
  lastBatchAt: Date | null;
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
  now?: () => Date;
  /** Points older than this are refused (they would fall outside raw retention). */
  maxAgeMs?: number;
}

export interface Ingest {
  stats(): IngestStats;
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

/**
 * MQTT → database. Every message is validated (a bad one is counted and logged, never fatal),
 * points are written in batches (by size or after maxDelayMs), live values go out at once.
 */
export async function startIngest(options: IngestOptions): Promise<Ingest> {
  const { db, bus, log } = options;
  const now = options.now ?? (() => new Date());
  const maxBatchPoints = options.maxBatchPoints ?? 5000;
  const maxDelayMs = options.maxDelayMs ?? 250;
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const connectionCount = options.external ? Math.max(1, options.connections ?? 4) : 1;

  const stats: IngestStats = {
    messages: 0,
    points: 0,
    batches: 0,
    dropped: { tooLarge: 0, malformed: 0, invalid: 0, badTimestamp: 0, unknownEquipment: 0, badTopic: 0 },
    lastBatchAt: null,
  };

  // Known equipment, reloaded (at most every 10 s) when an unknown id shows up.
  let known = new Set<string>();
  let knownLoadedAt = 0;
  const loadKnown = async () => {
    const rows = await db.select({ id: equipment.id }).from(equipment);
    known = new Set(rows.map((r) => r.id));
    knownLoadedAt = Date.now();
  };
  await loadKnown();

  let buffer: Point[] = [];
  let heldAcks: (() => void)[] = [];
  const stalled = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let dirtyFrom: Date | null = null;
  let dirtyTo: Date | null = null;

  const drop = (reason: DropReason, topic: string, detail?: string) => {
    stats.dropped[reason]++;
    // Logged at debug: a misbehaving device must not flood the log; the counters tell.
    log.debug({ topic, reason, detail }, 'telemetry message dropped');
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const points = buffer;
    const acks = heldAcks;
    buffer = [];
    heldAcks = [];
    stalled.clear();
    writing = writing.then(async () => {
      if (points.length > 0) {
        try {
          const back = await writeBatch(db, points);
          stats.batches++;
          stats.lastBatchAt = now();
          for (const id of back) bus.publish({ type: 'status', equipmentId: id, status: 'online' });
          for (const p of points) {
            if (!dirtyFrom || p.ts < dirtyFrom) dirtyFrom = p.ts;
            if (!dirtyTo || p.ts > dirtyTo) dirtyTo = p.ts;
          }
        } catch (error) {
          // Not acknowledged: an external broker redelivers these after a reconnect.
          log.error({ err: error, points: points.length }, 'telemetry batch failed');
          return;
        }
      }
      for (const ack of acks) ack();
    });
    return writing;
  };

  const scheduleFlush = () => {
    if (buffer.length >= maxBatchPoints || (options.external && stalled.size >= connectionCount)) {
      void flush();
    } else {
      timer ??= setTimeout(() => void flush(), maxDelayMs);
    }
  };

  async function handle(packet: IPublishPacket): Promise<void> {
    const topic = parseDeviceTopic(packet.topic);
    if (!topic) return drop('badTopic', packet.topic);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    if (topic.kind === 'status') {
      const status = payload.toString().trim();
      if (status !== 'online' && status !== 'offline') return drop('invalid', packet.topic);
      if (!known.has(topic.equipmentId)) return;
      const changed = await db
        .update(equipment)
        .set({ status })
        // Maintenance and error are set by people (or a later fault report), not by a heartbeat.
        .where(sql`${equipment.id} = ${topic.equipmentId} and ${equipment.status} not in (${status}, 'maintenance', 'error')`)
        .returning({ id: equipment.id });
      if (changed.length > 0) bus.publish({ type: 'status', equipmentId: topic.equipmentId, status });
      return;
    }
    if (topic.kind !== 'telemetry') return;
    stats.messages++;
    if (payload.length > MAX_MESSAGE_BYTES) return drop('tooLarge', packet.topic);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return drop('malformed', packet.topic);
    }
    const parsed = telemetryMessage.safeParse(json);
    if (!parsed.success) return drop('invalid', packet.topic, parsed.error.issues[0]?.message);
    const ts = new Date(parsed.data.ts);
    const t = ts.getTime();
    const current = now().getTime();
    if (!Number.isFinite(t) || t > current + FUTURE_TOLERANCE_MS || t < current - maxAgeMs) {
      return drop('badTimestamp', packet.topic, String(parsed.data.ts));
    }
    if (!known.has(topic.equipmentId)) {
      if (Date.now() - knownLoadedAt > 10_000) await loadKnown();
      if (!known.has(topic.equipmentId)) return drop('unknownEquipment', packet.topic);
    }
    for (const [metric, value] of Object.entries(parsed.data.metrics)) {
      buffer.push({ equipmentId: topic.equipmentId, metric, ts, value });
    }
    stats.points += Object.keys(parsed.data.metrics).length;
    bus.publish({ type: 'telemetry', equipmentId: topic.equipmentId, ts, metrics: parsed.data.metrics });
  }

  const clients: MqttClient[] = [];
  for (let n = 0; n < connectionCount; n++) {
    const client = connectMqtt(options.target, {
      clientId: `${options.clientIdPrefix ?? 'sentinela-ingest'}-${options.external ? n : 'embedded'}`,
      clean: !options.external,
    });
    // mqtt.js acknowledges a QoS 1 message when this callback is called: hold it until the batch
    // holding its points is committed.
    client.handleMessage = (packet, done) => {
      handle(packet).then(
        () => {
          if (options.external && packet.qos > 0) {
            heldAcks.push(() => done());
            stalled.add(n);
            scheduleFlush();
          } else {
            done();
            if (buffer.length > 0) scheduleFlush();
          }
        },
        (error: unknown) => {
          log.error({ err: error, topic: packet.topic }, 'telemetry message failed');
          done();
        },
      );
    };
    const telemetryTopic = options.external
      ? `$share/${options.shareGroup ?? 'sentinela-ingest'}/sentinela/+/+/telemetry`
      : 'sentinela/+/+/telemetry';
    client.on('connect', () => {
      const topics: Record<string, { qos: 0 | 1 }> = { [telemetryTopic]: { qos: 1 } };
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
  const rollupTimer = setInterval(() => {
    if (!dirtyFrom || !dirtyTo) return;
    const from = new Date(Math.floor(dirtyFrom.getTime() / 60_000) * 60_000);
    const to = new Date(Math.floor(dirtyTo.getTime() / 60_000) * 60_000 + 60_000);
    dirtyFrom = null;
    dirtyTo = null;
    recomputeRollups(db, from, to).catch((error: unknown) => log.warn({ err: error }, 'rollup failed'));
  }, 60_000);
  rollupTimer.unref();

  return {
    stats: () => ({ ...stats, dropped: { ...stats.dropped } }),
    flush,
    async stop() {
      clearInterval(rollupTimer);
      await Promise.all(clients.map((c) => c.endAsync()));
      await flush();
      if (dirtyFrom && dirtyTo) {
        await recomputeRollups(db, new Date(Math.floor(dirtyFrom.getTime() / 60_000) * 60_000), new Date(dirtyTo.getTime() + 60_000));
      }
    },
  };
}

