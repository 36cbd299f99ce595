// `npm run bench:pages`: how fast the operations pages' queries answer with the demo site ×10
// (≈5,000 devices in 30 facilities, their latest values, 35 days of hourly history (13 months
// for the meters: their 35 days copied back eleven times) and the last day by the minute, alerts, and
// three years of work orders: the demo's six months of history copied back five times; a year of
// events: alerts and commands copied back in 35-day steps, a weekly offline/online pair per
// device, and an audit entry a minute).
// For each database (PGlite on disk; PostgreSQL when reachable) it starts the built server on
// the demo site, multiplies the plant ten times in SQL, signs in an administrator and times
// every query a page makes when it opens (once the demo history the server fills in the background
// is complete), over HTTP as the browser calls them, then GET /healthz
// and a Prometheus scrape of GET /metrics. Prints p50/p95 per call; asserts nothing.
//
// Environment (optional): BENCH_RUNS (20 per call), BENCH_ONLY ("pglite" or "postgres"),
// BENCH_PAGES (only the calls of pages starting with it, e.g. "/events", or with one of a comma list:
// "/energy,/events"), BENCH_KEEP=1 (keep the ×10 data: the PGlite folder and the PostgreSQL database
// are left in place and named, for EXPLAIN ANALYZE),
// BENCH_DATA_DIR / BENCH_DATABASE (time a PGlite folder / PostgreSQL database BENCH_KEEP=1 kept
// again, e.g. after a code change: no new demo site, no multiplying; the server migrates it and
// energy_1h is derived again before timing),
// DATABASE_URL (its server hosts the PostgreSQL run; default postgres://postgres@127.0.0.1:5432),
// PGLITE_TRACE_TURNS_MS (passed to the server: its PGlite worker prints every statement that held
// the connection that many ms or more, request or background; ADR 040).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { rebuildEnergyHours } from '@sentinela/db/energy-hours';
import { rowsOf } from '@sentinela/db/sql-helpers';
import { createAdminSession, callProcedure } from '../e2e/admin-session';
import { benchServerEnv, benchServerNodeFlags } from '../scripts/server-node-flags.mjs';
import { fmt, freePort, quantile, reachable, root, stopChild, table } from './bench-util';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY;
const PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const KEEP = process.env.BENCH_KEEP === '1';
const DATA_DIR = process.env.BENCH_DATA_DIR;
const KEPT_DATABASE = process.env.BENCH_DATABASE;
const COPIES = 9; // the demo site plus nine copies: ×10
/** GET /metrics's token on the benched server (timed next to the bare /healthz). */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** What each page asks for when it opens (the queries of its first render). */
/** A call's input, or how to find it on the running server (a cursor, a facility id). */
type InputOf = (base: string, cookies: Map<string, string>) => Promise<unknown>;
const calls: { page: string; path: string; input?: unknown; inputOf?: InputOf }[] = [
  { page: '/', path: 'dashboard.summary' },
  { page: '/', path: 'dashboard.energy', input: { days: 7 } },
  { page: '/', path: 'dashboard.motors' },
  { page: '/equipment', path: 'equipment.list', input: { page: 1, pageSize: 50 } },
  { page: '/equipment', path: 'equipment.list', input: { search: 'bomba', status: 'online', page: 1, pageSize: 50 } },
  { page: '/equipment', path: 'equipment.exportCsv', input: {} },
  { page: '/motors', path: 'motors.summary', input: {} },
  { page: '/motors', path: 'motors.list', input: { page: 1, pageSize: 25 } },
  { page: '/lights', path: 'lights.summary', input: {} },
  { page: '/lights', path: 'lights.list', input: { page: 1, pageSize: 25 } },
  { page: '/hvac', path: 'hvac.summary', input: {} },
  { page: '/hvac', path: 'hvac.list', input: { page: 1, pageSize: 25 } },
  { page: '/hvac', path: 'hvac.rooms', input: { page: 1, pageSize: 12 } },
  { page: '/rooms', path: 'rooms.list', input: { page: 1, pageSize: 25 } },
  { page: '/facilities', path: 'facilities.list', input: { page: 1, pageSize: 12 } },
  { page: '/datacenters', path: 'datacenters.overview', input: {} },
  { page: '/alerts', path: 'alerts.list', input: { status: 'open', page: 1, pageSize: 25 } },
  { page: '/maintenance', path: 'maintenance.kpis', input: {} },
  { page: '/maintenance', path: 'maintenance.orders.list', input: { status: 'open', page: 1, pageSize: 25 } },
  { page: '/maintenance', path: 'maintenance.orders.list', input: { search: 'rolamento', page: 1, pageSize: 25 } },
  { page: '/maintenance', path: 'maintenance.plans.list' },
  // The calendar: one month of orders (this month, from the 1st, UTC−3).
  { page: '/maintenance (month)', path: 'maintenance.orders.calendar', input: thisMonth() },
  { page: '/system-health', path: 'system.details' },
  // The events timeline: its first page, a kind, one device, one facility, and the next page by cursor.
  { page: '/events', path: 'events.list', input: { limit: 50 } },
  { page: '/events', path: 'events.actors' },
  { page: '/events (kind)', path: 'events.list', input: { filters: { kinds: ['device'] }, limit: 50 } },
  { page: '/events (kind)', path: 'events.list', input: { filters: { kinds: ['workOrder'] }, limit: 50 } },
  { page: '/events (device)', path: 'events.list', input: { filters: { equipmentId: 'mtr-cps-001-x5' }, limit: 50 } },
  { page: '/events (facility)', path: 'events.list', inputOf: facilityFilter },
  { page: '/events (page 2)', path: 'events.list', inputOf: secondPage },
  // The energy page: the first facility's bill, consumption (by day, by hour, profile: one call) and savings;
  // then a room's consumption over 90 days, and every facility's bill at once.
  { page: '/energy', path: 'energy.bill', inputOf: firstFacility },
  { page: '/energy', path: 'energy.consumption', inputOf: firstFacility },
  { page: '/energy', path: 'energy.savings', inputOf: firstFacility },
  { page: '/energy (room, 90 d)', path: 'energy.consumption', inputOf: firstRoom },
  { page: '/energy (all)', path: 'energy.bill', input: {} },
  // Not a page's call (pages ask for the devices they show): every latest value at once.
  { page: '(all values)', path: 'telemetry.latest', input: {} },
];

