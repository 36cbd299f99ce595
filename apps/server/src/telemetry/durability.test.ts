import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@sentinela/db/client';
import { deviceCredentials } from '@sentinela/db/schema/plant';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createTestDatabase, pgliteTemplate, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { seedGatewaySite, type GatewaySite } from '../../test/device-credential';
import { freePort } from '../../test/free-port';
import { startPrivateMosquitto } from '../../test/private-mosquitto';
import { buildMosquittoFiles } from '../features/device-credentials/mosquitto-files';
import { hashDeviceSecret, newDeviceSecret } from '../platform/device-secret';
import { FLOOD_METRICS, startFlood } from '../../test/qos1-flood';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

// Issue 10: kill -9 of the server during a QoS 1 flood, then a restart on the same data: every
// point whose PUBACK the publisher received is stored, exactly once (the raw key is
// (equipment, metric, ts) and every message has its own ts, so a duplicate cannot hide). The
// real process (src/main.ts as `npm start` runs it), a real broker, three rounds each.
const ROUNDS = 3;
const FLOOD_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stored rows per (equipment, ts in ms) of the site's devices. */
async function storedRows(db: Database, site: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ equipment_id: string; ms: string | number; n: number }>(
    await db.execute(sql`
      select equipment_id, (extract(epoch from ts) * 1000)::bigint as ms, count(*)::int as n
      from telemetry where equipment_id like ${`${site}-%`} group by 1, 2`),
  );
  return new Map(rows.map((r) => [`${r.equipment_id}@${Number(r.ms)}`, r.n]));
}

interface Verdict {
  acknowledged: number;
  /** Acknowledged messages with no row, or fewer rows than metrics. */
  lost: number;
  examples: string[];
  /** (equipment, ts) with more rows than a message has metrics: cannot happen unless doubled. */
  doubled: number;
}

function verdict(acknowledged: Map<string, number[]>, stored: Map<string, number>): Verdict {
  let count = 0;
  let lost = 0;
  const examples: string[] = [];
  for (const [device, stamps] of acknowledged) {
    for (const ts of stamps) {
      count++;
      if ((stored.get(`${device}@${ts}`) ?? 0) !== FLOOD_METRICS.length) {
        lost++;
        if (examples.length < 5) examples.push(`${device}@${new Date(ts).toISOString()}`);
      }
    }
  }
  const doubled = [...stored.values()].filter((n) => n > FLOOD_METRICS.length).length;
  return { acknowledged: count, lost, examples, doubled };
}

function merge(into: Map<string, number[]>, from: Map<string, number[]>): void {
  for (const [device, stamps] of from) {
    const list = into.get(device) ?? [];
    for (const ts of stamps) list.push(ts);
    into.set(device, list);
  }
}

/** Message timestamps of round r: an hour and more ago, 1,000 s apart per round, all distinct. */
const firstTsOf = (base: number, round: number) => base + round * 1_000_000;

