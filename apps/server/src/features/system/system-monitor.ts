import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@sentinela/db/client';
import { defaultMigrationsFolder } from '@sentinela/db/migrate';
import { parseRows } from '@sentinela/db/sql-helpers';
import type { BrokerHealth, SystemSample } from '@sentinela/shared/system';
import { z } from 'zod';
import type { IngestStats } from '../../telemetry/ingest';
import type { LiveBus } from '../../telemetry/live-bus';
import type { LiveRelayStats } from '../../telemetry/live-relay';

/** How often the sampler records a point of history, and how much it keeps (the last hour). */
export const SAMPLE_EVERY_MS = 10_000;
export const HISTORY_MS = 60 * 60 * 1000;
/** A database check never waits longer than this (readiness, the page). */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface MonitorSources {
  database: Pick<DatabaseHandle, 'db' | 'kind'>;
  startedAt: Date;
  bus: LiveBus;
  brokerHealth?: (() => BrokerHealth) | undefined;
  ingestStats?: (() => IngestStats) | undefined;
  /** The live relay's counters (PostgreSQL; none on PGlite). */
  relayStats?: (() => LiveRelayStats | null) | undefined;
  /** Where the shipped migrations are (their journal counts them). */
  migrationsFolder?: string | undefined;
  sampleEveryMs?: number;
}

/** Counters read at one instant, to turn into rates against a later reading. */
interface Reading {
  atMs: number;
  points: number;
  messages: number;
  brokerIn: number | null;
  brokerOut: number | null;
}

/** The live figures that need no database query. */
export interface LiveFigures {
  uptimeSeconds: number;
  rssBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  eventLoopLagMs: number;
  liveClients: number;
  pointsPerSecond: number;
  messagesPerSecond: number;
  brokerMessagesInPerSecond: number | null;
  brokerMessagesOutPerSecond: number | null;
  ingest: IngestStats | null;
  broker: BrokerHealth | null;
  relay: LiveRelayStats | null;
}

export interface DatabaseCheck {
  reachable: boolean;
  latencyMs: number | null;
}

