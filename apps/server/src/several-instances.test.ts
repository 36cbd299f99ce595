import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import mqtt from 'mqtt';
import { generate } from 'otplib';
import postgres from 'postgres';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { freePort } from '../test/free-port';
import { callRaw } from '../test/raw-trpc';
import { startPrivateMosquitto, until, type PrivateMosquitto } from '../test/private-mosquitto';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { buildMosquittoFiles } from './features/device-credentials/mosquitto-files';
import { hashDeviceSecret, newDeviceSecret } from './platform/device-secret';
import type { appRouter } from './trpc/router';

// Issue 19, first part (ADR 038): two portal processes (src/main.ts, as `npm start` runs it) started
// together on one fresh, empty PostgreSQL database and a private Mosquitto with the shipped
// configuration. Both come up (migrations and the demo site once), a session made on A works on B,
// each has MQTT client ids of its own (none kicks the other off the broker), one plays the virtual
// plant, and the other takes it over within 30 s of a kill -9. Later parts: live events and
// alerts from one instance reach the live streams (SSE) of the other through PostgreSQL
// LISTEN/NOTIFY, also after the LISTEN connections are cut, and a sign-out on one ends the
// other's open streams within seconds.
const PASSWORD = 'Turbina#Forte26';
const migrationCount = (
  JSON.parse(readFileSync(new URL('../../../packages/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** One process's log lines, kept whole (the helper keeps only the last 64 KB of output). */
interface Instance {
  id: string;
  server: ServerProcess;
  lines: string[];
}

function follow(id: string, server: ServerProcess): Instance {
  // What it wrote before it was ready (the helper keeps it), then every line from here on.
  const earlier = server.output().split('\n');
  let partial = earlier.pop() ?? '';
  const lines: string[] = earlier;
  server.child.stdout?.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  return { id, server, lines };
}

const said = (instance: Instance, message: string) => instance.lines.some((line) => line.includes(message));

/** Client ids Mosquitto saw connect, by `connection_messages` in its log. */
function connectedClientIds(log: string): string[] {
  return [...log.matchAll(/New client connected from \S+ as (\S+) /g)].map((m) => m[1]!);
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sentinela_session='));

/** A new account signed in on `base` (the first one of the database is its administrator): its session cookie. */
async function register(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/trpc/auth.register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: { name: 'Pessoa Escala', email, password: PASSWORD } }),
  });
  expect(response.status).toBe(200);
  const cookie = sessionCookie(response);
  expect(cookie).toBeDefined();
  return cookie!;
}

/**
 * A new account on `base` with its second factor set up (what the live streams need): its
 * session cookie. `beforeSetup` runs before the first signed-in call (e.g. a role given in SQL).
 */
async function enroll(base: string, email: string, beforeSetup?: () => Promise<unknown>): Promise<string> {
  let cookie = await register(base, email);
  await beforeSetup?.();
  const setup = await fetch(`${base}/api/trpc/auth.setup2FA`, { headers: { cookie } });
  expect(setup.status).toBe(200);
  const { secret } = ((await setup.json()) as { result: { data: { json: { secret: string } } } }).result.data.json;
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const verify = await fetch(`${base}/api/trpc/auth.verify2FA`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ json: { code } }),
  });
  expect(verify.status).toBe(200);
  cookie = sessionCookie(verify) ?? cookie;
  return cookie;
}

/** What one live stream (SSE) delivered, each event with when it arrived here. */
interface Watch {
  seen: { at: number; event: LiveEvent }[];
  /** Settles with the tRPC error code the stream ended with ('complete' when it just ended). */
  ended: Promise<string>;
  stop(): void;
}

/** Opens live.events or alerts.live on `base` with `cookie` (tRPC's own client over eventsource); resolves once it runs. */
async function watch(
  base: string,
  cookie: string,
  which: { live: { equipmentIds?: string[] } } | 'alerts',
): Promise<Watch> {
  const client = createTRPCClient<typeof appRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input, init) =>
              fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
          }),
        }),
        false: httpLink({ url: `${base}/api/trpc`, transformer: superjson }),
      }),
    ],
  });
  const seen: Watch['seen'] = [];
  let settle: (code: string) => void = () => {};
  const ended = new Promise<string>((resolve) => (settle = resolve));
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  const handlers = {
    onStarted: () => started(),
    onData: (data: { events: LiveEvent[] }) => {
      const at = Date.now();
      for (const event of data.events) seen.push({ at, event });
    },
    onError: (error: unknown) => settle(error instanceof TRPCClientError ? String(error.data?.code) : 'other'),
    onComplete: () => settle('complete'),
  };
  const subscription =
    which === 'alerts'
      ? client.alerts.live.subscribe(undefined, handlers)
      : client.live.events.subscribe(which.live, handlers);
  await Promise.race([
    ready,
    ended.then((code) => {
      throw new Error(`the stream ended at once: ${code}`);
    }),
  ]);
  return { seen, ended, stop: () => subscription.unsubscribe() };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