/** The first facility's events over the last 30 days, as the page asks with a facility and a period. */
async function facilityFilter(base: string, cookies: Map<string, string>): Promise<unknown> {
  const facilities = (await callProcedure(base, 'facilities.options', 'query', undefined, cookies)) as { id: string }[];
  return { filters: { facilityId: facilities.at(-1)?.id, from: new Date(Date.now() - 30 * 86_400_000) }, limit: 50 };
}

/** The facility the energy page opens on: the first of the facilities' options. */
async function firstFacility(base: string, cookies: Map<string, string>): Promise<unknown> {
  const facilities = (await callProcedure(base, 'facilities.options', 'query', undefined, cookies)) as { id: string }[];
  return { facilityId: facilities[0]?.id };
}

/** The first facility's first room, over 90 days. */
async function firstRoom(base: string, cookies: Map<string, string>): Promise<unknown> {
  const { facilityId } = (await firstFacility(base, cookies)) as { facilityId: string };
  const rooms = (await callProcedure(base, 'rooms.options', 'query', { facilityId }, cookies)) as { id: string }[];
  return { facilityId, roomId: rooms[0]?.id, days: 90 };
}

/** "Carregar mais": the page after the first. */
async function secondPage(base: string, cookies: Map<string, string>): Promise<unknown> {
  const first = (await callProcedure(base, 'events.list', 'query', { limit: 50 }, cookies)) as { nextCursor: string };
  return { limit: 50, cursor: first.nextCursor };
}

/** This month in São Paulo's calendar, as the calendar view asks for it. */
function thisMonth(): { from: Date; to: Date } {
  const local = new Date(Date.now() - 3 * 3_600_000);
  const from = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1, 3);
  const to = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1, 3);
  return { from: new Date(from), to: new Date(to) };
}

