import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@sentinela/db/client';
import { notificationMessages } from '@sentinela/db/schema/notifications';
import { languages, type Language } from '@sentinela/shared/language';
import { recordAudit, type RequestOrigin } from '../../platform/audit';
import type { EmailProvider } from '../../platform/email-provider';
import type { SmsProvider } from '../../platform/sms-provider';
import { alertMessageIn, alertText, digestText, type AlertSummary } from './notification-text';
import { maskRecipient, postWebhook } from './webhook-post';

export type DeliveryChannel = 'email' | 'sms' | 'webhook';

/** At most `max` messages per recipient and channel in any `windowMs`; the rest wait for one digest. */
export interface RateLimit {
  max: number;
  windowMs: number;
}
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60_000 };
/** How long the rows of sent messages are kept (the audit log keeps the outcome for good). */
const MESSAGES_KEPT_MS = 30 * 24 * 3600_000;

export interface NotifyDeps {
  db: Database;
  email: EmailProvider;
  sms: SmsProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: () => Date;
  limit?: RateLimit;
  /** How long one minute of the escalation setting lasts: 60 000 ms unless a test shortens it (ESCALATION_MINUTE_MS). */
  escalationMinuteMs?: number;
}

export const NOTIFY_ORIGIN: RequestOrigin = { ip: 'system', userAgent: 'sentinela-notifications' };

export interface Delivery {
  channel: DeliveryChannel;
  recipient: string;
  kind: 'alert' | 'escalation';
  language: Language;
  site: string;
  alert: AlertSummary;
  /** Escalations: the minutes the alert went unacknowledged. */
  escalatedAfter: number | null;
  /** The webhook's shared secret (channel webhook). */
  secret?: string | null;
}

interface StoredContent {
  site: string;
  alert: AlertSummary;
  escalatedAfter: number | null;
}

/**
 * Takes the recipient's lock for the transaction (PostgreSQL: two instances never count the same
 * window at once; PGlite runs one transaction at a time anyway).
 */
async function lockRecipient(tx: Database, channel: DeliveryChannel, recipient: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sentinela.notify:${channel}:${recipient}`}))`);
}

