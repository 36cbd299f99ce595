import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../client';
import { settings } from '../schema/settings';
import type { RollupChunk, RollupTable } from './bulk-rows';

/** Rows per batch of the background history: a short transaction, so requests wait little. */
export const HISTORY_BATCH_ROWS = 5_000;

/** Where the demo history stands, kept as a settings row (a new key needs no migration). */
const RECORD_KEY = 'demoHistory';

export interface HistoryBatch {
  table: RollupTable;
  rows: RollupChunk;
}

const historyRecord = z.object({
  /** What the history is generated from: the same seed and `now` give the same batches. */
  seed: z.number(),
  now: z.number(),
  done: z.number().int(),
  total: z.number().int(),
});
export type HistoryRecord = z.infer<typeof historyRecord>;

export interface DemoHistoryProgress {
  done: number;
  total: number;
  /** 0…100, whole. */
  percent: number;
  complete: boolean;
}

export function progressOf(record: Pick<HistoryRecord, 'done' | 'total'>): DemoHistoryProgress {
  const complete = record.done >= record.total;
  return {
    done: record.done,
    total: record.total,
    percent: complete ? 100 : Math.floor((100 * record.done) / Math.max(1, record.total)),
    complete,
  };
}

export async function startHistoryRecord(db: Database, record: HistoryRecord): Promise<void> {
  await db.insert(settings).values({ key: RECORD_KEY, value: record });
}

/** The record, or null on a database without a demo site. `lock`: held until the transaction ends. */
export async function readHistoryRecord(db: Database, options: { lock?: boolean } = {}): Promise<HistoryRecord | null> {
  const query = db.select({ value: settings.value }).from(settings).where(eq(settings.key, RECORD_KEY));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? historyRecord.parse(row.value) : null;
}

export async function writeHistoryDone(db: Database, done: number): Promise<void> {
  await db
    .update(settings)
    .set({ value: sql`jsonb_set(${settings.value}, '{done}', ${String(done)}::jsonb)`, updatedAt: new Date() })
    .where(eq(settings.key, RECORD_KEY));
}

/** How far the demo history is, or null when there is no demo history to fill. */
export async function demoHistoryProgress(db: Database): Promise<DemoHistoryProgress | null> {
  const record = await readHistoryRecord(db);
  return record && progressOf(record);
}
