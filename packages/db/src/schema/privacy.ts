import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { privacyRequestStatuses } from '@sentinela/shared/privacy-values';
import { createdAt, parentId } from './columns';
import { users } from './accounts';

/**
 * People's requests for their account's deletion (LGPD, issue 16): pending until an administrator
 * carries one out (the person is anonymised, ADR 031) or refuses it. One open request per person.
 * The account row stays (anonymised), so the request keeps its link to it.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: parentId('user_id', () => users.id),
    status: text('status', { enum: privacyRequestStatuses }).notNull().default('pending'),
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('privacy_requests_one_open')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('privacy_requests_created_idx').on(t.createdAt),
  ],
);
