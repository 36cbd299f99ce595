// `npm run bench:import`: how fast the registry's CSV import (registry.import, service level, no
// HTTP) reads, checks and writes 10,000 equipment lines, for each database (PGlite on disk;
// PostgreSQL when DATABASE_URL is set), next to a ceiling measured in the same run: a plain
// multi-row INSERT of the same 10,000 rows into equipment in one transaction (chunks of 1,000
// rows: one statement cannot carry 10,000 rows' parameters). Prints figures; asserts nothing.
//
// Per database: a fresh migrated database, one facility and 20 rooms imported from their CSVs,
// the ceiling (then its rows deleted), a dry run of the equipment file (every line a create),
// applying it, and a dry run again (every line unchanged).
//
// Environment (optional): BENCH_LINES (10000), BENCH_ONLY ("pglite" or "postgres"), DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { migrateDatabase } from '@sentinela/db/migrate';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { importRegistry } from '../apps/server/src/features/plant/registry-import.service';
import type { RegistryCaller } from '../apps/server/src/features/plant/registry-change';
import { fmt, table } from './bench-util';

const LINES = Number(process.env.BENCH_LINES ?? 10_000);
const ONLY = process.env.BENCH_ONLY;
const ROOMS = 20;

const facilitiesCsv = 'Código;Nome;Cidade;Fuso horário\nbench;Fábrica Bench;Sorocaba;America/Sao_Paulo\n';
const roomsCsv = ['Instalação;Sala;Tipo', ...Array.from({ length: ROOMS }, (_, i) => `bench;Sala ${i};Produção`)].join(
  '\n',
);
const kinds = ['motor', 'light', 'hvac', 'meter'] as const;
/** Each line's nameplate values: the CSV cells and the ceiling's rows carry the same. */
const ratedOf = (i: number): Record<string, number> =>
  [{ powerKw: 15.5 }, { powerW: 40 }, { powerKw: 3.5, coolingKw: 10 }, {}][i % kinds.length]!;
const number = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','));
const equipmentCsv = [
  'Código;Nome;Tipo;Instalação;Sala;Fabricante;Modelo;Série;Instalação em;powerKw (kW);powerW (W);coolingKw (kW)',
  ...Array.from({ length: LINES }, (_, i) => {
    const r = ratedOf(i);
    const rated = [number(r.powerKw), number(r.powerW), number(r.coolingKw)].join(';');
    return `b-${i};Equipamento ${i};${kinds[i % kinds.length]};bench;Sala ${i % ROOMS};WEG;W22;SN-${i};2024-05-10;${rated}`;
  }),
].join('\r\n');

interface Figures {
  database: string;
  ceilingMs: number;
  dryMs: number;
  applyMs: number;
  unchangedMs: number;
  counts: string;
  error?: string;
}

/** The ceiling: the same rows as plain INSERTs, 1,000 per statement, one transaction. */
async function ceiling(handle: DatabaseHandle): Promise<number> {
  const [facility] = await handle.db.select({ id: facilities.id }).from(facilities);
  const roomRows = await handle.db.select({ id: rooms.id, name: rooms.name }).from(rooms);
  const roomIds = new Map(roomRows.map((r) => [r.name, r.id]));
  const rows = Array.from({ length: LINES }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    return {
      id: `b-${i}`,
      name: `Equipamento ${i}`,
      kind,
      facilityId: facility!.id,
      roomId: roomIds.get(`Sala ${i % ROOMS}`) ?? null,
      manufacturer: 'WEG',
      model: 'W22',
      serial: `SN-${i}`,
      installDate: '2024-05-10',
      rated: ratedOf(i),
      state: kind === 'meter' ? {} : { on: false },
    };
  });
  const started = performance.now();
  await handle.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(equipment).values(rows.slice(i, i + 1000));
  });
  const ms = performance.now() - started;
  await handle.db.execute(sql`delete from equipment`);
  return ms;
}