async function sentInWindow(tx: Database, channel: DeliveryChannel, recipient: string, since: Date) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.channel, channel),
        eq(notificationMessages.recipient, recipient),
        inArray(notificationMessages.status, ['sent', 'failed']),
        gt(notificationMessages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

async function transmit(
  deps: NotifyDeps,
  channel: DeliveryChannel,
  recipient: string,
  message: { subject: string; text: string; short: string },
  webhook: { secret: string | null; payload: unknown } | null,
): Promise<void> {
  if (channel === 'email') await deps.email.send({ to: recipient, subject: message.subject, text: message.text });
  else if (channel === 'sms') await deps.sms.send(recipient, message.short);
  else await postWebhook(recipient, webhook?.secret ?? null, webhook?.payload ?? {}, deps.now());
}

/**
 * The webhook's JSON: each alert's sentence in the site's default language (`message`, the same
 * words the web shows: packages/shared alert-text.ts), in every language the product speaks
 * (`texts.pt`, `texts.en`), and its key and parameters for receivers that word it themselves.
 */
export function webhookPayload(
  type: string,
  site: string,
  language: Language,
  alerts: AlertSummary[],
  now: Date,
  extra = {},
) {
  return {
    type,
    site,
    language,
    sentAt: now.toISOString(),
    ...extra,
    alerts: alerts.map((a) => {
      const texts = Object.fromEntries(languages.map((l) => [l, alertMessageIn(l, a)])) as Record<Language, string>;
      return {
        id: a.alertId,
        severity: a.severity,
        message: texts[language],
        texts,
        messageKey: a.messageKey ?? null,
        messageParams: a.messageParams ?? null,
        place: a.place,
        raisedAt: a.raisedAt,
      };
    }),
  };
}

/** Records the outcome in audit_log (action notification.<channel> or notification.digest). */
async function audit(
  deps: NotifyDeps,
  action: string,
  channel: DeliveryChannel,
  recipient: string,
  alertId: string | null,
  details: Record<string, unknown>,
  error: string | null,
) {
  try {
    await recordAudit(deps.db, NOTIFY_ORIGIN, {
      action,
      result: error === null ? 'success' : 'failure',
      target: alertId,
      details: { channel, recipient: maskRecipient(channel, recipient), alertId, ...details, error },
    });
  } catch (caught) {
    deps.log.error({ err: caught, action }, 'notification could not be audited');
  }
}

function errorText(caught: unknown): string {
  return (caught instanceof Error ? caught.message : String(caught)).slice(0, 500);
}

/**
 * Sends one message now if the recipient's window has room, else holds it for the digest.
 * Never throws: a failed send is recorded (notification_messages and audit_log) and logged.
 */
export async function deliver(deps: NotifyDeps, d: Delivery): Promise<'sent' | 'failed' | 'held'> {
  const limit = deps.limit ?? DEFAULT_RATE_LIMIT;
  const now = deps.now();
  const content: StoredContent = { site: d.site, alert: d.alert, escalatedAfter: d.escalatedAfter };
  const reserved = await deps.db.transaction(async (tx) => {
    await lockRecipient(tx, d.channel, d.recipient);
    const used = await sentInWindow(tx, d.channel, d.recipient, new Date(now.getTime() - limit.windowMs));
    const status = used >= limit.max ? ('held' as const) : ('sent' as const);
    const [row] = await tx
      .insert(notificationMessages)
      .values({
        channel: d.channel,
        recipient: d.recipient,
        kind: d.kind,
        alertId: d.alert.alertId,
        severity: d.alert.severity,
        language: d.language,
        content: content as unknown as Record<string, unknown>,
        status,
        createdAt: now,
      })
      .returning({ id: notificationMessages.id });
    return { id: row!.id, status };
  });
  if (reserved.status === 'held') return 'held';
  let error: string | null = null;
  try {
    const message = alertText(d.language, d.site, d.alert, d.escalatedAfter);
    const type = d.kind === 'escalation' ? 'alert.escalated' : 'alert.raised';
    await transmit(deps, d.channel, d.recipient, message, {
      secret: d.secret ?? null,
      payload: webhookPayload(
        type,
        d.site,
        d.language,
        [d.alert],
        now,
        d.escalatedAfter ? { escalatedAfterMinutes: d.escalatedAfter } : {},
      ),
    });
  } catch (caught) {
    error = errorText(caught);
    deps.log.warn({ channel: d.channel, alertId: d.alert.alertId, err: caught }, 'notification failed');
    await deps.db
      .update(notificationMessages)
      .set({ status: 'failed' })
      .where(eq(notificationMessages.id, reserved.id));
  }
  await audit(
    deps,
    `notification.${d.channel}`,
    d.channel,
    d.recipient,
    d.alert.alertId,
    { severity: d.alert.severity, kind: d.kind },
    error,
  );
  return error === null ? 'sent' : 'failed';
}

/**
 * The digest job: for each recipient with held messages whose window has room again, folds
 * them into one message (marked `digested`), sends it and records it as notification.digest.
 */
export async function sendDigests(deps: NotifyDeps, webhookSecret: (url: string) => string | null): Promise<number> {
  const limit = deps.limit ?? DEFAULT_RATE_LIMIT;
  const now = deps.now();
  const waiting = await deps.db
    .selectDistinct({ channel: notificationMessages.channel, recipient: notificationMessages.recipient })
    .from(notificationMessages)
    .where(eq(notificationMessages.status, 'held'))
    .limit(500);
  await deps.db
    .delete(notificationMessages)
    .where(
      and(
        inArray(notificationMessages.status, ['sent', 'failed', 'digested']),
        lt(notificationMessages.createdAt, new Date(now.getTime() - MESSAGES_KEPT_MS)),
      ),
    );
  let sent = 0;
  for (const { channel, recipient } of waiting) {
    const folded = await deps.db.transaction(async (tx) => {
      await lockRecipient(tx, channel, recipient);
      const used = await sentInWindow(tx, channel, recipient, new Date(now.getTime() - limit.windowMs));
      if (used >= limit.max) return null;
      const held = await tx
        .update(notificationMessages)
        .set({ status: 'digested' })
        .where(
          and(
            eq(notificationMessages.channel, channel),
            eq(notificationMessages.recipient, recipient),
            eq(notificationMessages.status, 'held'),
          ),
        )
        .returning({ content: notificationMessages.content, language: notificationMessages.language });
      if (held.length === 0) return null;
      const contents = held.map((h) => h.content as unknown as StoredContent);
      const [row] = await tx
        .insert(notificationMessages)
        .values({
          channel,
          recipient,
          kind: 'digest',
          alertId: contents[0]!.alert.alertId,
          severity: contents[0]!.alert.severity,
          language: held[0]!.language,
          content: { alertIds: contents.map((c) => c.alert.alertId) },
          status: 'sent',
          createdAt: now,
        })
        .returning({ id: notificationMessages.id });
      return { id: row!.id, contents, language: held[0]!.language };
    });
    if (!folded) continue;
    const alerts = folded.contents.map((c) => c.alert);
    const site = folded.contents[0]!.site;
    let error: string | null = null;
    try {
      await transmit(deps, channel, recipient, digestText(folded.language, site, alerts), {
        secret: channel === 'webhook' ? webhookSecret(recipient) : null,
        payload: webhookPayload('digest', site, folded.language, alerts, now),
      });
      sent += 1;
    } catch (caught) {
      error = errorText(caught);
      deps.log.warn({ channel, err: caught }, 'notification digest failed');
      await deps.db
        .update(notificationMessages)
        .set({ status: 'failed' })
        .where(eq(notificationMessages.id, folded.id));
    }
    await audit(
      deps,
      'notification.digest',
      channel,
      recipient,
      alerts[0]!.alertId,
      { alertIds: alerts.map((a) => a.alertId), count: alerts.length, severity: alerts[0]!.severity },
      error,
    );
  }
  return sent;
}
