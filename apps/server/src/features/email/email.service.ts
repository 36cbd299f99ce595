import { desc, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import type { emailOutboxInput } from '@sentinela/shared/notifications';
import type { z } from 'zod';

/** The e-mails the `outbox` provider kept, newest first: what a local operator reads. */
export async function listEmailOutbox(db: Database, input: z.output<typeof emailOutboxInput>) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      body: emailOutbox.body,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(input.to ? eq(emailOutbox.toAddress, input.to) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(input.limit);
}