const multiply = [
  `insert into facilities (id, code, name, city, state, latitude, longitude, timezone)
   select md5(f.id::text || k)::uuid, f.code || '-x' || k, f.name || ' #' || k, f.city, f.state, f.latitude, f.longitude, f.timezone
     from facilities f cross join generate_series(1, ${COPIES}) k`,
  `insert into rooms (id, facility_id, name, kind)
   select md5(r.id::text || k)::uuid, md5(r.facility_id::text || k)::uuid, r.name, r.kind
     from rooms r cross join generate_series(1, ${COPIES}) k`,
  `insert into equipment (id, name, kind, status, facility_id, room_id, location, rated, state, last_seen_at)
   select e.id || '-x' || k, e.name, e.kind, e.status, md5(e.facility_id::text || k)::uuid,
          case when e.room_id is null then null else md5(e.room_id::text || k)::uuid end,
          e.location, e.rated, e.state, e.last_seen_at
     from equipment e cross join generate_series(1, ${COPIES}) k`,
  `insert into telemetry_latest (equipment_id, metric, ts, value)
   select equipment_id || '-x' || k, metric, ts, value from telemetry_latest cross join generate_series(1, ${COPIES}) k`,
  `insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
   select equipment_id || '-x' || k, metric, bucket, count, sum, min, max from telemetry_1h cross join generate_series(1, ${COPIES}) k`,
  `insert into telemetry_1m (equipment_id, metric, bucket, count, sum, min, max)
   select equipment_id || '-x' || k, metric, bucket, count, sum, min, max from telemetry_1m cross join generate_series(1, ${COPIES}) k`,
  // 13 months of meter data: every meter's 35 days of hourly rollups copied back eleven times (420 days in all).
  `insert into telemetry_1h (equipment_id, metric, bucket, count, sum, min, max)
   select h.equipment_id, h.metric, h.bucket - s * interval '35 days', h.count, h.sum, h.min, h.max
     from telemetry_1h h join equipment e on e.id = h.equipment_id and e.kind = 'meter'
     cross join generate_series(1, 11) s
    where h.metric in ('energyKwh', 'powerKw', 'powerFactor')
   on conflict do nothing`,
  `insert into alerts (rule_id, source, equipment_id, severity, message, value, status, raised_at, acknowledged_at, acknowledge_note, cleared_at, clear_note)
   select rule_id, source, equipment_id || '-x' || k, severity, message, value, status, raised_at, acknowledged_at, acknowledge_note, cleared_at, clear_note
     from alerts cross join generate_series(1, ${COPIES}) k
   -- the running server (PostgreSQL) may already have raised a copy's open alert (a silence):
   -- not copied again (no device '…-x1-x1'), and a copy of the demo's own open alert skipped
    where alerts.equipment_id is null or alerts.equipment_id !~ '-x[0-9]+$'
   on conflict do nothing`,
  // Work orders: each copy gets the demo's orders, and the closed ones again 1 to 5 half-years back.
  `insert into work_orders (id, number, title, description, equipment_id, facility_id, room_id, kind, priority,
     status, scheduled_at, duration_hours, technician_id, technician_name, notes, prior_equipment_status,
     started_at, started_by, completed_at, completed_by, labor_hours, parts_cost, other_cost, closing_note,
     cancelled_at, cancelled_by, cancel_reason, created_by, created_at)
   select gen_random_uuid(), o.number || '-' || k || '-' || h, o.title, o.description,
          case when o.equipment_id is null or k = 0 then o.equipment_id else o.equipment_id || '-x' || k end,
          case when k = 0 then o.facility_id else md5(o.facility_id::text || k)::uuid end,
          case when o.room_id is null or k = 0 then o.room_id else md5(o.room_id::text || k)::uuid end,
          o.kind, o.priority, o.status, o.scheduled_at - h * interval '182 days', o.duration_hours,
          o.technician_id, o.technician_name, o.notes, o.prior_equipment_status,
          o.started_at - h * interval '182 days', o.started_by, o.completed_at - h * interval '182 days',
          o.completed_by, o.labor_hours, o.parts_cost, o.other_cost, o.closing_note,
          o.cancelled_at - h * interval '182 days', o.cancelled_by, o.cancel_reason, o.created_by,
          o.created_at - h * interval '182 days'
     from work_orders o cross join generate_series(0, ${COPIES}) k cross join generate_series(0, 5) h
    where (k > 0 or h > 0) and (h = 0 or o.status in ('completed', 'cancelled'))`,
  // A year of events: the alerts (cleared) and commands copied back in 35-day steps…
  `insert into alerts (rule_id, source, equipment_id, severity, message, message_key, message_params, value, status,
     raised_at, acknowledged_at, acknowledge_note, cleared_at, clear_note)
   select rule_id, source, equipment_id, severity, message, message_key, message_params, value, 'cleared',
          raised_at - s * interval '35 days', acknowledged_at - s * interval '35 days', acknowledge_note,
          coalesce(cleared_at, raised_at + interval '1 hour') - s * interval '35 days', clear_note
     from alerts cross join generate_series(1, 10) s`,
  `insert into commands (equipment_id, action, payload, requested_by, requested_at, status, completed_at, error, error_code)
   select c.equipment_id || '-x' || k, action, payload, requested_by, requested_at, status, completed_at, error, error_code
     from commands c cross join generate_series(1, ${COPIES}) k`,
  `insert into commands (equipment_id, action, payload, requested_by, requested_at, status, completed_at, error, error_code)
   select equipment_id, action, payload, requested_by, requested_at - s * interval '35 days', status,
          completed_at - s * interval '35 days', error, error_code
     from commands cross join generate_series(1, 10) s`,
  // …every device offline and back once a week…
  `insert into equipment_status_changes (equipment_id, at, from_status, to_status)
   select e.id, now() - w * interval '7 days' - (abs(hashtext(e.id)) % 600000) * interval '1 second' + d * interval '20 minutes',
          case when d = 0 then 'online' else 'offline' end, case when d = 0 then 'offline' else 'online' end
     from equipment e cross join generate_series(1, 52) w cross join generate_series(0, 1) d`,
  // …and an audit entry a minute: sign-ins, and work-order transitions of the copied orders.
  `insert into audit_log (at, actor_email, action, target, ip, result, details)
   select now() - m * interval '1 minute', 'operador' || (m % 7) || '@sentinela.test',
          case when m % 3 = 0 then 'auth.login' else 'workOrders.start' end,
          case when m % 3 = 0 then null else o.id end, '10.0.0.' || (m % 250), 'success', '{}'::jsonb
     from generate_series(1, 525600) m
     left join (select id::text as id, row_number() over (order by id) - 1 as n
                  from (select id from work_orders order by id limit 500) w) o on o.n = m % 500`,
  'analyze',
];

