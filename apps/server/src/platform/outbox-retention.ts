import { inArray, lt } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { emailOutbox } from '@sentinela/db/schema/notifications';

/** How long the outbox providers keep what they "sent" (the audit log keeps each outcome for good). */
export const OUTBOX_KEPT_DAYS = 90;
/** Rows deleted per statement: short transactions, no long lock on a table a send writes to. */
export const OUTBOX_PURGE_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops e-mail and SMS outbox rows older than `keptDays`, `batch` rows at a time, until none is
 * left. Runs in the hourly retention job. Answers how many rows went, per table.
 */
export async function purgeOutboxes(
  db: Database,
  now: Date,
  keptDays = OUTBOX_KEPT_DAYS,
  batch = OUTBOX_PURGE_BATCH,
): Promise<{ email: number; sms: number }> {
  const cutoff = new Date(now.getTime() - keptDays * DAY_MS);
  const purged = { email: 0, sms: 0 };
  for (;;) {
    const old = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(lt(emailOutbox.createdAt, cutoff))
      .limit(batch);
    const gone = await db.delete(emailOutbox).where(inArray(emailOutbox.id, old)).returning({ id: emailOutbox.id });
    purged.email += gone.length;
    if (gone.length < batch) break;
  }
  for (;;) {
    const old = db.select({ id: smsOutbox.id }).from(smsOutbox).where(lt(smsOutbox.createdAt, cutoff)).limit(batch);
    const gone = await db.delete(smsOutbox).where(inArray(smsOutbox.id, old)).returning({ id: smsOutbox.id });
    purged.sms += gone.length;
    if (gone.length < batch) break;
  }
  return purged;
}
