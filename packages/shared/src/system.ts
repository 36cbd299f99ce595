import { z } from 'zod';

/** Mosquitto's `$SYS` figures (an external broker), the latest values it published; null until heard. */
export const brokerSysSchema = z.object({
  /** `$SYS/broker/publish/messages/dropped`: messages it dropped (full queues) since it started. */
  droppedMessages: z.number().nullable(),
  /** `$SYS/broker/clients/connected`. */
  clientsConnected: z.number().nullable(),
  /** `$SYS/broker/messages/received` and `…/sent`: every packet kind, since it started. */
  messagesReceived: z.number().nullable(),
  messagesSent: z.number().nullable(),
  /** `$SYS/broker/messages/stored` (retained and queued messages it holds). */
  messagesStored: z.number().nullable(),
  /** When the last `$SYS` value arrived (Mosquitto publishes every sys_interval). */
  updatedAt: z.date().nullable(),
});
export type BrokerSys = z.infer<typeof brokerSysSchema>;

/** The MQTT broker as the portal sees it (signed-in callers only). */
export const brokerHealthSchema = z.object({
  kind: z.enum(['embedded', 'external']),
  /** Embedded: listening; external: the portal's health connection is up. */
  connected: z.boolean(),
  /** External broker only. */
  sys: brokerSysSchema.optional(),
  /** Refused clients and messages by reason (the embedded broker's topic and limit checks). */
  refusals: z.record(z.string(), z.number().int()).optional(),
});
export type BrokerHealth = z.infer<typeof brokerHealthSchema>;

/** The demo site's history, generated in the background after a first start. */
export const demoHistoryHealthSchema = z.object({
  /** 0…100. */
  percent: z.number().int(),
  complete: z.boolean(),
});
export type DemoHistoryHealth = z.infer<typeof demoHistoryHealthSchema>;

/**
 * A cheap liveness report: the process answers and the database answers a query. The version
 * and the database kind only for an administrator (issue 13: the public answer tells nothing an
 * attacker could use).
 */
export const systemHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']).optional(),
  /** Null when the database did not answer. */
  databaseLatencyMs: z.number().nullable(),
  version: z.string().optional(),
  /** For a signed-in caller only (the process's age tells an attacker when it was last patched). */
  uptimeSeconds: z.number().int().optional(),
  /** Present for a signed-in caller (the procedure is public: probes and the sign-in page use it). */
  broker: brokerHealthSchema.optional(),
  /** For a signed-in caller, when the server holds a demo history (filling or filled). */
  demo: demoHistoryHealthSchema.optional(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** The outcome of a background job's last run (job_runs). */
export const jobOutcomeSchema = z.enum(['ok', 'error', 'running', 'never']);
export type JobOutcome = z.infer<typeof jobOutcomeSchema>;

export const systemJobSchema = z.object({
  name: z.string(),
  lastStartedAt: z.date().nullable(),
  lastFinishedAt: z.date().nullable(),
  lastDurationMs: z.number().nullable(),
  outcome: jobOutcomeSchema,
  /** The last failure's message (administrators only). */
  lastError: z.string().nullable().optional(),
  runCount: z.number().int(),
});
export type SystemJob = z.infer<typeof systemJobSchema>;

/** One point of the in-memory history (the sampler keeps the last hour, every 10 s). */
export const systemSampleSchema = z.object({
  at: z.date(),
  pointsPerSecond: z.number(),
  batchMs: z.number().nullable(),
  backlog: z.number(),
  databaseLatencyMs: z.number().nullable(),
  eventLoopLagMs: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  liveClients: z.number().int(),
  brokerMessagesInPerSecond: z.number().nullable(),
  brokerMessagesOutPerSecond: z.number().nullable(),
});
export type SystemSample = z.infer<typeof systemSampleSchema>;

/** What the System Health page shows (system.details, any signed-in role). */
/** The live relay's counters (LISTEN/NOTIFY between instances, ADR 038). */
export const liveRelayHealthSchema = z.object({
  /** NOTIFY payloads sent with events, and the events they carried. */
  notificationsSent: z.number().int(),
  eventsSent: z.number().int(),
  /** Flushes that sent something (what was published within one window, together). */
  batches: z.number().int(),
  /** Events merged into a waiting one of the same device before sending. */
  coalesced: z.number().int(),
  /** NOTIFY payloads with events heard from other instances, and the events they carried. */
  notificationsReceived: z.number().int(),
  eventsReceived: z.number().int(),
  /** Events that did not go out; of them, those too large for one NOTIFY. */
  dropped: z.number().int(),
  oversized: z.number().int(),
  /** Times it listened anew (its own ping did not come back). */
  relistens: z.number().int(),
  /** Other instances heard lately, and when one was last heard. */
  peers: z.number().int(),
  lastPeerAt: z.date().nullable(),
});
export type LiveRelayHealth = z.infer<typeof liveRelayHealthSchema>;

export const systemDetailsSchema = z.object({
  at: z.date(),
  status: z.enum(['ok', 'degraded']),
  process: z.object({
    uptimeSeconds: z.number().int(),
    rssBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    eventLoopLagMs: z.number(),
    /** Administrators only. */
    version: z.string().optional(),
    nodeVersion: z.string().optional(),
  }),
  database: z.object({
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    sizeBytes: z.number().nullable(),
    /** Open connections (PostgreSQL); null on PGlite. */
    connections: z.number().int().nullable(),
    migrationsApplied: z.number().int().nullable(),
    migrationsShipped: z.number().int().nullable(),
    /** Administrators only. */
    kind: z.enum(['pglite', 'postgres']).optional(),
    /** Administrators only: host:port/database, or the data folder (never a password). */
    address: z.string().optional(),
  }),
  broker: z.object({
    kind: z.enum(['embedded', 'external']).nullable(),
    connected: z.boolean().nullable(),
    clients: z.number().int().nullable(),
    messagesInPerSecond: z.number().nullable(),
    messagesOutPerSecond: z.number().nullable(),
    /** External Mosquitto's $SYS dropped counter since it started. */
    droppedMessages: z.number().nullable(),
    refusals: z.record(z.string(), z.number().int()),
    /** Administrators only (credentials removed). */
    address: z.string().optional(),
  }),
  ingest: z.object({
    pointsPerSecond: z.number(),
    messagesPerSecond: z.number(),
    /** The last committed batch's write, ms. */
    batchMs: z.number().nullable(),
    /** Points received and not yet committed. */
    backlog: z.number().int(),
    pointsTotal: z.number().int(),
    writtenTotal: z.number().int(),
    rejected: z.record(z.string(), z.number().int()),
    lastPointAt: z.date().nullable(),
  }),
  live: z.object({
    clients: z.number().int(),
    /** The live relay between instances on one PostgreSQL (ADR 038), since the process started; null: none (PGlite). */
    relay: liveRelayHealthSchema.nullable(),
  }),
  jobs: z.array(systemJobSchema),
  silentDevices: z.array(
    z.object({ facilityId: z.string(), facilityName: z.string(), count: z.number().int(), total: z.number().int() }),
  ),
  history: z.array(systemSampleSchema),
});
export type SystemDetails = z.infer<typeof systemDetailsSchema>;
