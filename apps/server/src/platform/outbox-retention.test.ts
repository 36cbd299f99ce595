import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { OUTBOX_KEPT_DAYS, purgeOutboxes } from './outbox-retention';

describe.each(testDatabaseKinds())('outbox retention on %s', (kind) => {
  let handle: DatabaseHandle;
  const now = new Date('2026-06-30T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it(`drops e-mail and SMS outbox rows older than ${OUTBOX_KEPT_DAYS} days in batches, keeps the recent ones`, async () => {
    const oldEmails = Array.from({ length: 7 }, (_, i) => ({
      toAddress: `old${i}@example.com`,
      subject: 'velho',
      body: 'x',
      createdAt: daysAgo(OUTBOX_KEPT_DAYS + 1 + i),
    }));
    await handle.db
      .insert(emailOutbox)
      .values([
        ...oldEmails,
        { toAddress: 'recent@example.com', subject: 'novo', body: 'x', createdAt: daysAgo(OUTBOX_KEPT_DAYS - 1) },
      ]);
    await handle.db.insert(smsOutbox).values([
      { toPhone: '+5511900000001', body: 'velho', createdAt: daysAgo(OUTBOX_KEPT_DAYS + 30) },
      { toPhone: '+5511900000002', body: 'velho', createdAt: daysAgo(OUTBOX_KEPT_DAYS + 0.5) },
      { toPhone: '+5511900000003', body: 'novo', createdAt: daysAgo(2) },
    ]);

    // Batches of 3: 7 old e-mails take three statements, and nothing recent goes.
    expect(await purgeOutboxes(handle.db, now, OUTBOX_KEPT_DAYS, 3)).toEqual({ email: 7, sms: 2 });
    const emails = await handle.db.select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(emails).toEqual([{ to: 'recent@example.com' }]);
    const sms = await handle.db.select({ to: smsOutbox.toPhone }).from(smsOutbox);
    expect(sms).toEqual([{ to: '+5511900000003' }]);

    // Run again: nothing more to drop.
    expect(await purgeOutboxes(handle.db, now)).toEqual({ email: 0, sms: 0 });
  });
});
