// `npm run bench:retention`: the hourly retention job against a year of backlog (issue 16, ADR 031).
// Fills BENCH_DAYS (400) days of raw telemetry and 1-minute rollups (BENCH_DEVICES devices × 2
// metrics, one point each BENCH_STEP_MINUTES) and BENCH_AUDIT_PER_DAY audit entries a day, then
// runs applyRetention (7 / 90 / 365 days) while an ingest loop writes a batch of 200 points every
// 100 ms through the app's writeBatch, and prints rows deleted, time, statements, the ingest
// batches' latency and the event loop's maximum delay. PGlite (in this process, as the embedded
// mode runs it) always; PostgreSQL too when DATABASE_URL is set (a fresh database on its server).
// BENCH_MODES: "batched" (default; the job as it runs) and/or "single" (one statement per table,
// the job before ADR 031, for comparison). Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';
import { defaultRetentionPeriods } from '@sentinela/shared/privacy';
import { applyRetention, type RetentionResult } from '../apps/server/src/platform/retention';
import { writeBatch } from '../apps/server/src/telemetry/telemetry-writer';
import { fmt, quantile, sleep, table } from './bench-util';

const DAYS = Number(process.env.BENCH_DAYS ?? 400);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const STEP_MINUTES = Number(process.env.BENCH_STEP_MINUTES ?? 10);
const AUDIT_PER_DAY = Number(process.env.BENCH_AUDIT_PER_DAY ?? 300);
const MODES = (process.env.BENCH_MODES ?? 'batched').split(',').map((s) => s.trim()) as ('batched' | 'single')[];
const INGEST_EVERY_MS = 100;
const INGEST_POINTS = 200;

interface Figures {
  db: string;
  mode: string;
  rows: number;
  seconds: number;
  result: RetentionResult;
  loopMaxMs: number;
  ingestBatches: number;
  ingestP99Ms: number;
  ingestMaxMs: number;
}

async function fill(handle: DatabaseHandle, now: Date): Promise<void> {
  const { db } = handle;
  const from = new Date(now.getTime() - DAYS * 86_400_000).toISOString();
  await db.execute(
    sql`insert into facilities (code, name, city) values ('bench', 'Bench', 'Campinas') on conflict do nothing`,
  );
  await db.execute(sql`insert into equipment (id, name, kind, status, facility_id)
    select 'bench-' || n, 'Bench ' || n, 'motor', 'online', (select id from facilities where code = 'bench')
      from generate_series(1, ${DEVICES}) n on conflict do nothing`);
  // Day by day: one statement per day keeps each insert short (and PGlite's memory flat).
  for (let day = 0; day < DAYS; day++) {
    const start = sql`${from}::timestamptz + ${day} * interval '1 day'`;
    const series = sql`generate_series(${start}, ${start} + interval '1 day' - interval '1 second', ${STEP_MINUTES} * interval '1 minute')`;
    await db.execute(sql`insert into telemetry (equipment_id, metric, ts, value)
      select 'bench-' || d, m, t, random() * 100 from generate_series(1, ${DEVICES}) d, unnest(array['rpm', 'temperature']) m, ${series} t`);
    await db.execute(sql`insert into telemetry_1m (equipment_id, metric, bucket, count, sum, min, max)
      select 'bench-' || d, m, t, 1, 1, 1, 1 from generate_series(1, ${DEVICES}) d, unnest(array['rpm', 'temperature']) m, ${series} t`);
    await db.execute(sql`insert into audit_log (at, action, result, ip, details)
      select ${start} + (i * 86400.0 / ${AUDIT_PER_DAY}) * interval '1 second', 'motors.setPower', 'success', '10.0.0.1', '{"on": true}'::jsonb
        from generate_series(0, ${AUDIT_PER_DAY - 1}) i`);
  }
}