describe.runIf(testDatabaseKinds().includes('postgres'))('two instances on one PostgreSQL and Mosquitto', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  let sql: postgres.Sql;
  let broker: PrivateMosquitto;
  let a: Instance;
  let b: Instance;
  let mosquittoLog: string;
  let serverPassword: string;

  beforeAll(async () => {
    // An empty database of its own (no template: the instances migrate it), dropped after.
    const database = await createEmptyPostgresDatabase('sentinela_scale');
    cleanup.push(() => database.drop());
    const url = new URL(database.url);
    sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    cleanup.push(() => sql.end());

    serverPassword = newDeviceSecret();
    const files = buildMosquittoFiles({
      devices: [],
      credentials: [],
      server: { username: 'sentinela', passwordHash: hashDeviceSecret(serverPassword) },
      now: new Date(),
    });
    const logDir = mkdtempSync(path.join(tmpdir(), 'sentinela-scale-'));
    cleanup.push(() => rmSync(logDir, { recursive: true, force: true }));
    broker = await startPrivateMosquitto(files, { log_dest: `file ${path.join(logDir, 'mosquitto.log')}` });
    cleanup.push(() => broker.stop());

    const common = {
      DATABASE_URL: url.toString(),
      SESSION_SECRET: 'several-instances-test-secret-'.repeat(2),
      MQTT_URL: broker.url,
      MQTT_USERNAME: 'sentinela',
      MQTT_PASSWORD: serverPassword,
      DEMO_DATA: 'on',
      SIMULATOR: 'on',
      SIMULATOR_INTERVAL_MS: '1000',
      SIMULATOR_FAULTS: 'off',
      LOG_LEVEL: 'info',
      // The tests register several accounts from 127.0.0.1 (default: 5 per 10 minutes).
      REGISTRATIONS_PER_ADDRESS: '50',
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const start = (id: string, port: number) =>
      startServerProcess(
        port,
        { ...common, INSTANCE_ID: id, DATA_DIR: mkdtempSync(path.join(logDir, `${id}-`)) },
        150_000,
      ).then((server) => {
        cleanup.push(() => server.kill9());
        return follow(id, server);
      });
    // Started together, on an empty database.
    [a, b] = await Promise.all([start('scale-a', portA), start('scale-b', portB)]);
    mosquittoLog = path.join(logDir, 'mosquitto.log');
  }, 240_000);

  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('both come up; the migrations ran once and the demo site was created once', async () => {
    const [migrations] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(migrations?.n).toBe(migrationCount);
    const [facilities] = await sql`select count(*)::int as n, count(distinct name)::int as names from facilities`;
    expect(facilities?.n).toBeGreaterThan(0);
    expect(facilities?.names).toBe(facilities?.n);
    expect([a, b].filter((instance) => said(instance, 'demo site created'))).toHaveLength(1);
  });

  it('a session made on A is signed in on B', async () => {
    const register = await fetch(`${a.server.base}/api/trpc/auth.register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { name: 'Pessoa Escala', email: 'escala@example.com', password: PASSWORD } }),
    });
    expect(register.status).toBe(200);
    const cookie = register.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('sentinela_session='));
    expect(cookie).toBeDefined();
    const me = await fetch(`${b.server.base}/api/trpc/auth.me`, { headers: { cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { result: { data: { json: { email: string } } } }).result.data.json.email).toBe(
      'escala@example.com',
    );
  });

  it('each has MQTT client ids of its own, and none was kicked off the broker', async () => {
    const logFile = mosquittoLog;
    await until(() => {
      const ids = connectedClientIds(readFileSync(logFile, 'utf8'));
      return ['scale-a', 'scale-b'].every((id) => ids.includes(`sentinela-ingest-${id}-11`));
    }, 'both ingests connected');
    const log = readFileSync(logFile, 'utf8');
    const ids = connectedClientIds(log);
    const ofA = ids.filter((id) => id.includes('scale-a'));
    const ofB = ids.filter((id) => id.includes('scale-b'));
    expect(ofA).toEqual(expect.arrayContaining(['sentinela-ingest-scale-a-0', 'sentinela-commands-scale-a']));
    expect(ofB).toEqual(expect.arrayContaining(['sentinela-ingest-scale-b-0', 'sentinela-commands-scale-b']));
    expect(ofA.some((id) => ofB.includes(id))).toBe(false);
    // Mosquitto's line when a second client takes a connected client's id.
    expect(log).not.toMatch(/already connected, closing old connection/);
  });

  const PROBES = 12;
  let probeSetup: Promise<{ site: string; ids: string[]; device: mqtt.MqttClient }> | undefined;
  /**
   * Probe motors of the test's own, added to the registry behind the instances' backs (so the
   * virtual plant, which read it at start, does not play them), and an MQTT client that speaks
   * for them. Both ingests know them once they read the registry again: on a point of unknown
   * equipment, at most every 10 s.
   */
  const probes = () =>
    (probeSetup ??= (async () => {
      const [facility] = await sql`select id, code from facilities order by code limit 1`;
      const ids = Array.from({ length: PROBES }, (_, i) => `probe-${i}`);
      for (const id of ids) {
        await sql`insert into equipment (id, name, kind, status, facility_id)
                  values (${id}, ${`Sonda ${id}`}, 'motor', 'online', ${facility!.id as string})`;
      }
      const device = await mqtt.connectAsync(broker.url, {
        username: 'sentinela',
        password: serverPassword,
        clientId: 'scale-test-probes',
        reconnectPeriod: 0,
      });
      cleanup.push(() => device.endAsync());
      await new Promise((r) => setTimeout(r, 10_500));
      return { site: facility!.code as string, ids, device };
    })());
  const send = (device: mqtt.MqttClient, site: string, id: string, metrics: Record<string, number>) =>
    device.publishAsync(`sentinela/${site}/${id}/telemetry`, JSON.stringify({ ts: Date.now(), metrics }), { qos: 1 });

  /**
   * When a stream delivered the probe's point carrying `value` (undefined: not yet). A metric of
   * its own: the virtual plant plays the probes too once it follows the registry, and the live
   * streams merge what comes within 250 ms per device (a later value of a metric replaces one).
   */
  const arrival = (w: Watch, equipmentId: string, value: number) =>
    w.seen.find(
      ({ event }) => event.type === 'telemetry' && event.equipmentId === equipmentId && event.metrics.probe === value,
    )?.at;

  /**
   * Points of one probe, `spacingMs` apart (past the streams' 250-ms throttle), watched on both
   * instances' live streams. The shared subscription hands each point to one instance's ingest:
   * its stream has it first (in process), the other's through NOTIFY. Answers, per direction,
   * how much later the other stream had it, and publish-to-second-stream times.
   */
  async function crossRound(equipmentId: string, count: number, base: number, spacingMs = 400) {
    const { site, device } = await probes();
    const viewer = await enroll(a.server.base, `ao-vivo-${base}@example.com`);
    const onA = await watch(a.server.base, viewer, { live: { equipmentIds: [equipmentId] } });
    const onB = await watch(b.server.base, viewer, { live: { equipmentIds: [equipmentId] } });
    try {
      const rounds: { value: number; sentAt: number }[] = [];
      for (let i = 1; i <= count; i++) {
        const value = base + i / 100;
        rounds.push({ value, sentAt: Date.now() });
        await send(device, site, equipmentId, { probe: value });
        await new Promise((r) => setTimeout(r, spacingMs));
      }
      await until(
        () =>
          rounds.every(
            ({ value }) =>
              arrival(onA, equipmentId, value) !== undefined && arrival(onB, equipmentId, value) !== undefined,
          ),
        'every point on both instances’ streams',
        10_000,
      ).catch((error: unknown) => {
        const values = (w: Watch) =>
          w.seen.map(({ event }) => (event.type === 'telemetry' ? event.metrics.probe : event.type)).join(' ');
        throw new Error(
          `${String(error)}; sent ${rounds.map((r) => r.value).join(' ')}; on A: ${values(onA)}; on B: ${values(onB)}`,
        );
      });
      // Once each, not twice (a listen renewed next to the driver's own would deliver twice).
      const times = (w: Watch, value: number) =>
        w.seen.filter(({ event }) => event.type === 'telemetry' && event.metrics.probe === value).length;
      expect(rounds.map(({ value }) => [times(onA, value), times(onB, value)])).toEqual(rounds.map(() => [1, 1]));
      const crossed = { 'A→B': [] as number[], 'B→A': [] as number[] };
      const endToEnd: number[] = [];
      /** Later by over 100 ms on the second stream, and of those, held there by its throttle (merged with the plant's values). */
      const slow = { count: 0, held: 0 };
      for (const { value, sentAt } of rounds) {
        const atA = arrival(onA, equipmentId, value)!;
        const atB = arrival(onB, equipmentId, value)!;
        crossed[atA <= atB ? 'A→B' : 'B→A'].push(Math.abs(atB - atA));
        endToEnd.push(Math.max(atA, atB) - sentAt);
        if (Math.abs(atB - atA) > 100) {
          slow.count++;
          const later = (atA <= atB ? onB : onA).seen.find(
            ({ event }) => event.type === 'telemetry' && event.metrics.probe === value,
          )!.event as Extract<LiveEvent, { type: 'telemetry' }>;
          if (Object.keys(later.metrics).length > 1) slow.held++;
        }
      }
      return { crossed, endToEnd, slow };
    } finally {
      onA.stop();
      onB.stop();
    }
  }

  it("live events from one instance's ingest reach the other's live stream (A→B latency)", async () => {
    const { ids } = await probes();
    const { crossed, endToEnd, slow } = await crossRound(ids[0]!, 40, 40);
    const figures = (values: number[]) =>
      `n=${values.length} p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, max ${Math.max(...values)} ms`;
    console.info(
      `live latency across instances (stream of the ingesting instance → stream of the other): ` +
        `A→B ${figures(crossed['A→B'])}; B→A ${figures(crossed['B→A'])}; ` +
        `MQTT publish → second stream ${figures(endToEnd)}; ${slow.count} over 100 ms, ${slow.held} of them ` +
        `held by the second stream's 250-ms throttle (the plant plays the probe too); load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );
    // Every point reached both streams (crossRound waits for it): each was ingested by one
    // instance only, so the other's stream had it through NOTIFY. Which way depends on the
    // broker's share of the group (Mosquitto hands them round in turn, among the plant's points).
    expect(crossed['A→B'].length + crossed['B→A'].length).toBe(40);
    expect(percentile([...crossed['A→B'], ...crossed['B→A']], 95)).toBeLessThan(1000);
  }, 120_000);

  it('an alert raised on one instance reaches the alert stream on the other (and each alert is raised once)', async () => {
    const { site, ids, device } = await probes();
    const viewer = await enroll(b.server.base, 'alertas@example.com');
    const onA = await watch(a.server.base, viewer, 'alerts');
    const onB = await watch(b.server.base, viewer, 'alerts');
    try {
      // One reading above the critical threshold (95) per probe, each to whichever ingest gets it;
      // spaced, so that the plant's points come between and the broker's turn moves on.
      for (const id of ids) {
        await send(device, site, id, { temperature: 99 });
        await new Promise((r) => setTimeout(r, 150));
      }
      const raised = (w: Watch) => {
        const first = new Map<string, number>();
        for (const { at, event } of w.seen) {
          if (event.type !== 'alert' || event.status !== 'active' || !ids.includes(event.equipmentId ?? '')) continue;
          if (event.messageKey !== 'threshold.above' || first.has(event.alertId)) continue;
          first.set(event.alertId, at);
        }
        return first;
      };
      await until(
        () => raised(onA).size === ids.length && raised(onB).size === ids.length,
        'every probe’s alert on both streams',
        20_000,
      );
      const rows =
        await sql`select id from alerts where equipment_id like 'probe-%' and source = 'threshold:temperature'`;
      expect(rows).toHaveLength(ids.length);
      expect([...raised(onB).keys()].sort()).toEqual(rows.map((r) => r.id as string).sort());
      const onAFirst: number[] = [];
      const onBFirst: number[] = [];
      for (const [alertId, atA] of raised(onA)) {
        const atB = raised(onB).get(alertId)!;
        (atA <= atB ? onAFirst : onBFirst).push(Math.abs(atB - atA));
      }
      console.info(
        `alerts: ${onAFirst.length} raised on A (on B's stream p95 ${percentile(onAFirst, 95)} ms later), ` +
          `${onBFirst.length} on B (on A's p95 ${percentile(onBFirst, 95)} ms later)`,
      );
      // Each alert reached both streams (waited for above): raised by one engine, relayed to the other.
      expect(onAFirst.length + onBFirst.length).toBe(ids.length);

      // Which engine raised them is the broker's choice; a change made on A is A's for sure: an
      // operator acknowledges an alert there, and B's stream has it.
      const operator = await enroll(
        a.server.base,
        'operador@example.com',
        () => sql`update users set role = 'operator' where email = 'operador@example.com'`,
      );
      // An alert of its own (the engine's clear as the plant plays the probes back to normal).
      const [own] = await sql`insert into alerts (equipment_id, source, severity, message)
                              values ('probe-11', 'test', 'info', 'Alerta de teste') returning id`;
      const alertId = own!.id as string;
      const at = operator.indexOf('=');
      const acknowledged = await callRaw(
        a.server.base,
        new Map([[operator.slice(0, at), operator.slice(at + 1)]]),
        'mutation',
        'alerts.acknowledge',
        { value: { id: alertId, note: 'visto na instância A' } },
      );
      expect(acknowledged.status).toBe(200);
      await until(
        () =>
          onB.seen.some(
            ({ event }) => event.type === 'alert' && event.alertId === alertId && event.status === 'acknowledged',
          ),
        'the acknowledgement made on A on B’s stream',
        10_000,
      );
    } finally {
      onA.stop();
      onB.stop();
    }
  }, 90_000);

  it('live events still cross after the LISTEN connections are cut (the instances listen again)', async () => {
    const { ids } = await probes();
    const listeners = () =>
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`;
    expect(await listeners()).toHaveLength(2);
    const cut = await sql`select pg_terminate_backend(pid) as done from pg_stat_activity
                          where datname = current_database() and query ilike 'listen %'`;
    expect(cut.map((r) => r.done as boolean)).toEqual([true, true]);
    await until(async () => (await listeners()).length === 2, 'both instances listening again', 20_000);
    const { crossed } = await crossRound(ids[1]!, 12, 50);
    expect(crossed['A→B'].length + crossed['B→A'].length).toBe(12);
  }, 90_000);

  it("a sign-out on B ends the session's open streams on A within seconds", async () => {
    const cookie = await enroll(a.server.base, 'saida@example.com');
    const live = await watch(a.server.base, cookie, { live: {} });
    const alerts = await watch(a.server.base, cookie, 'alerts');
    try {
      const at = cookie.indexOf('=');
      const out = await callRaw(
        b.server.base,
        new Map([[cookie.slice(0, at), cookie.slice(at + 1)]]),
        'mutation',
        'auth.logout',
        null,
      );
      expect(out.status).toBe(200);
      const began = Date.now();
      const codes = await Promise.race([
        Promise.all([live.ended, alerts.ended]),
        new Promise<string>((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000)),
      ]);
      const tookMs = Date.now() - began;
      console.info(`A's two streams ended ${tookMs} ms after the sign-out on B`);
      expect(codes).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED']);
      // The 2-s session check of A's open streams, read from the database, plus the way back.
      expect(tookMs).toBeLessThan(5000);
    } finally {
      live.stop();
      alerts.stop();
    }
  }, 30_000);

  it('one instance plays the virtual plant; the other takes it over within 30 s of a kill -9', async () => {
    await until(
      () => [a, b].every((i) => said(i, 'virtual plant: running on') || said(i, 'virtual plant: another instance')),
      'both instances to decide about the virtual plant',
    );
    const holders = [a, b].filter((i) => said(i, 'virtual plant: running on this instance'));
    expect(holders.map((i) => i.id)).toHaveLength(1);
    const holder = holders[0]!;
    const other = holder === a ? b : a;
    expect(said(other, 'virtual plant: another instance runs it')).toBe(true);
    // The plant's points reach the database (through either instance's share of the ingest).
    await until(
      async () => (await sql`select count(*)::int as n from telemetry`)[0]?.n > 0,
      'telemetry from the virtual plant',
    );

    const killedAt = Date.now();
    await holder.server.kill9();
    await until(() => said(other, 'virtual plant: running on this instance'), 'the takeover', 30_000);
    const takeoverMs = Date.now() - killedAt;
    console.info(`virtual plant taken over ${takeoverMs} ms after the kill -9 of ${holder.id}`);
    expect(takeoverMs).toBeLessThan(30_000);
    // And it plays: new points after the kill, stored by the survivor's ingest.
    const since = new Date(killedAt);
    await until(
      async () => (await sql`select count(*)::int as n from telemetry where ts > ${since}`)[0]?.n > 0,
      'telemetry after the takeover',
      20_000,
    );
  }, 90_000);
});
