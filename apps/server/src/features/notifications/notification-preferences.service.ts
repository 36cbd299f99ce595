import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { notificationPreferences } from '@sentinela/db/schema/notifications';
import { facilities } from '@sentinela/db/schema/plant';
import { defaultNotificationPreferences, type NotificationPreferences } from '@sentinela/shared/notifications';
import { actedBy, auditedChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';

type PreferencesRow = typeof notificationPreferences.$inferSelect;

export function preferencesOf(row: PreferencesRow | undefined): NotificationPreferences {
  if (!row) return defaultNotificationPreferences;
  return {
    channels: row.channels,
    facilityIds: row.facilityIds ?? null,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

/** The caller's own preferences (the defaults until they choose), with what the form needs to know. */
export async function getNotificationPreferences(db: Database, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const [user] = await db
    .select({ email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  return { ...preferencesOf(row), email: user?.email ?? '', hasPhone: Boolean(user?.phone) };
}

export async function setNotificationPreferences(caller: ChangeCaller, input: NotificationPreferences) {
  const { db, actor } = caller;
  if (input.facilityIds) {
    const ids = [...new Set(input.facilityIds)];
    const found = await db.select({ id: facilities.id }).from(facilities).where(inArray(facilities.id, ids));
    if (found.length !== ids.length) throw new AppError('BAD_REQUEST', 'notifications.unknownFacility');
    input = { ...input, facilityIds: ids };
  }
  const wantsSms = Object.values(input.channels).some((list) => list.includes('sms'));
  if (wantsSms) {
    const [user] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, actor.id));
    if (!user?.phone) throw new AppError('BAD_REQUEST', 'notifications.noPhone');
  }
  const values = {
    channels: input.channels,
    facilityIds: input.facilityIds,
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    updatedAt: new Date(),
  };
  await auditedChange(
    db,
    caller.origin,
    (tx) =>
      tx
        .insert(notificationPreferences)
        .values({ userId: actor.id, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: values }),
    () => ({
      action: 'notifications.preferences',
      result: 'success',
      ...actedBy(actor),
      target: actor.id,
      details: {
        channels: input.channels,
        facilities: input.facilityIds?.length ?? 'all',
        quietHours: input.quietHours,
      },
    }),
  );
  return getNotificationPreferences(db, actor.id);
}