/** A kept folder: energy_1h derived again (the code may have changed), and the counts. */
async function rederive(handle: DatabaseHandle): Promise<Record<string, number>> {
  const [schema] = rowsOf<{ derived: string | null }>(
    await handle.db.execute(sql`select to_regclass('energy_1h')::text as derived`),
  );
  // The bench's administrator registers again (as the first account, so as an administrator).
  await handle.db.execute(sql`delete from users where email = 'admin@sentinela.test'`);
  // A server from before ADR 032 has no energy_1h.
  if (schema?.derived) {
    await rebuildEnergyHours(handle.db);
    await handle.db.execute(sql`analyze energy_1h`);
  }
  return counted(handle);
}

async function multiplyPlant(handle: DatabaseHandle): Promise<Record<string, number>> {
  for (const statement of multiply) await handle.db.execute(sql.raw(statement));
  // The copies' hourly energy (energy_1h, ADR 032), as the demo history's is derived.
  await rebuildEnergyHours(handle.db);
  await handle.db.execute(sql`analyze energy_1h`);
  return counted(handle);
}

async function counted(handle: DatabaseHandle): Promise<Record<string, number>> {
  const [counts] = rowsOf<Record<string, number | string>>(
    await handle.db
      .execute(sql`select (select count(*) from facilities) as facilities, (select count(*) from equipment) as equipment,
      (select count(*) from telemetry_latest) as latest, (select count(*) from telemetry_1h) as hourly, (select count(*) from telemetry_1m) as minutely, (select count(*) from alerts) as alerts,
      (select count(*) from work_orders) as orders, (select count(*) from commands) as commands,
      (select count(*) from equipment_status_changes) as status_changes, (select count(*) from audit_log) as audit`),
  );
  return Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)]));
}

function startServer(env: Record<string, string>): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, [...benchServerNodeFlags(env), 'apps/server/dist/main.mjs'], {
    cwd: root,
    env: {
      ...benchServerEnv(),
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      METRICS_TOKEN,
      ...(process.env.PGLITE_TRACE_TURNS_MS ? { PGLITE_TRACE_TURNS_MS: process.env.PGLITE_TRACE_TURNS_MS } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    const base = `http://127.0.0.1:${env.PORT}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/trpc/system.health`)).ok) return base;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return { child, ready };
}

/**
 * Waits for the demo history the server fills in the background after its first start: its
 * batches share the database (PGlite's one connection above all) with the calls timed.
 */
