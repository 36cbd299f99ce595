import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { z } from 'zod';
import { parseRows } from '../sql-helpers';

// Seed volumes (a few hundred thousand rows) go in as one array parameter per column and
// `unnest`: far faster than multi-row VALUES on PGlite, and no parameter limit on either driver.
const CHUNK_ROWS = 20_000;
const round = (n: number) => Math.round(n * 1000) / 1000;

/** One rollup series (equipment, metric), bucket after bucket. */
export class RollupSeries {
  /** Epoch seconds, count, sum, min, max: five numbers per bucket. */
  readonly values: number[] = [];

  constructor(
    readonly id: string,
    readonly metric: string,
  ) {}

  /** One bucket from its mean; min and max are widened to hold the mean. */
  push(bucketMs: number, count: number, mean: number, min: number, max: number): void {
    this.values.push(
      bucketMs / 1000,
      count,
      round(mean * count),
      round(Math.min(min, mean)),
      round(Math.max(max, mean)),
    );
  }
}

/** Rows of one insert: equipment ids, metrics, and the five numbers as columns. */
export interface RollupChunk {
  ids: string[];
  metrics: string[];
  columns: number[][];
}

/**
 * Rollup rows kept per series and written in primary-key order (equipment, metric, bucket).
 * Ids and metric names are topic-safe, so array literals need no quoting.
 */
export class RollupRows {
  private readonly all = new Map<string, RollupSeries>();

  series(id: string, metric: string): RollupSeries {
    const key = `${id} ${metric}`;
    let series = this.all.get(key);
    if (!series) this.all.set(key, (series = new RollupSeries(id, metric)));
    return series;
  }

  get length(): number {
    let rows = 0;
    for (const series of this.all.values()) rows += series.values.length / 5;
    return rows;
  }

  /** The rows in chunks of `size` (the last one shorter), from chunk `first` on (earlier ones are not built). */
  *chunks(size: number, first = 0): Generator<RollupChunk> {
    const empty = () => ({ ids: [] as string[], metrics: [] as string[], columns: [[], [], [], [], []] as number[][] });
    let skip = first * size;
    let chunk = empty();
    for (const key of [...this.all.keys()].sort()) {
      const series = this.all.get(key);
      if (!series) continue;
      const rows = series.values.length / 5;
      if (skip >= rows) {
        skip -= rows;
        continue;
      }
      for (let i = skip * 5; i < series.values.length; i += 5) {
        chunk.ids.push(series.id);
        chunk.metrics.push(series.metric);
        for (let c = 0; c < 5; c++) chunk.columns[c]?.push(series.values[i + c] ?? 0);
        if (chunk.ids.length === size) {
          yield chunk;
          chunk = empty();
        }
      }
      skip = 0;
    }
    if (chunk.ids.length > 0) yield chunk;
  }

  chunkCount(size: number): number {
    return Math.ceil(this.length / size);
  }
}

export interface LatestRow {
  equipmentId: string;
  metric: string;
  /** Epoch ms, whole seconds. */
  ts: number;
  value: number;
}

const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

const tableIndexRow = z.object({
  index: z.string(),
  definition: z.string(),
  constraint: z.string().nullable(),
  constraint_def: z.string().nullable(),
});

/**
 * The bulk-load advice of the PostgreSQL manual ("Populating a Database"): into an empty table,
 * load without indexes and build them afterwards (one sort each instead of one index insert
 * per row; about three times faster here). The definitions are read from the catalog, so they
 * stay those of the migrations. Inside the caller's transaction: a failure restores them.
 */
async function withIndexesBuiltAfter(db: Database, table: string, load: () => Promise<void>): Promise<void> {
  const [filled] = parseRows(
    z.object({ filled: z.boolean() }),
    await db.execute(sql`select exists (select 1 from ${sql.identifier(table)}) as filled`),
  );
  if (filled?.filled) return load();
  const indexes = parseRows(
    tableIndexRow,
    await db.execute(sql`
      select i.relname as index, pg_get_indexdef(i.oid) as definition, c.conname as constraint, pg_get_constraintdef(c.oid) as constraint_def
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid
       where x.indrelid = ${table}::regclass`),
  );
  for (const { index, constraint } of indexes) {
    await db.execute(
      constraint
        ? sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(constraint)}`
        : sql`drop index ${sql.identifier(index)}`,
    );
  }
  await load();
  for (const { definition, constraint, constraint_def } of indexes) {
    await db.execute(
      constraint && constraint_def
        ? sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(constraint)} ${sql.raw(constraint_def)}`
        : sql.raw(definition),
    );
  }
}

export type RollupTable = 'telemetry_1h' | 'telemetry_1m';

export async function insertRollups(db: Database, table: RollupTable, rows: RollupRows): Promise<void> {
  await withIndexesBuiltAfter(db, table, () => insertChunks(db, table, rows));
}

async function insertChunks(db: Database, table: RollupTable, rows: RollupRows): Promise<void> {
  for (const chunk of rows.chunks(CHUNK_ROWS)) await insertRollupChunk(db, table, chunk);
}

/** One chunk of rollups; with `skipExisting`, a row whose bucket is already there is left as it is. */
export async function insertRollupChunk(
  db: Database,
  table: RollupTable,
  { ids, metrics, columns }: RollupChunk,
  options: { skipExisting?: boolean } = {},
): Promise<void> {
  const [buckets = [], counts = [], sums = [], mins = [], maxs = []] = columns;
  await db.execute(sql`
    insert into ${sql.raw(table)} (equipment_id, metric, bucket, count, sum, min, max)
    select e, m, to_timestamp(b), c, s, mn, mx
      from unnest(${list(ids)}::text[], ${list(metrics)}::text[], ${list(buckets)}::float8[], ${list(counts)}::int[],
                  ${list(sums)}::float8[], ${list(mins)}::float8[], ${list(maxs)}::float8[]) as u(e, m, b, c, s, mn, mx)
    ${options.skipExisting ? sql`on conflict do nothing` : sql``}`);
}

export async function insertLatest(db: Database, rows: LatestRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += CHUNK_ROWS) {
    const part = rows.slice(from, from + CHUNK_ROWS);
    await db.execute(sql`
      insert into telemetry_latest (equipment_id, metric, ts, value)
      select e, m, to_timestamp(t), v
        from unnest(${list(part.map((r) => r.equipmentId))}::text[], ${list(part.map((r) => r.metric))}::text[],
                    ${list(part.map((r) => r.ts / 1000))}::float8[], ${list(part.map((r) => round(r.value)))}::float8[]) as u(e, m, t, v)`);
  }
}
