import { createHmac } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { alertNotifications, notificationMessages, notificationPreferences } from '@sentinela/db/schema/notifications';
import { alerts } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { AlertMessageParams } from '@sentinela/shared/alert-messages';
import type { StoredNotificationSettings } from '@sentinela/shared/notifications';
import { smtpEmailProvider, type EmailProvider } from '../../platform/email-provider';
import { outboxSmsProvider } from '../../platform/sms-provider';
import { seedPlant } from '../../../test/plant-fixture';
import { startLocalSmtp, startLocalWebhook } from '../../../test/local-smtp';
import { channelsFor, inQuietHours, notifyAlertRaised, runDigests, runEscalations } from './alert-notifications';
import type { NotifyDeps } from './notification-delivery';

const SECRET = 'shared-secret-of-the-site';
const silenceKey = {
  message: 'Equipamento sem comunicação há mais de 60 s',
  messageKey: 'message.silenceSeconds',
  messageParams: { seconds: 60 },
};

describe('quiet hours', () => {
  const prefs = {
    channels: { critical: ['email' as const], warning: ['email' as const], info: [] },
    facilityIds: null,
    quietHours: { start: '22:00', end: '06:00' },
  };
  it('hold back warnings inside the window (crossing midnight) but never critical alerts', () => {
    expect(inQuietHours('23:30', prefs.quietHours)).toBe(true);
    expect(inQuietHours('05:59', prefs.quietHours)).toBe(true);
    expect(inQuietHours('06:00', prefs.quietHours)).toBe(false);
    expect(inQuietHours('12:00', { start: '12:00', end: '13:00' })).toBe(true);
    // 07:00 UTC is 04:00 in São Paulo: inside the window there, outside it in UTC.
    const night = new Date('2026-03-03T07:00:00Z');
    const alert = { facilityId: 'f', timezone: 'America/Sao_Paulo' };
    expect(channelsFor(prefs, { ...alert, severity: 'warning' }, night)).toEqual([]);
    expect(channelsFor(prefs, { ...alert, severity: 'critical' }, night)).toEqual(['email']);
    expect(channelsFor(prefs, { ...alert, severity: 'warning', timezone: 'UTC' }, night)).toEqual(['email']);
  });
});

