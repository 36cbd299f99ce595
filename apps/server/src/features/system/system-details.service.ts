import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { equipment, facilities } from '@sentinela/db/schema/plant';
import { SILENT_AFTER_SECONDS } from '@sentinela/shared/device-values';
import type { JobOutcome, LiveRelayHealth, SystemDetails, SystemJob } from '@sentinela/shared/system';
import type { LiveRelayStats } from '../../telemetry/live-relay';
import packageJson from '../../../package.json' with { type: 'json' };
import { countAppliedMigrations, databaseConnections, databaseSize, type SystemMonitor } from './system-monitor';

/** What only an administrator sees: where things run, and the software's version. */
export interface AdminView {
  /** The database's host:port/database or data folder; the broker's URL (credentials removed). */
  addresses: { database: string; broker: string };
}

/** The background jobs as job_runs holds them (the scheduler's bookkeeping), by name. */
export async function listJobs(db: Database, admin: boolean): Promise<SystemJob[]> {
  const rows = await db.select().from(jobRuns).orderBy(asc(jobRuns.name));
  return rows.map((row) => {
    const running =
      row.lastStartedAt !== null && (row.lastFinishedAt === null || row.lastFinishedAt < row.lastStartedAt);
    const outcome: JobOutcome = running ? 'running' : (row.lastOutcome ?? 'never');
    return {
      name: row.name,
      lastStartedAt: row.lastStartedAt,
      lastFinishedAt: row.lastFinishedAt,
      lastDurationMs: row.lastDurationMs,
      outcome,
      ...(admin ? { lastError: row.lastError } : {}),
      runCount: row.runCount,
    };
  });
}

/** The relay's counters as System Health shows them (null: no relay, a single PGlite instance). */
export function relayHealth(stats: LiveRelayStats | null): LiveRelayHealth | null {
  if (!stats) return null;
  return {
    notificationsSent: stats.sent,
    eventsSent: stats.eventsSent,
    batches: stats.batches,
    coalesced: stats.coalesced,
    notificationsReceived: stats.notificationsReceived,
    eventsReceived: stats.received,
    dropped: stats.dropped,
    oversized: stats.oversized,
    relistens: stats.relistens,
    peers: stats.peers,
    lastPeerAt: stats.lastPeerAt,
  };
}

const counted = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/** Equipment in service not heard for SILENT_AFTER_SECONDS (as the dashboard counts it), by facility. */
export async function silentDevicesByFacility(db: Database, now: Date): Promise<SystemDetails['silentDevices']> {
  const cutoff = new Date(now.getTime() - SILENT_AFTER_SECONDS * 1000).toISOString();
  const rows = await db
    .select({
      facilityId: facilities.id,
      facilityName: facilities.name,
      total: counted(sql`count(*)`),
      count: counted(
        sql`count(*) filter (where ${equipment.lastSeenAt} is null or ${equipment.lastSeenAt} < ${cutoff}::timestamptz)`,
      ),
    })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(isNull(equipment.retiredAt))
    .groupBy(facilities.id, facilities.name)
    .orderBy(asc(facilities.name));
  return rows;
}

/**
 * Everything System Health shows, now: process, database, broker, ingest, live clients, jobs,
 * silent devices and the last hour's history. `admin` adds the version, the database kind and
 * the addresses (the rest is for any signed-in role).
 */
export async function getSystemDetails(
  db: Database,
  monitor: SystemMonitor,
  now: Date,
  admin: AdminView | null,
): Promise<SystemDetails> {
  const database = monitor.sources.database;
  const [check, size, connections, applied, jobs, silent] = await Promise.all([
    monitor.checkDatabase(),
    databaseSize(database),
    databaseConnections(database),
    countAppliedMigrations(database),
    listJobs(db, admin !== null),
    silentDevicesByFacility(db, now),
  ]);
  const live = monitor.live();
  const broker = live.broker;
  const ingest = live.ingest;
  const brokerUp = broker?.connected ?? null;
  return {
    at: now,
    status: check.reachable && brokerUp !== false ? 'ok' : 'degraded',
    process: {
      uptimeSeconds: live.uptimeSeconds,
      rssBytes: live.rssBytes,
      heapUsedBytes: live.heapUsedBytes,
      heapTotalBytes: live.heapTotalBytes,
      eventLoopLagMs: live.eventLoopLagMs,
      ...(admin ? { version: packageJson.version, nodeVersion: process.version } : {}),
    },
    database: {
      reachable: check.reachable,
      latencyMs: check.latencyMs,
      sizeBytes: size,
      connections,
      migrationsApplied: applied,
      migrationsShipped: monitor.migrationsShipped(),
      ...(admin ? { kind: database.kind, address: admin.addresses.database } : {}),
    },
    broker: {
      kind: broker?.kind ?? null,
      connected: brokerUp,
      clients: broker?.sys?.clientsConnected ?? null,
      messagesInPerSecond: live.brokerMessagesInPerSecond,
      messagesOutPerSecond: live.brokerMessagesOutPerSecond,
      droppedMessages: broker?.sys?.droppedMessages ?? null,
      refusals: broker?.refusals ?? {},
      ...(admin ? { address: admin.addresses.broker } : {}),
    },
    ingest: {
      pointsPerSecond: live.pointsPerSecond,
      messagesPerSecond: live.messagesPerSecond,
      batchMs: ingest?.lastBatchMs ?? null,
      backlog: ingest?.backlog ?? 0,
      pointsTotal: ingest?.points ?? 0,
      writtenTotal: ingest?.written ?? 0,
      rejected: ingest ? { ...ingest.dropped } : {},
      lastPointAt: ingest?.lastPointAt ?? null,
    },
    live: { clients: live.liveClients, relay: relayHealth(live.relay) },
    jobs,
    silentDevices: silent,
    history: monitor.history(),
  };
}

/** A URL without its user and password (host, port, path kept). */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return '';
  }
}
