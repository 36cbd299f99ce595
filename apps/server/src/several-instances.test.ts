import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
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
import { watch, type Watch } from '../test/stream-client';
import { buildMosquittoFiles } from './features/device-credentials/mosquitto-files';
import { SYSTEM_ACTOR } from './platform/audit';
import { hashDeviceSecret, newDeviceSecret } from './platform/device-secret';

// Issue 19, first part (ADR 038): two portal processes (src/main.ts, as `npm start` runs it) started
// together on one fresh, empty PostgreSQL database and a private Mosquitto with the shipped
// configuration. Both come up (migrations and the demo site once), a session made on A works on B,
// each has MQTT client ids of its own (none kicks the other off the broker), one plays the virtual
// plant, and the other takes it over within 30 s of a kill -9. Later parts: live events and
// alerts from one instance reach the live streams (SSE) of the other through PostgreSQL
// LISTEN/NOTIFY, also after the LISTEN connections are cut, and a sign-out on one ends the
// other's open streams within seconds; each threshold alert is raised once; a motor command sent
// through A is confirmed by the device, in A's answer and on B's stream; a light schedule runs
// once across the two, and after the kill -9 the survivor runs the schedules due at and after it,
// once each.
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

/** The cookie jar callRaw takes, from a `name=value` cookie. */
const jar = (cookie: string) => {
  const at = cookie.indexOf('=');
  return new Map([[cookie.slice(0, at), cookie.slice(at + 1)]]);
};

