import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { smtpEmailProvider, type EmailProvider } from '../../platform/email-provider';
import { failure } from '../../../test/call-failure';
import { startLocalSmtp, startLocalWebhook } from '../../../test/local-smtp';
import { seedPlant } from '../../../test/plant-fixture';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';

const prefs = {
  channels: { critical: ['email' as const], warning: [], info: [] },
  facilityIds: null,
  quietHours: { start: '22:00', end: '07:00' },
};

describe.each(testDatabaseKinds())('notifications API on %s', (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startLocalSmtp>>;
  let hook: Awaited<ReturnType<typeof startLocalWebhook>>;
  let email: EmailProvider;
  let viewer: TestClient;
  let admin: TestClient;
  let adminEn: TestClient;
  let ids: Awaited<ReturnType<typeof seedPlant>>;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    hook = await startLocalWebhook();
    email = smtpEmailProvider(smtp.url, 'Sentinela <alertas@example.com>');
    server = await startTestServer(kind, { email });
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('adam@example.com', 'admin', 'en');
    ids = await seedPlant(server.database.db);
  });
  afterAll(async () => {
    await server.close();
    email.close();
    await smtp.close();
    await hook.close();
  });

  it('lets every user read and choose their own preferences (defaults until then)', async () => {
    expect(await viewer.trpc.notifications.preferences.get.query()).toEqual({
      channels: { critical: ['email'], warning: [], info: [] },
      facilityIds: null,
      quietHours: null,
      email: 'vera@example.com',
      hasPhone: false,
    });
    const saved = await viewer.trpc.notifications.preferences.set.mutate({ ...prefs, facilityIds: [ids.f.beta] });
    expect(saved).toMatchObject({ facilityIds: [ids.f.beta], quietHours: { start: '22:00', end: '07:00' } });
    expect((await admin.trpc.notifications.preferences.get.query()).facilityIds).toBeNull();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notifications.preferences'));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad preferences with clear messages', async () => {
    expect(
      await failure(
        viewer.trpc.notifications.preferences.set.mutate({ ...prefs, quietHours: { start: '25:00', end: '07:00' } }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Use o formato HH:MM') });
    expect(
      await failure(
        viewer.trpc.notifications.preferences.set.mutate({ ...prefs, quietHours: { start: '07:00', end: '07:00' } }),
      ),
    ).toMatchObject({ message: expect.stringContaining('devem ser diferentes') });
    expect(
      await failure(
        viewer.trpc.notifications.preferences.set.mutate({ ...prefs, channels: { ...prefs.channels, info: ['sms'] } }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Cadastre um telefone (Segurança) para receber SMS.' });
    expect(
      await failure(
        viewer.trpc.notifications.preferences.set.mutate({
          ...prefs,
          facilityIds: ['00000000-0000-4000-8000-000000000000'],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'Instalação não encontrada.' });
  });

  it('keeps the site settings for admins only, never answering the secret', async () => {
    const settings = {
      escalationMinutes: 5,
      onCall: { userIds: [], emails: ['Plantao@Example.com'], phones: ['+55 (11) 98765-0000'] },
      webhookUrl: hook.url,
      webhookSecret: 'a-long-shared-secret',
    };
    expect(await failure(viewer.trpc.notifications.settings.get.query())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(viewer.trpc.notifications.settings.set.mutate(settings))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(viewer.trpc.notifications.testWebhook.mutate())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(viewer.trpc.email.outbox.query())).toMatchObject({ code: 'FORBIDDEN' });
    const saved = await admin.trpc.notifications.settings.set.mutate(settings);
    expect(saved).toEqual({
      escalationMinutes: 5,
      onCall: { userIds: [], emails: ['plantao@example.com'], phones: ['+5511987650000'] },
      webhookUrl: hook.url,
      webhookSecretSet: true,
    });
    expect(JSON.stringify(await admin.trpc.notifications.settings.get.query())).not.toContain('a-long-shared-secret');
    // Without a new secret the stored one stays.
    const { webhookSecret: _kept, ...rest } = settings;
    expect(
      (await admin.trpc.notifications.settings.set.mutate({ ...rest, escalationMinutes: 7 })).webhookSecretSet,
    ).toBe(true);
  });

  it('refuses bad site settings with clear messages', async () => {
    const base = { escalationMinutes: 5, onCall: { userIds: [], emails: [], phones: [] }, webhookUrl: null };
    expect(
      await failure(
        adminEn.trpc.notifications.settings.set.mutate({
          ...base,
          onCall: { ...base.onCall, emails: ['not-an-email'] },
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('Enter a valid e-mail address') });
    expect(
      await failure(adminEn.trpc.notifications.settings.set.mutate({ ...base, webhookUrl: 'ftp://example.com/x' })),
    ).toMatchObject({ message: expect.stringContaining('Enter a valid http:// or https:// address') });
    expect(
      await failure(adminEn.trpc.notifications.settings.set.mutate({ ...base, escalationMinutes: 0 })),
    ).toMatchObject({
      message: expect.stringContaining('Choose from 1 to 1440 minutes'),
    });
    expect(
      await failure(adminEn.trpc.notifications.settings.set.mutate({ ...base, webhookSecret: 'short' })),
    ).toMatchObject({ message: expect.stringContaining('16 to 256 characters') });
    expect(
      await failure(
        adminEn.trpc.notifications.settings.set.mutate({
          ...base,
          onCall: { ...base.onCall, userIds: ['00000000-0000-4000-8000-000000000000'] },
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: 'On-call user not found.' });
  });

  it('sends a signed test to the webhook and a test e-mail, answering failures instead of throwing', async () => {
    hook.received.length = 0;
    expect(await admin.trpc.notifications.testWebhook.mutate()).toEqual({ ok: true, error: null });
    const post = hook.received[0]!;
    expect(post.headers['x-sentinela-signature']).toBe(
      `sha256=${createHmac('sha256', 'a-long-shared-secret').update(post.body).digest('hex')}`,
    );
    expect(JSON.parse(post.body)).toMatchObject({ type: 'test' });
    hook.answer.status = 503;
    expect(await admin.trpc.notifications.testWebhook.mutate()).toEqual({ ok: false, error: 'webhook answered 503' });
    hook.answer.status = 204;

    expect(await admin.trpc.notifications.testEmail.mutate({ to: 'ana@example.com' })).toEqual({
      ok: true,
      error: null,
    });
    expect(smtp.received.at(-1)?.to).toEqual(['ana@example.com']);
    const refused = await admin.trpc.notifications.testEmail.mutate({ to: 'reject@example.com' });
    expect(refused.ok).toBe(false);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'notification.email'));
    expect(audit.map((a) => a.result)).toEqual(['success', 'failure']);
    expect(await failure(admin.trpc.notifications.testEmail.mutate({ to: 'nope' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('lists the e-mail outbox for admins', async () => {
    await server.database.db.insert(emailOutbox).values({ toAddress: 'x@example.com', subject: 'S', body: 'B' });
    expect(await admin.trpc.email.outbox.query({ to: 'x@example.com' })).toMatchObject([
      { toAddress: 'x@example.com', subject: 'S', body: 'B' },
    ]);
  });
});