async function countRows(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(
    sql`select ((select count(*) from telemetry) + (select count(*) from telemetry_1m) + (select count(*) from audit_log))::int as n`,
  );
  return parseRows(z.object({ n: z.coerce.number() }), result)[0]?.n ?? 0;
}

async function run(label: string, open: () => Promise<DatabaseHandle>, mode: 'batched' | 'single'): Promise<Figures> {
  const handle = await open();
  await migrateDatabase(handle);
  const now = new Date();
  const filling = Date.now();
  await fill(handle, now);
  const before = await countRows(handle);
  console.log(`${label}/${mode}: ${fmt(before)} rows filled in ${fmt((Date.now() - filling) / 1000, 1)} s`);

  // The ingest beside the job: a batch of current points every 100 ms, its latency measured.
  let running = true;
  const latencies: number[] = [];
  const ingest = (async () => {
    let tick = 0;
    while (running) {
      const ts = new Date();
      const points = Array.from({ length: INGEST_POINTS }, (_, i) => ({
        equipmentId: `bench-${(i % DEVICES) + 1}`,
        metric: `live${Math.floor(i / DEVICES)}`,
        ts: new Date(ts.getTime() + tick),
        value: i,
      }));
      const started = performance.now();
      await writeBatch(handle.db, points);
      latencies.push(performance.now() - started);
      tick += 1;
      await sleep(INGEST_EVERY_MS);
    }
  })();
  await sleep(500);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const result = await applyRetention(
    handle.db,
    now,
    defaultRetentionPeriods,
    mode === 'single' ? { batch: Number.MAX_SAFE_INTEGER, pauseMs: 0 } : {},
  );
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  running = false;
  await ingest;
  await handle.close();
  return {
    db: label,
    mode,
    rows: before,
    seconds,
    result,
    loopMaxMs: loop.max / 1e6,
    ingestBatches: latencies.length,
    ingestP99Ms: quantile(latencies, 0.99),
    ingestMaxMs: Math.max(...latencies),
  };
}

async function main() {
  const figures: Figures[] = [];
  for (const mode of MODES) {
    const dir = mkdtempSync(path.join(tmpdir(), 'sentinela-retention-'));
    try {
      figures.push(await run('pglite', () => openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') }), mode));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (process.env.DATABASE_URL) {
      const server = new URL(process.env.DATABASE_URL);
      const name = `sentinela_retention_${process.pid}`;
      const admin = new URL(server);
      admin.pathname = '/postgres';
      const adminSql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
      await adminSql.unsafe(`drop database if exists ${name}`);
      await adminSql.unsafe(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      try {
        figures.push(await run('postgres', () => openDatabase({ kind: 'postgres', url: url.toString() }), mode));
      } finally {
        await adminSql.unsafe(`drop database if exists ${name} with (force)`);
        await adminSql.end();
      }
    }
  }
  console.log(
    `\n${DAYS} days, ${DEVICES} devices × 2 metrics every ${STEP_MINUTES} min, ${AUDIT_PER_DAY} audit entries a day; ` +
      `retention ${defaultRetentionPeriods.rawDays} / ${defaultRetentionPeriods.minuteDays} / ${defaultRetentionPeriods.auditDays} days\n`,
  );
  console.log(
    table(
      [
        'db',
        'mode',
        'rows before',
        'raw deleted',
        'minutes deleted',
        'audit deleted',
        'statements',
        'time s',
        'loop max ms',
        'ingest batches',
        'ingest p99 ms',
        'ingest max ms',
      ],
      figures.map((f) => [
        f.db,
        f.mode,
        fmt(f.rows),
        fmt(f.result.telemetry),
        fmt(f.result.telemetry1m),
        fmt(f.result.audit),
        fmt(f.result.statements),
        fmt(f.seconds, 1),
        fmt(f.loopMaxMs, 0),
        fmt(f.ingestBatches),
        fmt(f.ingestP99Ms, 0),
        fmt(f.ingestMaxMs, 0),
      ]),
    ),
  );
}

await main();
