import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { startServer, type RunningServer } from './server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-start-'));
const webDist = mkdtempSync(path.join(tmpdir(), 'sentinela-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sentinela</title><div id="root"></div>');

const config = () =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'on',
    SIMULATOR_FAULTS: 'off',
  });

async function rollupRows(server: RunningServer): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await server.database.db.execute(
      sql`select (select count(*) from telemetry_1h)::int + (select count(*) from telemetry_1m)::int as n`,
    ),
  );
  return row?.n ?? 0;
}

// Issue 11: a first start serves at once and fills the demo history in the background.
describe('a first start with the demo site', () => {
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers before the history is generated, resumes it after a restart, and finishes it once', async () => {
    // First start: the history is held after its second batch, and the server stopped there.
    let held = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = await startServer(config(), {
      webDist,
      demoHistoryPause: async () => {
        if (++held === 2) await gate;
      },
    });
    try {
      const health = await fetch(`${first.url}/api/trpc/system.health`);
      expect(health.status).toBe(200);
      const page = await fetch(`${first.url}/motors`);
      expect(page.status).toBe(200);
      // Two batches of the history, behind the start's own statements (it is background work, priority.ts).
      await expect.poll(() => held, { timeout: 30_000 }).toBe(2);
      expect(first.demoHistory.progress()).toMatchObject({ done: 2, complete: false });
      expect(first.demoHistory.progress()?.percent).toBeLessThan(100);
      // Anonymous callers (probes, the sign-in page) are not told about it.
      expect(JSON.stringify(await health.json())).not.toContain('"demo"');
    } finally {
      const stopping = first.stop();
      release();
      await stopping;
    }

    // Second start: it carries on from the batches done and reaches 100 %.
    const second = await startServer(config(), { webDist, demoHistoryPause: () => Promise.resolve() });
    try {
      expect(second.demoHistory.progress()?.done ?? 2).toBeGreaterThanOrEqual(2);
      await second.demoHistory.settled();
      expect(second.demoHistory.progress()).toMatchObject({ percent: 100, complete: true });
      // It wrote the history: PGlite reopened in a new worker thread, and answers there (ADR 039).
      expect(await second.afterHistory).toEqual({ renewedDatabase: true });
      const [lights] = rowsOf<{ n: number }>(
        await second.database.db.execute(
          sql`select count(*)::int as n from telemetry_1h h join equipment e on e.id = h.equipment_id where e.kind = 'light'`,
        ),
      );
      expect(lights?.n).toBeGreaterThan(0);
    } finally {
      await second.stop();
    }

    // Third start: nothing left to generate, and no row added.
    let batches = 0;
    const third = await startServer(config(), {
      webDist,
      demoHistoryPause: () => Promise.resolve(void batches++),
    });
    try {
      const before = await rollupRows(third);
      await third.demoHistory.settled();
      expect(batches).toBe(0);
      expect(await third.afterHistory).toEqual({ renewedDatabase: false });
      expect(third.demoHistory.progress()).toMatchObject({ percent: 100, complete: true });
      // Only what the virtual plant sent since (its minutes and the current hour) may be new.
      expect((await rollupRows(third)) - before).toBeLessThan(2_000);
    } finally {
      await third.stop();
    }
  }, 400_000);
});

describe('a first start with DEMO_HISTORY=off', () => {
  it('seeds the demo registry and generates no history', async () => {
    const ownDir = mkdtempSync(path.join(tmpdir(), 'sentinela-start-'));
    let batches = 0;
    const server = await startServer(
      loadConfig({
        DATA_DIR: ownDir,
        PORT: '0',
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'on',
        DEMO_HISTORY: 'off',
        SIMULATOR: 'off',
      }),
      { webDist, demoHistoryPause: () => Promise.resolve(void batches++) },
    );
    try {
      const [motors] = rowsOf<{ n: number }>(
        await server.database.db.execute(sql`select count(*)::int as n from equipment where kind = 'motor'`),
      );
      expect(motors?.n).toBeGreaterThan(0);
      await server.demoHistory.settled();
      expect(batches).toBe(0);
      expect(server.demoHistory.progress()).toBeNull();
    } finally {
      await server.stop();
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});