/** 'HH:MM' of an instant on a zone's wall clock. */
const wallTime = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** A light schedule of the test's own: the lights of its room, and when it was written. */
interface Schedule {
  id: string;
  lights: string[];
  since: Date;
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
  let firstSchedule: Schedule;

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
    // Written now, checked by its test later: the scheduler's ticks come every 15 s meanwhile.
    firstSchedule = await dueSchedule();
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
   * The probe metrics a round's points go in, one after the other: metrics of their own (the
   * virtual plant plays the probes too once it follows the registry), and four of them because the
   * live streams merge what comes within 250 ms per device and a later value of a metric replaces
   * one. A stream late by more than the spacing (a loaded machine) merges two points into one
   * event, and with a metric each both values are still in it.
   */
  const PROBE_METRICS = ['probe0', 'probe1', 'probe2', 'probe3'];
  const probeValues = (event: LiveEvent) =>
    event.type === 'telemetry' ? PROBE_METRICS.map((name) => event.metrics[name]).filter((v) => v !== undefined) : [];
  /** The event of a stream that carried the probe's point `value` (undefined: not yet). */
  const eventWith = (w: Watch, equipmentId: string, value: number) =>
    w.seen.find(
      ({ event }) =>
        event.type === 'telemetry' && event.equipmentId === equipmentId && probeValues(event).includes(value),
    );
  /** When a stream delivered the probe's point carrying `value` (undefined: not yet). */
  const arrival = (w: Watch, equipmentId: string, value: number) => eventWith(w, equipmentId, value)?.at;

  /**
   * Points of one probe, `spacingMs` apart (well past the streams' 250-ms throttle), each in the
   * next of PROBE_METRICS, so that a point a loaded machine holds back until the next arrives is
   * merged beside it, not replaced by it (as a stream should merge), watched on both
   * instances' live streams. The shared subscription hands each point to one instance's ingest:
   * its stream has it first (in process), the other's through NOTIFY. Answers, per direction,
   * how much later the other stream had it, and publish-to-second-stream times.
   */
  async function crossRound(equipmentId: string, count: number, base: number, spacingMs = 600) {
    const { site, device } = await probes();
    // An address of this attempt's own: a retried test must not meet the account of the first try.
    const viewer = await enroll(a.server.base, `ao-vivo-${base}-${randomUUID().slice(0, 8)}@example.com`);
    const onA = await watch(a.server.base, viewer, { live: { equipmentIds: [equipmentId] } });
    const onB = await watch(b.server.base, viewer, { live: { equipmentIds: [equipmentId] } });
    try {
      const rounds: { value: number; sentAt: number }[] = [];
      for (let i = 1; i <= count; i++) {
        const value = base + i / 100;
        rounds.push({ value, sentAt: Date.now() });
        await send(device, site, equipmentId, { [PROBE_METRICS[i % PROBE_METRICS.length]!]: value });
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
          w.seen.map(({ event }) => (event.type === 'telemetry' ? probeValues(event).join('+') : event.type)).join(' ');
        throw new Error(
          `${String(error)}; sent ${rounds.map((r) => r.value).join(' ')}; on A: ${values(onA)}; on B: ${values(onB)}`,
        );
      });
      // Once each, not twice (a listen renewed next to the driver's own would deliver twice).
      const times = (w: Watch, value: number) =>
        w.seen.filter(({ event }) => probeValues(event).includes(value)).length;
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
          const later = eventWith(atA <= atB ? onB : onA, equipmentId, value)!.event as Extract<
            LiveEvent,
            { type: 'telemetry' }
          >;
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

  const scheduledRooms = new Set<string>();
  /**
   * A light schedule of the test's own, due now: its switch-on moment is this minute on its
   * facility's wall clock (written in SQL, as if made an hour ago: a schedule edited after its
   * moment waits for the next one), in a room with lights (the fewest) that no other schedule switches.
   */
  async function dueSchedule(): Promise<Schedule> {
    const rooms = await sql`select r.id, f.timezone from rooms r join facilities f on f.id = r.facility_id
                            where exists (select 1 from equipment e where e.room_id = r.id and e.kind = 'light'
                                          and e.retired_at is null)
                            order by (select count(*) from equipment e where e.room_id = r.id), r.id`;
    const room = rooms.find((r) => !scheduledRooms.has(r.id as string));
    expect(room).toBeDefined();
    const roomId = room!.id as string;
    scheduledRooms.add(roomId);
    await sql`update light_schedules set enabled = false where room_id = ${roomId}`;
    const lights = (
      await sql`select id from equipment where room_id = ${roomId} and kind = 'light' and retired_at is null`
    ).map((l) => l.id as string);
    const since = new Date();
    const onTime = wallTime(since, room!.timezone as string);
    const offTime = `${String((Number(onTime.slice(0, 2)) + 12) % 24).padStart(2, '0')}${onTime.slice(2)}`;
    const [row] = await sql`insert into light_schedules (room_id, on_time, off_time, days, brightness, updated_at)
                            values (${roomId}, ${onTime}, ${offTime}, ${sql.json([0, 1, 2, 3, 4, 5, 6])}, 80,
                                    now() - interval '1 hour')
                            returning id`;
    return { id: row!.id as string, lights, since };
  }

  /** A schedule's switch-on runs so far: audit entries and the commands sent to its lights. */
  async function runsOf(schedule: Schedule) {
    const audits = await sql`select at, details from audit_log
                             where target = ${schedule.id} and action = 'lights.schedule.on' order by at`;
    const [sent] = await sql`select count(*)::int as n, count(distinct equipment_id)::int as lights,
                                    min(requested_at) as first
                             from commands
                             where equipment_id in ${sql(schedule.lights)} and action = 'setLight'
                               and requested_by = ${SYSTEM_ACTOR.id} and requested_at >= ${schedule.since}`;
    const details = audits[0]?.details as { total: number; skipped: unknown[] } | undefined;
    return {
      audited: audits.length,
      /** When it began: its first command (the audit entry comes once every light answered). */
      startedAt: (sent!.first as Date | null) ?? (audits[0]?.at as Date | undefined) ?? null,
      commands: sent!.n as number,
      /** Lights that had a command (none twice: as many as commands). */
      lights: sent!.lights as number,
      /** Commands the run's audit entry says it sent: its lights less those skipped (in maintenance or error). */
      expected: details ? details.total - details.skipped.length : NaN,
    };
  }

  /** Which instances logged carrying out the schedule. */
  const carriedOutBy = (scheduleId: string) =>
    [a, b].filter((i) =>
      i.lines.some((line) => line.includes('light schedule carried out') && line.includes(scheduleId)),
    );

  let scheduleRunner: Instance | undefined;

  it('a motor command sent through A is confirmed by the device, in A’s answer and on B’s live stream', async () => {
    const [motor] = await sql`select id from equipment where kind = 'motor' and status = 'online'
                              and retired_at is null and id not like 'probe-%' order by id limit 1`;
    const motorId = motor!.id as string;
    const operator = await enroll(
      a.server.base,
      'motores@example.com',
      () => sql`update users set role = 'operator' where email = 'motores@example.com'`,
    );
    const onB = await watch(b.server.base, operator, { live: { equipmentIds: [motorId] } });
    try {
      const began = Date.now();
      const answer = await callRaw(a.server.base, jar(operator), 'mutation', 'motors.setPower', {
        value: { id: motorId, on: false },
      });
      const answeredMs = Date.now() - began;
      expect(answer.status).toBe(200);
      const result = superjson.deserialize<{ commandId: string; status: string }>(
        (JSON.parse(answer.body) as { result: { data: Parameters<typeof superjson.deserialize>[0] } }).result.data,
      );
      // Confirmed by the device: the virtual plant, on whichever instance plays it, answered on the broker.
      expect(result.status).toBe('confirmed');
      await until(
        () =>
          onB.seen.some(
            ({ event }) =>
              event.type === 'command' && event.commandId === result.commandId && event.status === 'confirmed',
          ),
        'the confirmation on B’s live stream',
        10_000,
      );
      const onBMs = Date.now() - began;
      const rows = await sql`select status from commands where id = ${result.commandId}`;
      expect(rows.map((r) => r.status as string)).toEqual(['confirmed']);
      const plant = [a, b].find((i) => said(i, 'virtual plant: running on this instance'))?.id ?? 'unknown';
      console.info(
        `motor command through A confirmed in ${answeredMs} ms (plant on ${plant}); on B's stream by ${onBMs} ms`,
      );
    } finally {
      onB.stop();
    }
  }, 60_000);

  it('one threshold crossing sent to both ingests raises one alert, not two', async () => {
    const { site, device } = await probes();
    const since = new Date(Date.now() - 1000);
    // The same crossing reading six times at once: the broker hands the copies round the shared
    // group, so both instances' ingests have it and both engines judge it (the alert of a source
    // on a device is one while open: the second engine's insert finds it).
    await Promise.all(Array.from({ length: 6 }, () => send(device, site, 'probe-5', { vibration: 12 })));
    const raised = () =>
      sql`select id, source from alerts where equipment_id = 'probe-5' and raised_at >= ${since} and source <> 'test'`;
    await until(async () => (await raised()).length > 0, 'the vibration alert', 15_000);
    // Both engines had the copies within milliseconds; give a slow one a moment more.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await raised()).map((r) => r.source as string)).toHaveLength(1);
  }, 30_000);

  it('a light schedule due now runs once across the two instances, not twice', async () => {
    const schedule = firstSchedule;
    // Both instances' timers run lights.schedules every 15 s; the first to claim the tick carries it out.
    await until(async () => (await runsOf(schedule)).audited > 0, 'the schedule carried out', 45_000);
    const { startedAt: firstAt } = await runsOf(schedule);
    // A later tick of the job (the other instance tried meanwhile: its timer, or its retry when
    // the tick fell due), so a second run would have happened by now.
    const lastTick = async () =>
      (await sql`select last_started_at from job_runs where name = 'lights.schedules'`)[0]?.last_started_at as Date;
    await until(
      async () => (await lastTick()).getTime() > firstAt!.getTime() + 1000,
      'a later tick of lights.schedules',
      45_000,
    );
    const runs = await runsOf(schedule);
    expect(runs.audited).toBe(1);
    expect(runs.commands).toBe(runs.expected);
    expect(runs.lights).toBe(runs.commands);
    const [row] = await sql`select last_on_at from light_schedules where id = ${schedule.id}`;
    expect(row!.last_on_at).not.toBeNull();
    const by = carriedOutBy(schedule.id);
    expect(by).toHaveLength(1);
    scheduleRunner = by[0];
    console.info(
      `light schedule carried out once, by ${scheduleRunner!.id}, ${firstAt!.getTime() - schedule.since.getTime()} ms ` +
        `after it was written (${schedule.lights.length} lights)`,
    );
  }, 120_000);

  let killed:
    | {
        at: number;
        victim: Instance;
        survivor: Instance;
        dueAtKill: Schedule;
        /** The last tick of lights.schedules before the kill (by either instance). */
        lastTick: Date;
      }
    | undefined;

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

    // A light schedule that falls due as the holder dies: it must run once, on the survivor.
    const dueAtKill = await dueSchedule();
    const [tick] = await sql`select last_started_at from job_runs where name = 'lights.schedules'`;
    const killedAt = Date.now();
    await holder.server.kill9();
    killed = { at: killedAt, victim: holder, survivor: other, dueAtKill, lastTick: tick!.last_started_at as Date };
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

  it('after the kill -9, the survivor runs the scheduled jobs: schedules due at and after the kill run once', async () => {
    expect(killed).toBeDefined();
    const { at, victim, survivor, lastTick } = killed!;
    const atKill = killed!.dueAtKill;
    const afterKill = await dueSchedule();
    await until(
      async () => (await runsOf(atKill)).audited > 0 && (await runsOf(afterKill)).audited > 0,
      'both schedules carried out',
      45_000,
    );
    const [first, second] = [await runsOf(atKill), await runsOf(afterKill)];
    const takeoverMs = first.startedAt!.getTime() - at;
    const afterTickMs = first.startedAt!.getTime() - lastTick.getTime();
    console.info(
      `light schedules after the kill -9 of ${victim.id} (${victim === scheduleRunner ? 'it ran' : 'it did not run'} ` +
        `the light schedules before): the one due at the kill began ${takeoverMs} ms after it ` +
        `(${afterTickMs} ms after the last tick before it), the one due ` +
        `after ${second.startedAt!.getTime() - afterKill.since.getTime()} ms after it was written`,
    );
    // The next tick after the last one before the kill, on time: the survivor's own timer, or its
    // retry 1 s after the victim's next tick fell due (15 s + 1 s), plus a loaded machine's delay:
    // within the 30 s the issue allows. Without the retry it could come up to two intervals after
    // the last tick.
    expect(afterTickMs).toBeLessThan(20_000);
    expect(takeoverMs).toBeLessThan(20_000);
    expect(carriedOutBy(atKill.id)).toEqual([survivor]);
    expect(carriedOutBy(afterKill.id)).toEqual([survivor]);
    // Once each: one audit entry and one command per light (the victim is gone; the survivor's claim of the moment).
    for (const runs of [await runsOf(atKill), await runsOf(afterKill)]) {
      expect(runs.audited).toBe(1);
      expect(runs.commands).toBe(runs.expected);
      expect(runs.lights).toBe(runs.commands);
    }
  }, 120_000);
});