export interface SystemMonitor {
  readonly sources: MonitorSources;
  /** Process, ingest, broker and live figures now (rates over the last sampling interval). */
  live(): LiveFigures;
  /** `select 1`, bounded by DATABASE_CHECK_TIMEOUT_MS. */
  checkDatabase(): Promise<DatabaseCheck>;
  /** Shipped migrations (the journal of the migrations folder); null when unreadable. */
  migrationsShipped(): number | null;
  /** The last hour, oldest first. */
  history(): SystemSample[];
  /** Records one point now (the timer does it every SAMPLE_EVERY_MS; tests call it). */
  sample(): Promise<void>;
  stop(): void;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const rate = (now: number, before: number, seconds: number) =>
  seconds > 0 ? round1(Math.max(0, now - before) / seconds) : 0;

/**
 * The figures of System Health and /metrics, read from what the process already holds (ingest
 * counters, the broker's report, the bus, the event-loop delay histogram), and a sampler that
 * keeps the last hour in memory every 10 s for the page's charts. Nothing here is written to the
 * database: after a restart the history starts again.
 */
export function startSystemMonitor(sources: MonitorSources): SystemMonitor {
  const everyMs = sources.sampleEveryMs ?? SAMPLE_EVERY_MS;
  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const samples: SystemSample[] = [];
  const readings: Reading[] = [];
  let shipped: number | null | undefined;

  function read(): Reading {
    const ingest = sources.ingestStats?.();
    const sys = sources.brokerHealth?.().sys;
    return {
      atMs: performance.now(),
      points: ingest?.points ?? 0,
      messages: ingest?.messages ?? 0,
      brokerIn: sys?.messagesReceived ?? null,
      brokerOut: sys?.messagesSent ?? null,
    };
  }

  function live(): LiveFigures {
    const now = read();
    // Against the last reading at least a second old (the sampler keeps one every interval).
    const base = [...readings].reverse().find((r) => now.atMs - r.atMs >= 1000) ?? readings[0];
    const seconds = base ? (now.atMs - base.atMs) / 1000 : 0;
    const memory = process.memoryUsage();
    const lag = loop.count > 0 ? loop.percentile(99) / 1e6 : 0;
    const broker = sources.brokerHealth?.() ?? null;
    return {
      uptimeSeconds: Math.max(0, Math.floor((Date.now() - sources.startedAt.getTime()) / 1000)),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      eventLoopLagMs: round1(lag),
      liveClients: sources.bus.streamClients,
      pointsPerSecond: base ? rate(now.points, base.points, seconds) : 0,
      messagesPerSecond: base ? rate(now.messages, base.messages, seconds) : 0,
      brokerMessagesInPerSecond:
        base && now.brokerIn !== null && base.brokerIn !== null ? rate(now.brokerIn, base.brokerIn, seconds) : null,
      brokerMessagesOutPerSecond:
        base && now.brokerOut !== null && base.brokerOut !== null ? rate(now.brokerOut, base.brokerOut, seconds) : null,
      ingest: sources.ingestStats?.() ?? null,
      broker,
      relay: sources.relayStats?.() ?? null,
    };
  }

  async function checkDatabase(): Promise<DatabaseCheck> {
    const before = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        sources.database.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database check timed out')), DATABASE_CHECK_TIMEOUT_MS);
        }),
      ]);
      return { reachable: true, latencyMs: round1(performance.now() - before) };
    } catch {
      return { reachable: false, latencyMs: null };
    } finally {
      clearTimeout(timer);
    }
  }

  async function sample(): Promise<void> {
    const figures = live();
    const database = await checkDatabase();
    readings.push(read());
    if (readings.length > 3) readings.shift();
    const ingest = figures.ingest;
    samples.push({
      at: new Date(),
      pointsPerSecond: figures.pointsPerSecond,
      batchMs: ingest?.lastBatchMs ?? null,
      backlog: ingest?.backlog ?? 0,
      databaseLatencyMs: database.latencyMs,
      eventLoopLagMs: figures.eventLoopLagMs,
      rssBytes: figures.rssBytes,
      heapUsedBytes: figures.heapUsedBytes,
      liveClients: figures.liveClients,
      brokerMessagesInPerSecond: figures.brokerMessagesInPerSecond,
      brokerMessagesOutPerSecond: figures.brokerMessagesOutPerSecond,
    });
    const keep = Math.ceil(HISTORY_MS / everyMs);
    if (samples.length > keep) samples.splice(0, samples.length - keep);
    // The lag of the interval just sampled, not since the start.
    loop.reset();
  }

  readings.push(read());
  const timer = setInterval(() => void sample().catch(() => undefined), everyMs);
  timer.unref();

  return {
    sources,
    live,
    checkDatabase,
    migrationsShipped() {
      if (shipped === undefined) shipped = countShippedMigrations(sources.migrationsFolder ?? defaultMigrationsFolder);
      return shipped;
    },
    history: () => samples.map((s) => ({ ...s })),
    sample,
    stop() {
      clearInterval(timer);
      loop.disable();
    },
  };
}

const journal = z.object({ entries: z.array(z.unknown()) });

function countShippedMigrations(folder: string): number | null {
  try {
    return journal.parse(JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'))).entries.length;
  } catch {
    return null;
  }
}

const countRow = z.object({ n: z.coerce.number() });

/** Migrations recorded as applied in drizzle's journal table; null when it cannot be read. */
export async function countAppliedMigrations(database: Pick<DatabaseHandle, 'db'>): Promise<number | null> {
  try {
    const result = await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`);
    return parseRows(countRow, result)[0]?.n ?? null;
  } catch {
    return null;
  }
}

/** The database's size on disk, bytes; null when not available. */
export async function databaseSize(database: Pick<DatabaseHandle, 'db'>): Promise<number | null> {
  try {
    const result = await database.db.execute(sql`select pg_database_size(current_database()) as n`);
    return parseRows(countRow, result)[0]?.n ?? null;
  } catch {
    return null;
  }
}

/** Open connections to this database (PostgreSQL); null on PGlite (one in-process connection). */
export async function databaseConnections(database: Pick<DatabaseHandle, 'db' | 'kind'>): Promise<number | null> {
  if (database.kind === 'pglite') return null;
  try {
    const result = await database.db.execute(
      sql`select count(*) as n from pg_stat_activity where datname = current_database()`,
    );
    return parseRows(countRow, result)[0]?.n ?? null;
  } catch {
    return null;
  }
}
