import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { settings } from '@sentinela/db/schema/settings';
import { callerChange, type ChangeCaller } from './audit';

/** One settings row's value when it validates against `schema`, else `fallback` (a stale value never breaks a reader). */
export async function readSetting<T>(db: Database, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  const parsed = schema.safeParse(row?.value);
  return parsed.success ? parsed.data : fallback;
}

/** Stores each `key: value` as its settings row, inserted or replaced. */
export async function putSettings(tx: Database, values: Record<string, unknown>, now = new Date()): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await tx
      .insert(settings)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

/**
 * An administrator's replacement of settings: `read` takes the value before, `values` are stored,
 * and one audit entry (`action` on `target`, details `{ before, after }`) is written in the same
 * transaction. Answers `after`.
 */
export async function replaceSettings<T>(
  caller: ChangeCaller,
  change: {
    action: string;
    target: string;
    read: (tx: Database) => Promise<unknown>;
    values: Record<string, unknown>;
    after: T;
  },
): Promise<T> {
  await callerChange(
    caller,
    async (tx) => {
      const before = await change.read(tx);
      await putSettings(tx, change.values);
      return before;
    },
    (before) => ({
      action: change.action,
      target: change.target,
      details: { before, after: change.after },
    }),
  );
  return change.after;
}
