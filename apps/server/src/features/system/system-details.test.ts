import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { equipment, facilities } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { BrokerHealth } from '@sentinela/shared/system';
import type { IngestStats } from '../../telemetry/ingest';
import type { LiveRelayStats } from '../../telemetry/live-relay';
import { startTestServer, type TestServer } from '../../../test/test-server';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(testDatabaseKinds())('System Health on %s', (kind) => {
  let server: TestServer;
  const stats: IngestStats = {
    messages: 10,
    points: 40,
    written: 36,
    batches: 2,
    dropped: {
      tooLarge: 0,
      malformed: 1,
      invalid: 2,
      badTimestamp: 0,
      unknownEquipment: 3,
      wrongSite: 0,
      badTopic: 0,
    },
    lastBatchAt: new Date('2026-03-02T11:59:59Z'),
    lastBatchMs: 4.2,
    backlog: 4,
    lastPointAt: new Date('2026-03-02T12:00:00Z'),
    lastDerivedAt: null,
  };
  let broker: BrokerHealth = { kind: 'embedded', connected: true, refusals: { aclDenied: 2 } };
  /** The live relay's counters (a second instance on the database); null: none, as on PGlite. */
  let relay: LiveRelayStats | null = null;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      brokerHealth: () => broker,
      ingestStats: () => stats,
      relayStats: () => relay,
      metricsToken: TOKEN,
      addresses: { database: '/var/lib/sentinela', broker: 'embedded, mqtt://0.0.0.0:1883' },
    });
    const [site] = await server.database.db
      .insert(facilities)
      .values({ code: 'cps', name: 'Campinas', city: 'Campinas', timezone: 'America/Sao_Paulo' })
      .returning();
    await server.database.db.insert(equipment).values([
      { id: 'm-1', facilityId: site!.id, kind: 'motor', name: 'Motor 1', lastSeenAt: server.clock.now() },
      { id: 'm-2', facilityId: site!.id, kind: 'motor', name: 'Motor 2', lastSeenAt: null },
    ]);
    await server.database.db.insert(jobRuns).values([
      {
        name: 'telemetry.rollups',
        lastStartedAt: new Date('2026-03-02T11:59:00Z'),
        lastFinishedAt: new Date('2026-03-02T11:59:01Z'),
        lastDurationMs: 850,
        lastOutcome: 'ok',
        runCount: 7,
      },
      {
        name: 'maintenance.plans',
        lastStartedAt: new Date('2026-03-02T11:00:00Z'),
        lastFinishedAt: new Date('2026-03-02T11:00:02Z'),
        lastDurationMs: 2000,
        lastOutcome: 'error',
        lastError: 'connection reset',
        runCount: 3,
      },
    ]);
  });
  afterAll(() => server.close());

  describe('system.details', () => {
    it('refuses an anonymous caller', async () => {
      await expect(server.client().trpc.system.details.query()).rejects.toMatchObject({
        data: { code: 'UNAUTHORIZED' },
      });
    });

    it('shows a viewer every area, without version, database kind, addresses or job errors', async () => {
      const viewer = await server.enrolledClient('vera@example.com', 'viewer');
      const details = await viewer.trpc.system.details.query();
      expect(details.status).toBe('ok');
      expect(details.database).toMatchObject({ reachable: true, migrationsApplied: expect.any(Number) });
      expect(details.database.migrationsApplied).toBe(details.database.migrationsShipped);
      expect(details.database.sizeBytes).toBeGreaterThan(0);
      expect(details.database.kind).toBeUndefined();
      expect(details.database.address).toBeUndefined();
      expect(details.process.version).toBeUndefined();
      expect(details.process.rssBytes).toBeGreaterThan(0);
      expect(details.broker).toMatchObject({ kind: 'embedded', connected: true, refusals: { aclDenied: 2 } });
      expect(details.broker.address).toBeUndefined();
      expect(details.ingest).toMatchObject({
        batchMs: 4.2,
        backlog: 4,
        pointsTotal: 40,
        rejected: { malformed: 1, invalid: 2, unknownEquipment: 3 },
        lastPointAt: new Date('2026-03-02T12:00:00Z'),
      });
      expect(details.jobs.map((j) => [j.name, j.outcome])).toEqual([
        ['maintenance.plans', 'error'],
        ['telemetry.rollups', 'ok'],
      ]);
      expect(details.jobs[0]?.lastError).toBeUndefined();
      expect(details.silentDevices).toEqual([
        { facilityId: expect.any(String), facilityName: 'Campinas', count: 1, total: 2 },
      ]);
      expect(details.live.clients).toBe(0);
    });

    it('shows an administrator the version, database kind, addresses and the last job error', async () => {
      const admin = await server.enrolledClient('ana@example.com', 'admin');
      const details = await admin.trpc.system.details.query();
      expect(details.process.version).toEqual(expect.any(String));
      expect(details.database).toMatchObject({ kind, address: '/var/lib/sentinela' });
      expect(details.broker.address).toBe('embedded, mqtt://0.0.0.0:1883');
      expect(details.jobs[0]?.lastError).toBe('connection reset');
    });

    it("shows the live relay's counters when there is a relay (several instances), and none without", async () => {
      const viewer = await server.enrolledClient('rita@example.com', 'viewer');
      expect((await viewer.trpc.system.details.query()).live.relay).toBeNull();
      const lastPeerAt = new Date('2026-03-02T11:59:58Z');
      relay = {
        sent: 120,
        eventsSent: 4500,
        batches: 90,
        coalesced: 300,
        notificationsReceived: 110,
        received: 4000,
        dropped: 2,
        oversized: 1,
        relistens: 1,
        peers: 1,
        lastPeerAt,
      };
      expect((await viewer.trpc.system.details.query()).live.relay).toEqual({
        notificationsSent: 120,
        eventsSent: 4500,
        batches: 90,
        coalesced: 300,
        notificationsReceived: 110,
        eventsReceived: 4000,
        dropped: 2,
        oversized: 1,
        relistens: 1,
        peers: 1,
        lastPeerAt,
      });
      const metrics = await (
        await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      for (const line of [
        'sentinela_relay_notifications_sent_total 120',
        'sentinela_relay_events_sent_total 4500',
        'sentinela_relay_events_received_total 4000',
        'sentinela_relay_dropped_total 2',
        'sentinela_relay_peers 1',
      ]) {
        expect(metrics).toContain(line);
      }
      relay = null;
    });

    it('turns the ingest counters into a rate once sampled', async () => {
      const operator = await server.enrolledClient('otto@example.com', 'operator');
      await new Promise((r) => setTimeout(r, 1100));
      stats.points += 110;
      const details = await operator.trpc.system.details.query();
      expect(details.ingest.pointsPerSecond).toBeGreaterThan(0);
    });
  });

  describe('probes', () => {
    it('GET /healthz answers 200 without touching the database', async () => {
      const response = await fetch(`${server.base}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz answers 200, and 503 when the broker is down', async () => {
      expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
      broker = { kind: 'external', connected: false };
      try {
        const response = await fetch(`${server.base}/readyz`);
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ status: 'unavailable', database: true, broker: false });
      } finally {
        broker = { kind: 'embedded', connected: true, refusals: { aclDenied: 2 } };
      }
    });

    it('GET /metrics is 404 without the token or with a wrong one', async () => {
      expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
      const wrong = await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(404);
      const almost = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(almost.status).toBe(404);
    });

    it('GET /metrics with the token answers the Prometheus text', async () => {
      const response = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      for (const name of [
        'sentinela_up 1',
        'sentinela_database_up 1',
        'sentinela_broker_connected 1',
        'sentinela_ingest_points_total',
        'sentinela_ingest_rejected_total{reason="unknownEquipment"} 3',
        'sentinela_ingest_backlog_points 4',
        'sentinela_live_clients 0',
        'sentinela_event_loop_lag_seconds',
        'sentinela_process_resident_memory_bytes',
      ]) {
        expect(text).toContain(name);
      }
    });
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers 404 whatever the header', async () => {
    expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.base}/metrics`, { headers: { authorization: 'Bearer ' } })).status).toBe(404);
  });

  it('still answers /healthz and /readyz', async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
  });
});

describe('GET /readyz with the database gone', () => {
  it('answers 503', async () => {
    const server = await startTestServer('pglite');
    try {
      await server.database.close();
      const response = await fetch(`${server.base}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ database: false });
    } finally {
      await server.app.close();
    }
  });
});
