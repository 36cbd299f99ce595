import { desc, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import type { smsOutboxInput } from '@sentinela/shared/sms';
import type { z } from 'zod';

/** The messages the `outbox` provider kept, newest first: what a local operator reads. */
export async function listSmsOutbox(db: Database, input: z.output<typeof smsOutboxInput>) {
  return db
    .select({ id: smsOutbox.id, toPhone: smsOutbox.toPhone, body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(input.phoneNumber ? eq(smsOutbox.toPhone, input.phoneNumber.replace(/[\s().-]/g, '')) : undefined)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(input.limit);
}