async function historyFilled(base: string, cookies: Map<string, string>): Promise<void> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const health = (await callProcedure(base, 'system.health', 'query', undefined, cookies)) as {
      demo?: { complete: boolean };
    };
    if (health.demo?.complete !== false) return;
    if (Date.now() > deadline) throw new Error('the demo history was not filled within 15 min');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function timeCalls(base: string): Promise<string[][]> {
  const { storageState } = await createAdminSession(base);
  const cookies = new Map(storageState.cookies.map((c) => [c.name, c.value]));
  await historyFilled(base, cookies);
  const rows: string[][] = [];
  for (const call of calls.filter((c) => !PAGES || PAGES.some((p) => c.page.startsWith(p)))) {
    const kind = 'query';
    const input = call.inputOf ? await call.inputOf(base, cookies) : call.input;
    await callProcedure(base, call.path, kind, input, cookies); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await callProcedure(base, call.path, kind, input, cookies);
      ms.push(performance.now() - started);
    }
    rows.push([call.page, call.path, fmt(quantile(ms, 0.5), 1), fmt(quantile(ms, 0.95), 1)]);
  }
  // The probes, plain GETs: a Prometheus scrape of /metrics beside the bare /healthz.
  for (const [page, url, headers] of [
    ['(probe)', '/healthz', {}],
    ['(scrape)', '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }],
  ] as const) {
    const get = async () => {
      const response = await fetch(`${base}${url}`, { headers });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await response.text();
    };
    await get(); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await get();
      ms.push(performance.now() - started);
    }
    rows.push([page, `GET ${url}`, fmt(quantile(ms, 0.5), 1), fmt(quantile(ms, 0.95), 1)]);
  }
  return rows;
}

async function benchPglite(): Promise<void> {
  const dataDir = DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'sentinela-pages-'));
  try {
    // 1. The demo site, created by the server itself; 2. ×10 in the stopped data folder; 3. timed.
    // (BENCH_DATA_DIR: 1. migrates the kept folder; 2. derives energy_1h again.)
    const port = String(await freePort());
    const first = startServer({ PORT: port, DATA_DIR: dataDir });
    await first.ready;
    await stopChild(first.child);
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const counts = DATA_DIR ? await rederive(handle) : await multiplyPlant(handle);
    await handle.close();
    const second = startServer({ PORT: port, DATA_DIR: dataDir });
    try {
      const base = await second.ready;
      report('PGlite', counts, await timeCalls(base));
    } finally {
      await stopChild(second.child);
    }
  } finally {
    if (KEEP || DATA_DIR) console.log(`PGlite data kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<void> {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!(await reachable(serverUrl.hostname, Number(serverUrl.port || 5432)))) {
    console.log(`PostgreSQL at ${serverUrl.host} is not reachable: skipped`);
    return;
  }
  const name = KEPT_DATABASE ?? `sentinela_pages_${process.pid}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pg = postgres(admin.toString(), { max: 1, onnotice: () => undefined });
  if (!KEPT_DATABASE) await pg.unsafe(`create database "${name}"`);
  try {
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: url.toString(),
      SESSION_SECRET: 'bench-secret-'.repeat(4),
    });
    try {
      const base = await server.ready;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      const counts = KEPT_DATABASE ? await rederive(handle) : await multiplyPlant(handle);
      await handle.close();
      report('PostgreSQL', counts, await timeCalls(base));
    } finally {
      await stopChild(server.child);
    }
  } finally {
    if (KEEP || KEPT_DATABASE) console.log(`PostgreSQL database kept: ${url.toString()}`);
    else await pg.unsafe(`drop database if exists "${name}" with (force)`);
    await pg.end();
  }
}

function report(database: string, counts: Record<string, number>, rows: string[][]): void {
  console.log(
    `\n${database}, demo site ×10: ${counts.facilities} facilities, ${counts.equipment} devices, ${counts.latest} latest values, ` +
      `${counts.hourly} hourly and ${counts.minutely} minute rollups, ${counts.alerts} alerts, ${counts.orders} work orders, ${counts.commands} commands, ` +
      `${counts.status_changes} status changes, ${counts.audit} audit entries. ${RUNS} calls each, HTTP round trip in ms:`,
  );
  console.log(table(['page', 'procedure', 'p50', 'p95'], rows));
}

if (!ONLY || ONLY === 'pglite') await benchPglite();
if (!ONLY || ONLY === 'postgres') await benchPostgres();
