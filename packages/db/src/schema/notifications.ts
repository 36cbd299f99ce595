import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { alertSeverities } from '@sentinela/shared/alert-values';
import type { NotificationChannel } from '@sentinela/shared/notifications';
import { createdAt, parentId } from './columns';
import { users } from './accounts';
import { alerts } from './plant';

/** What the default `outbox` e-mail provider "sends": admins read it (email.outbox) and the log. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

/**
 * Each user's alert notifications: the channels per severity, the facilities (null: all) and
 * quiet hours ('HH:MM', both or neither), read in the alert's facility time zone.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: parentId('user_id', () => users.id).primaryKey(),
  channels: jsonb('channels').$type<Record<(typeof alertSeverities)[number], NotificationChannel[]>>().notNull(),
  facilityIds: jsonb('facility_ids').$type<string[] | null>(),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What was already notified about an alert: `raised:<severity>` and `escalation`. The primary
 * key makes each happen once per alert, across restarts and instances.
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.kind] })],
);

/**
 * Every message to one recipient on one channel: sent (or failed) at once while the recipient's
 * window has room, else held and later folded into one digest (status `digested`).
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms', 'webhook'] }).notNull(),
    /** An e-mail address, a phone number or the webhook's URL. */
    recipient: text('recipient').notNull(),
    kind: text('kind', { enum: ['alert', 'escalation', 'digest'] }).notNull(),
    alertId: uuid('alert_id'),
    severity: text('severity', { enum: alertSeverities }),
    language: text('language', { enum: ['pt', 'en'] }).notNull(),
    /** What the digest needs to word the message again: alert message, place. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['sent', 'failed', 'held', 'digested'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_messages_recipient_idx').on(t.channel, t.recipient, t.createdAt),
    index('notification_messages_held_idx').on(t.status, t.createdAt),
  ],
);
