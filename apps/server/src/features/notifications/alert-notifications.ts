import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { alertNotifications, notificationPreferences } from '@sentinela/db/schema/notifications';
import { alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { alertSeverities, type AlertSeverity } from '@sentinela/shared/alert-values';
import { quietHoursHoldBack, type NotificationPreferences } from '@sentinela/shared/notifications';
import { alertHeadColumns } from '../alerts/alerts.service';
import { getPublicSettings } from '../settings/settings.service';
import { deliver, sendDigests, type Delivery, type NotifyDeps } from './notification-delivery';
import { preferencesOf } from './notification-preferences.service';
import { getStoredNotificationSettings } from './notification-settings.service';
import type { AlertSummary } from './notification-text';

const SITE_ZONE_FALLBACK = 'America/Sao_Paulo';

/** Higher is worse. */
const rank = (s: AlertSeverity) => alertSeverities.length - alertSeverities.indexOf(s);

/** The zone most facilities are in: the clock of a site alert (as the web's `useFacilityZones().site`). */
async function siteZone(db: Database): Promise<string> {
  const [row] = await db
    .select({ zone: facilities.timezone })
    .from(facilities)
    .groupBy(facilities.timezone)
    .orderBy(sql`count(*) desc`, facilities.timezone)
    .limit(1);
  return row?.zone ?? SITE_ZONE_FALLBACK;
}

interface AlertFacts {
  summary: AlertSummary;
  status: string;
  facilityId: string | null;
}

async function alertFacts(db: Database, alertId: string, site: string): Promise<AlertFacts | null> {
  const [row] = await db
    .select({
      ...alertHeadColumns,
      source: alerts.source,
      value: alerts.value,
      raisedAt: alerts.raisedAt,
      equipmentName: equipment.name,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timezone: facilities.timezone,
    })
    .from(alerts)
    .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
    .leftJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(eq(alerts.id, alertId));
  if (!row) return null;
  return {
    status: row.status,
    facilityId: row.facilityId,
    summary: {
      alertId: row.id,
      severity: row.severity,
      message: row.message,
      messageKey: row.messageKey,
      messageParams: row.messageParams,
      source: row.source,
      value: row.value,
      place: row.equipmentName ? `${row.equipmentName} · ${row.facilityName ?? ''}`.replace(/ · $/, '') : site,
      raisedAt: row.raisedAt.toISOString(),
      timezone: row.timezone ?? (await siteZone(db)),
    },
  };
}

/** 'HH:MM' of `at` on the wall clock of `timezone`. */
export function clockIn(at: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** Whether `clock` falls in [start, end); a window may cross midnight (22:00–06:00). */
export function inQuietHours(clock: string, quiet: { start: string; end: string }): boolean {
  return quiet.start < quiet.end
    ? clock >= quiet.start && clock < quiet.end
    : clock >= quiet.start || clock < quiet.end;
}

/**
 * The channels a user's preferences choose for an alert: its severity's channels, when the
 * alert's facility is one of theirs (a site alert reaches everyone who wants its severity) and,
 * for warning and info, outside quiet hours. Critical alerts ignore quiet hours.
 */
export function channelsFor(
  prefs: NotificationPreferences,
  alert: { severity: AlertSeverity; facilityId: string | null; timezone: string },
  now: Date,
) {
  const channels = prefs.channels[alert.severity];
  if (channels.length === 0) return [];
  if (prefs.facilityIds && alert.facilityId && !prefs.facilityIds.includes(alert.facilityId)) return [];
  if (
    prefs.quietHours &&
    (quietHoursHoldBack as readonly string[]).includes(alert.severity) &&
    inQuietHours(clockIn(now, alert.timezone), prefs.quietHours)
  )
    return [];
  return channels;
}

/** Claims one notification kind for an alert; false when it was already done (here, earlier or elsewhere). */
async function claim(db: Database, alertId: string, kind: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(alertNotifications)
    .values({ alertId, kind, at })
    .onConflictDoNothing()
    .returning({ kind: alertNotifications.kind });
  return rows.length > 0;
}

async function siteContext(db: Database) {
  const [publicSettings, settings] = await Promise.all([getPublicSettings(db), getStoredNotificationSettings(db)]);
  return { site: publicSettings.siteName, language: publicSettings.defaultLanguage, settings };
}

/**
 * An alert became active (raised, or moved to a worse band): each user whose preferences match
 * is told on their channels, and the site's webhook gets it. Once per alert and severity: a band
 * the alert already notified (or a milder one after a worse) notifies nobody again.
 */
export async function notifyAlertRaised(deps: NotifyDeps, alertId: string): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const { site, language, settings } = await siteContext(db);
  const facts = await alertFacts(db, alertId, site);
  if (!facts || facts.status !== 'active') return 0;
  const { summary } = facts;
  const done = await db
    .select({ kind: alertNotifications.kind })
    .from(alertNotifications)
    .where(eq(alertNotifications.alertId, alertId));
  const worstDone = done
    .map((r) => r.kind.startsWith('raised:') && r.kind.slice(7))
    .filter((s): s is AlertSeverity => (alertSeverities as readonly unknown[]).includes(s))
    .reduce((worst, s) => Math.max(worst, rank(s)), 0);
  if (worstDone >= rank(summary.severity)) return 0;
  if (!(await claim(db, alertId, `raised:${summary.severity}`, now))) return 0;

  const people = await db
    .select({ email: users.email, phone: users.phoneNumber, prefs: notificationPreferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(and(isNull(users.disabledAt), eq(users.demo, false)));
  const deliveries: Delivery[] = [];
  const base = { kind: 'alert' as const, language, site, alert: summary, escalatedAfter: null };
  for (const person of people) {
    const channels = channelsFor(
      preferencesOf(person.prefs ?? undefined),
      { severity: summary.severity, facilityId: facts.facilityId, timezone: summary.timezone },
      now,
    );
    if (channels.includes('email')) deliveries.push({ ...base, channel: 'email', recipient: person.email });
    if (channels.includes('sms') && person.phone) deliveries.push({ ...base, channel: 'sms', recipient: person.phone });
  }
  if (settings.webhookUrl)
    deliveries.push({ ...base, channel: 'webhook', recipient: settings.webhookUrl, secret: settings.webhookSecret });
  for (const delivery of deliveries) await deliver(deps, delivery);
  return deliveries.length;
}

/**
 * The escalation job: critical alerts still active (nobody acknowledged) N minutes after they
 * became critical go to the on-call list and the webhook, once per alert (the `escalation` row).
 */
export async function runEscalations(deps: NotifyDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const { site, language, settings } = await siteContext(db);
  const { onCall } = settings;
  const cutoff = new Date(now.getTime() - settings.escalationMinutes * (deps.escalationMinuteMs ?? 60_000));
  const criticalSince = sql`coalesce((select max(c.at) from alert_changes c where c.alert_id = ${alerts.id} and c.to_severity = 'critical'), ${alerts.raisedAt})`;
  const due = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.status, 'active'),
        eq(alerts.severity, 'critical'),
        sql`${criticalSince} <= ${cutoff.toISOString()}::timestamptz`,
        sql`not exists (select 1 from alert_notifications n where n.alert_id = ${alerts.id} and n.kind = 'escalation')`,
      ),
    )
    .orderBy(alerts.raisedAt)
    .limit(100);
  if (due.length === 0) return 0;
  const members =
    onCall.userIds.length > 0
      ? await db
          .select({ email: users.email, phone: users.phoneNumber })
          .from(users)
          .where(and(inArray(users.id, onCall.userIds), isNull(users.disabledAt)))
      : [];
  const emails = [...new Set([...members.map((m) => m.email), ...onCall.emails])];
  const phones = [...new Set([...members.flatMap((m) => (m.phone ? [m.phone] : [])), ...onCall.phones])];
  let escalated = 0;
  for (const { id } of due) {
    const facts = await alertFacts(db, id, site);
    if (!facts || facts.status !== 'active' || !(await claim(db, id, 'escalation', now))) continue;
    escalated += 1;
    const base = {
      kind: 'escalation' as const,
      language,
      site,
      alert: facts.summary,
      escalatedAfter: settings.escalationMinutes,
    };
    for (const email of emails) await deliver(deps, { ...base, channel: 'email', recipient: email });
    for (const phone of phones) await deliver(deps, { ...base, channel: 'sms', recipient: phone });
    if (settings.webhookUrl)
      await deliver(deps, {
        ...base,
        channel: 'webhook',
        recipient: settings.webhookUrl,
        secret: settings.webhookSecret,
      });
  }
  return escalated;
}

/** The digest job, with the webhook's secret as the settings hold it now. */
export async function runDigests(deps: NotifyDeps): Promise<number> {
  const settings = await getStoredNotificationSettings(deps.db);
  return sendDigests(deps, (url) => (url === settings.webhookUrl ? settings.webhookSecret : null));
}
