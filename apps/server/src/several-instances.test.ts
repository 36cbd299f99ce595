import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { freePort } from '../test/free-port';
import { startPrivateMosquitto, until, type PrivateMosquitto } from '../test/private-mosquitto';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { buildMosquittoFiles } from './features/device-credentials/mosquitto-files';
import { hashDeviceSecret, newDeviceSecret } from './platform/device-secret';

// Issue 19, first part (ADR 038): two portal processes (src/main.ts, as `npm start` runs it) started
// together on one fresh, empty PostgreSQL database and a private Mosquitto with the shipped
// configuration. Both come up (migrations and the demo site once), a session made on A works on B,
// each has MQTT client ids of its own (none kicks the other off the broker), one plays the virtual
// plant, and the other takes it over within 30 s of a kill -9.
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

describe.runIf(testDatabaseKinds().includes('postgres'))('two instances on one PostgreSQL and Mosquitto', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  let sql: postgres.Sql;
  let broker: PrivateMosquitto;
  let a: Instance;
  let b: Instance;
  let mosquittoLog: string;

  beforeAll(async () => {
    // An empty database of its own (no template: the instances migrate it), dropped after.
    const database = await createEmptyPostgresDatabase('sentinela_scale');
    cleanup.push(() => database.drop());
    const url = new URL(database.url);
    sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    cleanup.push(() => sql.end());

    const serverPassword = newDeviceSecret();
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