describe('kill -9 during a QoS 1 flood', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  // Once per run: CI's second pass on PostgreSQL only (TEST_DATABASES=postgres) skips it.
  it.runIf(testDatabaseKinds().includes('pglite'))(
    'embedded broker and PGlite: every acknowledged point is stored exactly once (three rounds)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-durability-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const pgliteDir = path.join(dataDir, 'pglite');
      // The migrated template the suite made once, as this DATA_DIR's database, and the plant.
      const seeding = await openDatabase({
        kind: 'pglite',
        dataDir: pgliteDir,
        loadDataDir: await pgliteTemplate(),
      });
      const site: GatewaySite = await seedGatewaySite(seeding.db, 5);
      await seeding.close();

      const env = { DATA_DIR: dataDir, MQTT_PORT: String(await freePort()) };
      const port = await freePort();
      const mqttUrl = `mqtt://127.0.0.1:${env.MQTT_PORT}`;
      let server: ServerProcess = await startServerProcess(port, env);
      cleanup.push(() => server.kill9());
      const base = Date.now() - 2 * 3_600_000;
      const rounds: Map<string, number[]>[] = [];

      for (let round = 1; round <= ROUNDS; round++) {
        const flood = await startFlood(mqttUrl, {
          site: site.site,
          deviceIds: site.deviceIds,
          credentials: site.credentials,
          firstTs: firstTsOf(base, round),
        });
        await sleep(FLOOD_MS);
        const open = flood.connected();
        await server.kill9();
        await flood.stop();
        rounds.push(flood.acknowledged);
        expect(
          flood.acknowledgedCount(),
          `round ${round}: the flood got PUBACKs (its connection ${open ? 'was open' : 'had been closed'} at the kill)`,
        ).toBeGreaterThan(100);
        // Restart on the same DATA_DIR: it opens the killed database and serves (the next round's
        // flood goes to it).
        server = await startServerProcess(port, env);
      }

      // PGlite has one owner: stop the last restart (gracefully) to read what every round left.
      expect(await server.stop()).toBe(0);
      const reader = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
      const stored = await storedRows(reader.db, site.site);
      await reader.close();
      const results = rounds.map((acknowledged) => verdict(acknowledged, stored));
      expect(
        results.map((r) => ({ lost: r.lost, doubled: r.doubled })),
        results
          .map(
            (r, i) =>
              `round ${i + 1}: ${r.lost} of ${r.acknowledged} acknowledged messages not stored` +
              (r.lost ? ` (e.g. ${r.examples.join(', ')})` : ''),
          )
          .join('; '),
      ).toEqual(results.map(() => ({ lost: 0, doubled: 0 })));
    },
    150_000,
  );

  it.runIf(testDatabaseKinds().includes('postgres'))(
    'external Mosquitto and PostgreSQL: every acknowledged point is stored exactly once (three rounds)',
    async () => {
      const handle = await createTestDatabase('postgres');
      cleanup.push(() => handle.close());
      const site = await seedGatewaySite(handle.db, 5);
      // The shipped configuration (deploy/mosquitto), with its files written from the portal's
      // credentials as `npm run mqtt:credentials` writes them: the portal logs in as its user.
      const serverPassword = newDeviceSecret();
      const stored = await handle.db.select().from(deviceCredentials);
      const files = buildMosquittoFiles({
        devices: [site.gatewayId, ...site.deviceIds].map((id) => ({
          id,
          site: site.site,
          gatewayId: id === site.gatewayId ? null : site.gatewayId,
          retired: false,
        })),
        credentials: stored,
        server: { username: 'sentinela', passwordHash: hashDeviceSecret(serverPassword) },
        now: new Date(),
      });
      const broker = await startPrivateMosquitto(files);
      cleanup.push(() => broker.stop());
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-durability-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));

      const env = {
        DATABASE_URL: handle.url!,
        SESSION_SECRET: 'durability-test-secret-'.repeat(2),
        MQTT_URL: broker.url,
        MQTT_USERNAME: 'sentinela',
        MQTT_PASSWORD: serverPassword,
        DATA_DIR: dataDir,
      };
      const port = await freePort();
      let server: ServerProcess = await startServerProcess(port, env);
      cleanup.push(() => server.kill9());
      const base = Date.now() - 2 * 3_600_000;
      const acknowledged = new Map<string, number[]>();

      for (let round = 1; round <= ROUNDS; round++) {
        const flood = await startFlood(broker.url, {
          site: site.site,
          deviceIds: site.deviceIds,
          credentials: site.credentials,
          firstTs: firstTsOf(base, round),
        });
        await sleep(FLOOD_MS);
        const open = flood.connected();
        await server.kill9(); // the portal only: the broker keeps the sessions and queues for it
        await sleep(300); // the devices go on publishing while the portal is down
        await flood.stop();
        merge(acknowledged, flood.acknowledged);
        expect(
          flood.acknowledgedCount(),
          `round ${round}: the flood got PUBACKs (its connection ${open ? 'was open' : 'had been closed'} at the kill)`,
        ).toBeGreaterThan(100);

        server = await startServerProcess(port, env);
        // The broker redelivers what the ingest had not acknowledged: wait until it is all in,
        // or nothing more arrives for 5 s.
        let result = verdict(acknowledged, await storedRows(handle.db, site.site));
        let lastLost = result.lost;
        let quietSince = Date.now();
        while (result.lost > 0 && Date.now() - quietSince < 5000) {
          await sleep(250);
          result = verdict(acknowledged, await storedRows(handle.db, site.site));
          if (result.lost !== lastLost) {
            lastLost = result.lost;
            quietSince = Date.now();
          }
        }
        expect(
          { lost: result.lost, doubled: result.doubled },
          `round ${round}: ${result.lost} of ${result.acknowledged} acknowledged messages not stored ` +
            `(${flood.published()} published this round; e.g. ${result.examples.join(', ')})`,
        ).toEqual({ lost: 0, doubled: 0 });
      }
    },
    150_000,
  );
});
