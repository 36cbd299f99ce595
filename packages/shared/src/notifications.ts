import { z } from 'zod';
import { emailSchema } from './auth';
import { PHONE_PATTERN } from './auth-rules';
import { clockTimeSchema } from './settings';

/** How a person is told of an alert. The site's webhook is a third channel, not a person's. */
export const notificationChannels = ['email', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The severities quiet hours hold back: a critical alert is always sent. */
export const quietHoursHoldBack = ['warning', 'info'] as const;

const channelList = z
  .array(z.enum(notificationChannels, 'validation.notificationChannel'))
  .max(2)
  .transform((list) => [...new Set(list)]);

/**
 * A user's alert notifications: channels per severity, facilities (null: all of them) and quiet
 * hours (start and end 'HH:MM' in the alert's facility time zone; null: none). The window may
 * cross midnight (22:00–06:00).
 */
export const notificationPreferencesSchema = z
  .object({
    channels: z.object({ critical: channelList, warning: channelList, info: channelList }),
    facilityIds: z.array(z.string().uuid('validation.facilityId')).max(200).nullable(),
    quietHours: z.object({ start: clockTimeSchema, end: clockTimeSchema }).nullable(),
  })
  .refine((p) => p.quietHours === null || p.quietHours.start !== p.quietHours.end, {
    message: 'validation.quietHoursSame',
    path: ['quietHours', 'end'],
  })
  .refine((p) => p.facilityIds === null || p.facilityIds.length > 0, {
    message: 'validation.facilitiesRequired',
    path: ['facilityIds'],
  });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** Until a user chooses: critical alerts by e-mail, nothing else. */
export const defaultNotificationPreferences: NotificationPreferences = {
  channels: { critical: ['email'], warning: [], info: [] },
  facilityIds: null,
  quietHours: null,
};

export const notificationPreferencesOutput = notificationPreferencesSchema.and(
  z.object({ hasPhone: z.boolean(), email: z.string() }),
);

export const phoneNumberSchema = z
  .string()
  .trim()
  .transform((p) => p.replace(/[\s().-]/g, ''))
  .refine((p) => PHONE_PATTERN.test(p), 'validation.phoneInvalid');

const webhookUrl = z
  .string()
  .trim()
  .max(2000, 'validation.webhookUrl')
  .pipe(z.url({ protocol: /^https?$/, error: 'validation.webhookUrl' }));

export const ESCALATION_MINUTES_MAX = 1440;

/**
 * The site's notification settings (settings key `notifications`, admins on /settings):
 * escalation after N minutes to the on-call list, and the site's webhook.
 */
export const notificationSettingsSchema = z.object({
  escalationMinutes: z
    .number('validation.number')
    .int('validation.escalationMinutes')
    .min(1, 'validation.escalationMinutes')
    .max(ESCALATION_MINUTES_MAX, 'validation.escalationMinutes'),
  onCall: z.object({
    userIds: z.array(z.string().uuid('validation.userId')).max(50),
    emails: z.array(emailSchema).max(20),
    phones: z.array(phoneNumberSchema).max(20),
  }),
  webhookUrl: webhookUrl.nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What is stored: the settings and the webhook's shared secret (never sent back to the browser). */
export const storedNotificationSettingsSchema = notificationSettingsSchema.extend({
  webhookSecret: z.string().nullable(),
});
export type StoredNotificationSettings = z.infer<typeof storedNotificationSettingsSchema>;

export const defaultNotificationSettings: StoredNotificationSettings = {
  escalationMinutes: 15,
  onCall: { userIds: [], emails: [], phones: [] },
  webhookUrl: null,
  webhookSecret: null,
};

export const WEBHOOK_SECRET_MIN = 16;

/** `webhookSecret`: absent keeps the stored one, null removes it, a string replaces it. */
export const setNotificationSettingsInput = notificationSettingsSchema.extend({
  webhookSecret: z
    .string()
    .min(WEBHOOK_SECRET_MIN, 'validation.webhookSecret')
    .max(256, 'validation.webhookSecret')
    .nullable()
    .optional(),
});

export const notificationSettingsOutput = notificationSettingsSchema.extend({ webhookSecretSet: z.boolean() });

export const testEmailInput = z.object({ to: emailSchema });
export const testSendOutput = z.object({ ok: z.boolean(), error: z.string().nullable() });

export const emailOutboxInput = z
  .object({
    to: z.string().trim().toLowerCase().max(254).optional(),
    limit: z.number().int().min(1).max(100).default(20),
  })
  .default({ limit: 20 });

export const emailOutboxOutput = z.array(
  z.object({ id: z.string(), toAddress: z.string(), subject: z.string(), body: z.string(), createdAt: z.date() }),
);
