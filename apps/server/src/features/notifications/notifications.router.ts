import { z } from 'zod';
import {
  notificationPreferencesOutput,
  notificationPreferencesSchema,
  notificationSettingsOutput,
  setNotificationSettingsInput,
  testEmailInput,
  testSendOutput,
} from '@sentinela/shared/notifications';
import { adminProcedure, authenticatedProcedure, router } from '../../trpc/init';
import { adminMutation } from '../../trpc/procedures';
import { getNotificationPreferences, setNotificationPreferences } from './notification-preferences.service';
import { getNotificationSettings, setNotificationSettings } from './notification-settings.service';
import { sendTestEmail, sendTestWebhook } from './notification-tests.service';

/** Alert notifications: each user's own preferences; the site's escalation, on-call list and webhook (admins). */
export const notificationsRouter = router({
  preferences: router({
    get: authenticatedProcedure
      .output(notificationPreferencesOutput)
      .query(({ ctx }) => getNotificationPreferences(ctx.db, ctx.user.id)),
    set: authenticatedProcedure
      .input(notificationPreferencesSchema)
      .output(notificationPreferencesOutput)
      .mutation(({ ctx, input }) =>
        setNotificationPreferences({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input),
      ),
  }),
  settings: router({
    get: adminProcedure.output(notificationSettingsOutput).query(({ ctx }) => getNotificationSettings(ctx.db)),
    set: adminMutation(setNotificationSettingsInput, notificationSettingsOutput, (caller, input) =>
      setNotificationSettings(caller, input),
    ),
  }),
  testEmail: adminProcedure
    .input(testEmailInput)
    .output(testSendOutput)
    .mutation(({ ctx, input }) =>
      sendTestEmail({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, ctx.email, input.to, ctx.lang),
    ),
  testWebhook: adminProcedure
    .input(z.void())
    .output(testSendOutput)
    .mutation(({ ctx }) => sendTestWebhook({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, ctx.auth.now())),
});
