import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { SystemMonitor } from '../features/system/system-monitor';

/**
 * The machine-facing routes, outside /api (no session, no CSRF check, no cookies read):
 * - GET /healthz: the process answers (no database), 200 at once;
 * - GET /readyz: the database answers a query and the broker is connected, within
 *   DATABASE_CHECK_TIMEOUT_MS: 200, else 503;
 * - GET /metrics: the System Health figures in Prometheus text format (prom-client), only with
 *   `Authorization: Bearer <METRICS_TOKEN>`; 404 when the token is unset, missing or wrong, so
 *   the route does not reveal itself (ADR 019).
 */
export function registerProbes(app: FastifyInstance, monitor: SystemMonitor, metricsToken: string | undefined): void {
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', (_req, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const database = await monitor.checkDatabase();
    const broker = monitor.sources.brokerHealth?.();
    const brokerUp = broker ? broker.connected : true;
    const ready = database.reachable && brokerUp;
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable', database: database.reachable, broker: brokerUp });
  });

  const expected = metricsToken ? digest(metricsToken) : null;
  const registry = expected ? metricsRegistry(monitor) : null;
  app.get('/metrics', async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    // Compared as fixed-length digests in constant time: neither length nor prefix leaks.
    if (!expected || !registry || !timingSafeEqual(digest(given), expected)) {
      return reply.code(404).send({ message: 'Not Found', error: 'Not Found', statusCode: 404 });
    }
    const text = await registry.metrics();
    return reply.headers(noStore).type(registry.contentType).send(text);
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** prom-client gauges and counters read from the monitor at every scrape, plus its default process metrics. */
export function metricsRegistry(monitor: SystemMonitor): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sentinela_' });
  const registers = [registry];
  const sources = monitor.sources;

  /** A counter that follows a total the process already keeps. */
  function followingCounter(name: string, help: string, total: () => number | null): void {
    let seen = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const value = total();
        if (value === null) return;
        if (value < seen) {
          this.reset();
          seen = 0;
        }
        if (value > seen) this.inc(value - seen);
        seen = value;
      },
    });
  }

  new Gauge({
    name: 'sentinela_up',
    help: 'Always 1 while the process answers.',
    registers,
    collect() {
      this.set(1);
    },
  });
  new Gauge({
    name: 'sentinela_uptime_seconds',
    help: 'Seconds since the server started.',
    registers,
    collect() {
      this.set(monitor.live().uptimeSeconds);
    },
  });
  new Gauge({
    name: 'sentinela_event_loop_lag_seconds',
    help: 'Event-loop delay, 99th percentile over the current sampling interval.',
    registers,
    collect() {
      this.set(monitor.live().eventLoopLagMs / 1000);
    },
  });
  new Gauge({
    name: 'sentinela_database_up',
    help: '1 when the database answered a query within the check timeout.',
    registers,
    async collect() {
      const check = await monitor.checkDatabase();
      this.set(check.reachable ? 1 : 0);
    },
  });
  new Gauge({
    name: 'sentinela_broker_connected',
    help: '1 when the MQTT broker is connected (embedded: running).',
    registers,
    collect() {
      const broker = sources.brokerHealth?.();
      this.set(broker?.connected ? 1 : 0);
    },
  });
  new Gauge({
    name: 'sentinela_broker_dropped_messages',
    help: "An external Mosquitto's $SYS dropped-message counter (since it started).",
    registers,
    collect() {
      const dropped = sources.brokerHealth?.().sys?.droppedMessages;
      if (dropped !== null && dropped !== undefined) this.set(dropped);
    },
  });
  new Gauge({
    name: 'sentinela_live_clients',
    help: 'Browsers subscribed to the live stream.',
    registers,
    collect() {
      this.set(sources.bus.streamClients);
    },
  });
  new Gauge({
    name: 'sentinela_ingest_points_per_second',
    help: 'Telemetry points accepted per second, over the last sampling interval.',
    registers,
    collect() {
      this.set(monitor.live().pointsPerSecond);
    },
  });
  new Gauge({
    name: 'sentinela_ingest_backlog_points',
    help: 'Points received and not yet committed.',
    registers,
    collect() {
      this.set(sources.ingestStats?.().backlog ?? 0);
    },
  });
  new Gauge({
    name: 'sentinela_ingest_batch_seconds',
    help: 'How long the last committed batch took to write.',
    registers,
    collect() {
      const ms = sources.ingestStats?.().lastBatchMs;
      if (ms !== null && ms !== undefined) this.set(ms / 1000);
    },
  });
  new Gauge({
    name: 'sentinela_ingest_last_point_timestamp_seconds',
    help: 'When the last telemetry point was accepted (Unix time).',
    registers,
    collect() {
      const at = sources.ingestStats?.().lastPointAt;
      if (at) this.set(at.getTime() / 1000);
    },
  });
  followingCounter(
    'sentinela_ingest_points_total',
    'Telemetry points accepted.',
    () => sources.ingestStats?.().points ?? null,
  );
  followingCounter(
    'sentinela_ingest_messages_total',
    'Telemetry messages received.',
    () => sources.ingestStats?.().messages ?? null,
  );
  followingCounter(
    'sentinela_ingest_written_points_total',
    'Telemetry points in committed batches.',
    () => sources.ingestStats?.().written ?? null,
  );
  // The live relay between instances (PostgreSQL; absent on PGlite: no series at all).
  const relay = () => sources.relayStats?.() ?? null;
  for (const [name, help, total] of [
    [
      'sentinela_relay_notifications_sent_total',
      'NOTIFY payloads with live events sent to the other instances.',
      'sent',
    ],
    ['sentinela_relay_events_sent_total', 'Live events sent to the other instances (after coalescing).', 'eventsSent'],
    [
      'sentinela_relay_coalesced_total',
      'Live events merged into a waiting one of the same device before sending.',
      'coalesced',
    ],
    [
      'sentinela_relay_notifications_received_total',
      'NOTIFY payloads with live events heard from other instances.',
      'notificationsReceived',
    ],
    ['sentinela_relay_events_received_total', 'Live events heard from other instances.', 'received'],
    ['sentinela_relay_dropped_total', 'Live events not sent (too large, a failed NOTIFY, a full buffer).', 'dropped'],
    ['sentinela_relay_relistens_total', 'Times the LISTEN connection was set up again.', 'relistens'],
  ] as const) {
    followingCounter(name, help, () => relay()?.[total] ?? null);
  }
  new Gauge({
    name: 'sentinela_relay_peers',
    help: 'Other instances heard from lately on the live relay.',
    registers,
    collect() {
      const stats = relay();
      if (stats) this.set(stats.peers);
    },
  });
  let rejectedSeen: Record<string, number> = {};
  new Counter({
    name: 'sentinela_ingest_rejected_total',
    help: 'Telemetry messages refused, by reason.',
    labelNames: ['reason'],
    registers,
    collect() {
      const dropped = sources.ingestStats?.().dropped;
      if (!dropped) return;
      for (const [reason, value] of Object.entries(dropped)) {
        const seen = rejectedSeen[reason] ?? 0;
        if (value > seen) this.inc({ reason }, value - seen);
        else this.inc({ reason }, 0);
      }
      rejectedSeen = { ...dropped };
    },
  });
  return registry;
}
