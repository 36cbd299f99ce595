import type { Language } from '@sentinela/shared/language';
import type { Database } from '@sentinela/db/client';
import { actedBy, recordAudit, type ChangeCaller } from '../../platform/audit';
import type { EmailProvider } from '../../platform/email-provider';
import { AppError } from '../../platform/errors';
import { getPublicSettings } from '../settings/settings.service';
import { getStoredNotificationSettings } from './notification-settings.service';
import { testEmailText } from './notification-text';
import { maskRecipient, postWebhook } from './webhook-post';

function errorText(caught: unknown): string {
  return (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
}

async function outcome(
  caller: ChangeCaller,
  channel: 'email' | 'webhook',
  recipient: string,
  send: () => Promise<void>,
): Promise<{ ok: boolean; error: string | null }> {
  let error: string | null = null;
  try {
    await send();
  } catch (caught) {
    error = errorText(caught);
  }
  await recordAudit(caller.db, caller.origin, {
    action: `notification.${channel}`,
    result: error === null ? 'success' : 'failure',
    ...actedBy(caller.actor),
    target: null,
    details: { channel, recipient: maskRecipient(channel, recipient), test: true, error },
  });
  return { ok: error === null, error };
}

/** Admins' "send test": one e-mail through the configured provider; the outcome is answered, not thrown. */
export async function sendTestEmail(caller: ChangeCaller, email: EmailProvider, to: string, lang: Language) {
  const { siteName } = await getPublicSettings(caller.db);
  const message = testEmailText(lang, siteName);
  return outcome(caller, 'email', to, () => email.send({ to, subject: message.subject, text: message.text }));
}

/** Posts a signed `test` event to the site's webhook. */
export async function sendTestWebhook(caller: ChangeCaller, now: Date) {
  const db: Database = caller.db;
  const settings = await getStoredNotificationSettings(db);
  if (!settings.webhookUrl) throw new AppError('BAD_REQUEST', 'notifications.noWebhook');
  const { siteName, defaultLanguage } = await getPublicSettings(db);
  const url = settings.webhookUrl;
  return outcome(caller, 'webhook', url, () =>
    postWebhook(
      url,
      settings.webhookSecret,
      { type: 'test', site: siteName, language: defaultLanguage, sentAt: now.toISOString(), alerts: [] },
      now,
    ),
  );
}