describe.each(testDatabaseKinds())('alert notifications on %s', (kind) => {
  let handle: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let hook: Awaited<ReturnType<typeof startLocalWebhook>>;
  let email: EmailProvider;
  let deps: NotifyDeps;
  let clock = new Date('2026-03-02T15:00:00Z');
  let ids: Awaited<ReturnType<typeof seedPlant>>;
  const userIds: Record<string, string> = {};

  async function addUser(name: string, phone: string | null = null) {
    const [row] = await handle.db
      .insert(users)
      .values({ name, email: `${name}@example.com`, passwordHash: 'x', phoneNumber: phone, twoFactorEnabled: true })
      .returning({ id: users.id });
    userIds[name] = row!.id;
    return row!.id;
  }

  async function setSite(value: Partial<StoredNotificationSettings>) {
    const full = {
      escalationMinutes: 10,
      onCall: { userIds: [], emails: [], phones: [] },
      webhookUrl: null,
      webhookSecret: null,
      ...value,
    };
    await handle.db
      .insert(settings)
      .values({ key: 'notifications', value: full })
      .onConflictDoUpdate({ target: settings.key, set: { value: full } });
  }

  async function raise(
    equipmentId: string,
    severity: 'critical' | 'warning' | 'info',
    source: string,
    at = clock,
    key: { messageKey: string; messageParams: AlertMessageParams; message: string } | null = null,
  ) {
    const [row] = await handle.db
      .insert(alerts)
      .values({ equipmentId, source, severity, message: `${source} em ${equipmentId}`, raisedAt: at, ...key })
      .returning({ id: alerts.id });
    return row!.id;
  }

  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    smtp = await startLocalSmtp();
    hook = await startLocalWebhook();
    email = smtpEmailProvider(smtp.url, 'Sentinela <alertas@example.com>');
    const log = pino({ level: 'silent' });
    deps = { db: handle.db, email, sms: outboxSmsProvider(handle.db, log), log, now: () => clock };
    ids = await seedPlant(handle.db);
    await addUser('alice');
    await addUser('bruno', '+5511987650001');
    await addUser('carla');
    await handle.db.insert(notificationPreferences).values([
      // alice: nothing chosen, so the default (critical by e-mail, every facility).
      {
        userId: userIds.bruno!,
        channels: { critical: ['sms'], warning: ['email', 'sms'], info: [] },
        facilityIds: [ids.f.beta],
        quietStart: null,
        quietEnd: null,
      },
      { userId: userIds.carla!, channels: { critical: [], warning: [], info: [] }, facilityIds: null },
    ]);
  });
  afterAll(async () => {
    email.close();
    await smtp.close();
    await hook.close();
    await handle.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    hook.received.length = 0;
    hook.answer.status = 204;
    await setSite({});
  });

  it('tells each user on the channels their preferences choose for the severity and facility, once', async () => {
    const alfa = await raise('mtr-a2', 'critical', 'event:a');
    expect(await notifyAlertRaised(deps, alfa)).toBe(1);
    expect(mailsTo('alice@example.com')).toHaveLength(1);
    expect(mailsTo('alice@example.com')[0]!.raw).toContain('Alerta cr');
    expect(smtp.received).toHaveLength(1); // bruno follows Beta only; carla chose nothing

    const beta = await raise('mtr-b1', 'warning', 'event:b');
    expect(await notifyAlertRaised(deps, beta)).toBe(2);
    expect(mailsTo('bruno@example.com')).toHaveLength(1);
    const sms = await handle.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, '+5511987650001'));
    expect(sms).toHaveLength(1);
    expect(mailsTo('alice@example.com')).toHaveLength(1); // alice: critical only

    // Published twice (two instances, a band moved back and forth): nobody hears it again.
    expect(await notifyAlertRaised(deps, beta)).toBe(0);
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.target, beta));
    expect(audits.map((a) => a.action).sort()).toEqual(['notification.email', 'notification.sms']);
    expect(audits.every((a) => a.result === 'success')).toBe(true);
    expect(audits.find((a) => a.action === 'notification.sms')?.details).toMatchObject({
      recipient: '**********0001',
      alertId: beta,
      severity: 'warning',
      error: null,
    });
    await handle.db.update(alerts).set({ status: 'cleared' });
  });

  it('signs the webhook body with HMAC-SHA256 and sends a timestamp', async () => {
    await setSite({ webhookUrl: hook.url, webhookSecret: SECRET });
    const id = await raise('mtr-a2', 'info', 'silence', clock, silenceKey);
    await notifyAlertRaised(deps, id);
    expect(hook.received).toHaveLength(1);
    const post = hook.received[0]!;
    const expected = `sha256=${createHmac('sha256', SECRET).update(post.body).digest('hex')}`;
    expect(post.headers['x-sentinela-signature']).toBe(expected);
    expect(post.headers['x-sentinela-timestamp']).toBe(String(clock.getTime() / 1000));
    // The site speaks Portuguese (the default): `message` in pt, both languages in `texts`, the key and parameters.
    expect(JSON.parse(post.body)).toMatchObject({
      type: 'alert.raised',
      language: 'pt',
      alerts: [
        {
          id,
          severity: 'info',
          message: 'Equipamento sem comunicação há mais de 60 s',
          texts: {
            pt: 'Equipamento sem comunicação há mais de 60 s',
            en: 'Equipment not reporting for more than 60 s',
          },
          messageKey: 'message.silenceSeconds',
          messageParams: { seconds: 60 },
        },
      ],
    });
    // A wrong secret would not verify.
    expect(createHmac('sha256', 'other').update(post.body).digest('hex')).not.toBe(expected.slice(7));
    await handle.db.update(alerts).set({ status: 'cleared' });
  });

  it("writes e-mail, SMS and the webhook in the site's default language when it is English", async () => {
    await setSite({ webhookUrl: hook.url, webhookSecret: SECRET });
    await handle.db.insert(settings).values({ key: 'defaultLanguage', value: 'en' });
    try {
      const id = await raise('mtr-b1', 'critical', 'silence', clock, silenceKey);
      await notifyAlertRaised(deps, id);
      const mail = mailsTo('alice@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.raw).toContain('Critical alert');
      // Quoted-printable: soft line breaks end in '='.
      expect(mail[0]!.raw.replace(/=\r?\n/g, '')).toContain('Equipment not reporting for more than 60 s');
      expect(mail[0]!.raw).not.toContain('Equipamento');
      const [sms] = await handle.db
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.toPhone, '+5511987650001'), like(smsOutbox.body, '%Critical alert%')));
      expect(sms?.body).toContain('Equipment not reporting for more than 60 s');
      const post = hook.received[0]!;
      expect(post.headers['x-sentinela-signature']).toBe(
        `sha256=${createHmac('sha256', SECRET).update(post.body).digest('hex')}`,
      );
      expect(JSON.parse(post.body)).toMatchObject({
        language: 'en',
        alerts: [{ id, message: 'Equipment not reporting for more than 60 s', messageKey: 'message.silenceSeconds' }],
      });
    } finally {
      await handle.db.delete(settings).where(eq(settings.key, 'defaultLanguage'));
      await handle.db.update(alerts).set({ status: 'cleared' });
    }
  });

  it('records a failed send (SMTP refusal, webhook 500) without throwing', async () => {
    await setSite({
      webhookUrl: hook.url,
      webhookSecret: SECRET,
      onCall: { userIds: [], emails: ['reject@example.com'], phones: [] },
      escalationMinutes: 1,
    });
    hook.answer.status = 500;
    const id = await raise('mtr-a2', 'critical', 'event:fail', new Date(clock.getTime() - 5 * 60_000));
    await expect(runEscalations(deps)).resolves.toBe(1);
    const rows = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, id), eq(auditLog.result, 'failure')));
    const actions = rows.map((r) => r.action).sort();
    expect(actions).toEqual(['notification.email', 'notification.webhook']);
    const mail = rows.find((r) => r.action === 'notification.email')!;
    expect(mail.details).toMatchObject({ recipient: 'r***@example.com', alertId: id, severity: 'critical' });
    expect(String((mail.details as { error: string }).error)).toMatch(/mailbox unavailable|550/);
    await handle.db.update(alerts).set({ status: 'cleared' });
  });

  it('escalates an unacknowledged critical alert to the on-call list once, even when run twice at once', async () => {
    await setSite({
      escalationMinutes: 10,
      onCall: { userIds: [userIds.carla!], emails: ['plantao@example.com'], phones: ['+5511900000099'] },
    });
    const late = await raise('mtr-a2', 'critical', 'event:late', new Date(clock.getTime() - 11 * 60_000));
    const recent = await raise('mtr-a2', 'critical', 'event:recent', new Date(clock.getTime() - 2 * 60_000));
    const acked = await raise('mtr-a2', 'critical', 'event:acked', new Date(clock.getTime() - 30 * 60_000));
    await handle.db.update(alerts).set({ status: 'acknowledged' }).where(eq(alerts.id, acked));

    const results = await Promise.all([runEscalations(deps), runEscalations(deps)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runEscalations(deps)).toBe(0);
    expect(mailsTo('plantao@example.com')).toHaveLength(1);
    expect(mailsTo('carla@example.com')).toHaveLength(1);
    expect(mailsTo('plantao@example.com')[0]!.raw).toContain('10 min');
    const rows = await handle.db.select().from(alertNotifications).where(eq(alertNotifications.kind, 'escalation'));
    expect(rows.filter((r) => [late, recent, acked].includes(r.alertId)).map((r) => r.alertId)).toEqual([late]);
    await handle.db.update(alerts).set({ status: 'cleared' });
  });

  it('counts the setting in the shortened minute of ESCALATION_MINUTE_MS (the e2e server), naming the setting', async () => {
    await setSite({ escalationMinutes: 10, onCall: { userIds: [], emails: ['plantao@example.com'], phones: [] } });
    const before = mailsTo('plantao@example.com').length;
    const late = await raise('mtr-a2', 'critical', 'event:short-late', new Date(clock.getTime() - 11_000));
    await raise('mtr-a2', 'critical', 'event:short-recent', new Date(clock.getTime() - 9_000));
    expect(await runEscalations({ ...deps, escalationMinuteMs: 1000 })).toBe(1);
    const rows = await handle.db.select().from(alertNotifications).where(eq(alertNotifications.kind, 'escalation'));
    expect(rows.map((r) => r.alertId)).toContain(late);
    expect(mailsTo('plantao@example.com')).toHaveLength(before + 1);
    expect(mailsTo('plantao@example.com').at(-1)!.raw).toContain('10 min');
    await handle.db.update(alerts).set({ status: 'cleared' });
  });

  it('sends at most 5 messages per recipient in 10 minutes and one digest of the rest when the window ends', async () => {
    await handle.db.delete(notificationMessages);
    const storm: string[] = [];
    for (let i = 0; i < 20; i += 1) storm.push(await raise('mtr-a2', 'critical', `event:storm-${i}`));
    for (const id of storm) await notifyAlertRaised(deps, id);
    expect(mailsTo('alice@example.com')).toHaveLength(5);
    const held = await handle.db
      .select()
      .from(notificationMessages)
      .where(and(eq(notificationMessages.recipient, 'alice@example.com'), eq(notificationMessages.status, 'held')));
    expect(held).toHaveLength(15);

    expect(await runDigests(deps)).toBe(0); // the window is still full
    const start = clock;
    clock = new Date(start.getTime() + 10 * 60_000 + 1000);
    try {
      expect(await runDigests(deps)).toBe(1);
      expect(await runDigests(deps)).toBe(0);
    } finally {
      clock = start;
    }
    const digests = mailsTo('alice@example.com').slice(5);
    expect(digests).toHaveLength(1);
    expect(digests[0]!.raw).toContain('15 alertas');
    // A month later the rows of the storm are gone; the audit log keeps the outcomes.
    clock = new Date(start.getTime() + 31 * 24 * 3600_000);
    try {
      await runDigests(deps);
    } finally {
      clock = start;
    }
    expect(await handle.db.select().from(notificationMessages)).toEqual([]);
    const audit = await handle.db.select().from(auditLog).where(like(auditLog.action, 'notification.digest'));
    expect(audit).toHaveLength(1);
    expect((audit[0]!.details as { alertIds: string[] }).alertIds).toHaveLength(15);
    await handle.db.update(alerts).set({ status: 'cleared' });
  });
});
