import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import {
  defaultNotificationSettings,
  storedNotificationSettingsSchema,
  type setNotificationSettingsInput,
  type StoredNotificationSettings,
} from '@sentinela/shared/notifications';
import type { z } from 'zod';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { putSettings, readSetting } from '../../platform/settings-store';

export const NOTIFICATION_SETTINGS_KEY = 'notifications';

/** The site's notification settings, secret included (server side only): stored when valid, else the defaults. */
export function getStoredNotificationSettings(db: Database): Promise<StoredNotificationSettings> {
  return readSetting(db, NOTIFICATION_SETTINGS_KEY, storedNotificationSettingsSchema, defaultNotificationSettings);
}

/** What admins read: the secret is never sent back, only whether one is set. */
export async function getNotificationSettings(db: Database) {
  const { webhookSecret, ...rest } = await getStoredNotificationSettings(db);
  return { ...rest, webhookSecretSet: webhookSecret !== null };
}

export async function setNotificationSettings(
  caller: ChangeCaller,
  input: z.output<typeof setNotificationSettingsInput>,
) {
  const { db } = caller;
  const userIds = [...new Set(input.onCall.userIds)];
  if (userIds.length > 0) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), isNull(users.disabledAt)));
    if (found.length !== userIds.length) throw new AppError('BAD_REQUEST', 'notifications.unknownUser');
  }
  const current = await getStoredNotificationSettings(db);
  const value: StoredNotificationSettings = {
    escalationMinutes: input.escalationMinutes,
    onCall: {
      userIds,
      emails: [...new Set(input.onCall.emails)],
      phones: [...new Set(input.onCall.phones)],
    },
    webhookUrl: input.webhookUrl || null,
    webhookSecret: input.webhookSecret === undefined ? current.webhookSecret : input.webhookSecret,
  };
  await callerChange(
    caller,
    (tx) => putSettings(tx, { [NOTIFICATION_SETTINGS_KEY]: value }),
    () => ({
      action: 'settings.notifications',
      target: NOTIFICATION_SETTINGS_KEY,
      details: {
        escalationMinutes: value.escalationMinutes,
        onCall: { users: userIds.length, emails: value.onCall.emails.length, phones: value.onCall.phones.length },
        webhook: value.webhookUrl ? new URL(value.webhookUrl).origin : null,
        secretChanged: input.webhookSecret !== undefined,
      },
    }),
  );
  return getNotificationSettings(db);
}