async function run(kind: 'pglite' | 'postgres', url?: string): Promise<Figures> {
  const figures: Figures = {
    database: kind === 'pglite' ? 'PGlite (disk)' : 'PostgreSQL',
    ceilingMs: NaN,
    dryMs: NaN,
    applyMs: NaN,
    unchangedMs: NaN,
    counts: '',
  };
  const dataDir = kind === 'pglite' ? mkdtempSync(path.join(tmpdir(), 'sentinela-bench-import-')) : undefined;
  const handle = await openDatabase(
    kind === 'pglite' ? { kind, dataDir: path.join(dataDir!, 'data') } : { kind, url: url! },
  );
  try {
    await migrateDatabase(handle);
    const caller: RegistryCaller = {
      db: handle.db,
      actor: { id: randomUUID(), email: 'bench@example.com' },
      origin: { ip: '127.0.0.1', userAgent: 'bench:import' },
    };
    const call = async (entity: 'facilities' | 'rooms' | 'equipment', csv: string, apply: boolean) => {
      const started = performance.now();
      const result = await importRegistry(caller, { entity, csv, apply }, 'pt');
      return { ms: performance.now() - started, result };
    };
    await call('facilities', facilitiesCsv, true);
    await call('rooms', roomsCsv, true);
    figures.ceilingMs = await ceiling(handle);
    const dry = await call('equipment', equipmentCsv, false);
    figures.dryMs = dry.ms;
    const applied = await call('equipment', equipmentCsv, true);
    figures.applyMs = applied.ms;
    const again = await call('equipment', equipmentCsv, false);
    figures.unchangedMs = again.ms;
    const c = applied.result.counts;
    figures.counts = `${c.create} created, ${again.result.counts.unchanged} then unchanged, ${c.refuse + dry.result.counts.refuse} refused`;
  } catch (error) {
    figures.error = error instanceof Error ? error.message : String(error);
  } finally {
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

async function main() {
  const results: Figures[] = [];
  console.log(`bench:import — ${fmt(LINES)} equipment lines (${fmt(equipmentCsv.length / 1024)} KiB of CSV)`);
  if (ONLY !== 'postgres') {
    process.stdout.write('  PGlite… ');
    results.push(await run('pglite'));
    console.log('done');
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && ONLY !== 'pglite') {
    const name = `sentinela_bench_import_${process.pid}`;
    const adminUrl = new URL(databaseUrl);
    adminUrl.pathname = '/postgres';
    const benchUrl = new URL(databaseUrl);
    benchUrl.pathname = `/${name}`;
    const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    try {
      process.stdout.write('  PostgreSQL… ');
      results.push(await run('postgres', benchUrl.toString()));
      console.log('done');
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  } else if (!databaseUrl) {
    console.log('  (DATABASE_URL not set: PostgreSQL skipped)');
  }

  const perSecond = (ms: number) => fmt(LINES / (ms / 1000));
  console.log('');
  console.log(
    table(
      [
        'database',
        'ceiling lines/s',
        'dry run lines/s',
        'apply lines/s',
        'apply ÷ ceiling',
        'unchanged dry run lines/s',
        'result',
      ],
      results.map((r) => [
        r.database,
        perSecond(r.ceilingMs),
        perSecond(r.dryMs),
        perSecond(r.applyMs),
        `${fmt((100 * r.ceilingMs) / r.applyMs, 1)} %`,
        perSecond(r.unchangedMs),
        r.error ?? r.counts,
      ]),
    ),
  );
  console.log('');
  console.log(
    'ceiling   = the same rows as plain multi-row INSERTs (1,000 per statement) in one transaction, same database, same run.',
  );
  console.log(
    'dry run   = read the file, resolve every line against the database and the file, validate; nothing written.',
  );
  console.log('apply     = the same inside one transaction, then multi-row INSERTs and one audit entry per record.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
