import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions, smsOutbox, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { MAX_RESETS_PER_EMAIL_PER_HOUR } from './password-reset.service';

const PASSWORD = 'Turbina#Forte26';
const NEW_PASSWORD = 'Represa#Calma58';

// Changing a password (Security dialog) and resetting a forgotten one by e-mail (issue 16).
describe.each(testDatabaseKinds())('passwords on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const secretOf = async (email: string) => {
    const client = server.client();
    await client.trpc.auth.register.mutate({ name: email.split('@')[0]!, email, password: PASSWORD });
    const { secret } = await client.trpc.auth.setup2FA.query();
    await client.trpc.auth.verify2FA.mutate({ code: await totp(secret) });
    server.clock.advance(30_000);
    return { client, secret };
  };
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) });
  const sessionCount = async (email: string) =>
    (
      await server.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, email))
    ).length;
  const signIn = async (email: string, password: string, secret: string): Promise<TestClient> => {
    const client = server.client();
    expect(await client.trpc.auth.login.mutate({ email, password })).toEqual({
      twoFactorRequired: true,
      method: 'totp',
    });
    await client.trpc.auth.verifyLogin2FA.mutate({ code: await totp(secret) });
    server.clock.advance(30_000);
    return client;
  };
  const linkIn = async (to: string) => {
    const [mail] = await server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    return /\/login\?reset=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? null;
  };

  it('changes the password with the current one and a 2FA code, ending the other sessions', async () => {
    const { client, secret } = await secretOf('ana@example.com');
    const other = await signIn('ana@example.com', PASSWORD, secret);
    expect(await sessionCount('ana@example.com')).toBe(2);

    const wrong = await failure(
      client.trpc.auth.changePassword.mutate({
        currentPassword: 'Errada#123x',
        newPassword: NEW_PASSWORD,
        code: '000000',
      }),
    );
    expect(wrong).toEqual({ message: 'A senha atual está incorreta.', code: 'BAD_REQUEST', status: 400 });
    expect(
      (
        await failure(
          client.trpc.auth.changePassword.mutate({
            currentPassword: PASSWORD,
            newPassword: NEW_PASSWORD,
            code: '000000',
          }),
        )
      ).message,
    ).toBe('Código inválido');
    expect(
      await failure(
        server
          .client('en')
          .trpc.auth.changePassword.mutate({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, code: '000000' }),
      ),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    const common = await failure(
      client.trpc.auth.changePassword.mutate({
        currentPassword: PASSWORD,
        newPassword: 'Password1!',
        code: await totp(secret),
      }),
    );
    expect(common.message).toBe('Esta senha é comum demais e fácil de adivinhar. Escolha outra.');
    const weak = await failure(
      client.trpc.auth.changePassword.mutate({ currentPassword: PASSWORD, newPassword: 'curta', code: '123456' }),
    );
    expect(weak.message).toContain('A senha precisa de 8 caracteres ou mais');

    expect(
      await client.trpc.auth.changePassword.mutate({
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        code: await totp(secret),
      }),
    ).toEqual({ signedOutOthers: 1 });
    server.clock.advance(30_000);
    expect(await client.trpc.auth.me.query()).toMatchObject({ email: 'ana@example.com' });
    expect(await other.trpc.auth.me.query()).toBeNull();
    expect(
      await failure(server.client().trpc.auth.login.mutate({ email: 'ana@example.com', password: PASSWORD })),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    await signIn('ana@example.com', NEW_PASSWORD, secret);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password.change'));
    expect(audit.map((a) => a.result).sort()).toEqual(['failure', 'failure', 'failure', 'success']);
  });

  it("changes an SMS account's password with a code the Security dialog sends, not with a sign-in code", async () => {
    const phone = '+5511987650001';
    const latestSms = async () => {
      const rows = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
      const body = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)?.body ?? '';
      return /(\d{6})/.exec(body)?.[1] ?? '';
    };
    const client = server.client();
    await client.trpc.auth.register.mutate({ name: 'Caio', email: 'caio@example.com', password: PASSWORD });
    await client.trpc.auth.setup2FASMS.mutate({ phoneNumber: phone });
    await client.trpc.auth.sendSMSCode.mutate();
    await client.trpc.auth.verifySMSCode.mutate({ code: await latestSms() });
    server.clock.advance(31_000);

    // A TOTP account cannot ask for one.
    const { client: app } = await secretOf('totp-only@example.com');
    expect((await failure(app.trpc.auth.sendPasswordChangeSMS.mutate())).message).toBe(
      'A sua conta não usa SMS como segundo fator.',
    );
    expect(await failure(server.client().trpc.auth.sendPasswordChangeSMS.mutate())).toMatchObject({
      code: 'UNAUTHORIZED',
    });

    // A sign-in code (another purpose) does not change the password.
    const other = server.client();
    expect(await other.trpc.auth.login.mutate({ email: 'caio@example.com', password: PASSWORD })).toEqual({
      twoFactorRequired: true,
      method: 'sms',
    });
    const loginCode = await latestSms();
    const change = (code: string) =>
      client.trpc.auth.changePassword.mutate({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, code });
    expect((await failure(change(loginCode))).message).toBe('Código inválido');
    await other.trpc.auth.verifyLogin2FA.mutate({ code: loginCode });

    expect(await client.trpc.auth.sendPasswordChangeSMS.mutate()).toMatchObject({ success: true });
    expect((await failure(client.trpc.auth.sendPasswordChangeSMS.mutate())).code).toBe('TOO_MANY_REQUESTS');
    expect(await change(await latestSms())).toEqual({ signedOutOthers: 1 });
    expect(await other.trpc.auth.me.query()).toBeNull();
  });

  it('resets a forgotten password through the e-mailed link once, not twice, and 2FA is still asked', async () => {
    const { client, secret } = await secretOf('bia@example.com');
    const anonymous = server.client();
    expect(await anonymous.trpc.auth.requestPasswordReset.mutate({ email: ' Bia@Example.com ' })).toEqual({
      success: true,
    });
    const token = await linkIn('bia@example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is stored.
    const rows = await server.database.db.select().from(passwordResets);
    expect(rows.some((r) => r.id === token)).toBe(false);

    const common = await failure(anonymous.trpc.auth.resetPassword.mutate({ token: token!, password: 'Password1!' }));
    expect(common.message).toBe('Esta senha é comum demais e fácil de adivinhar. Escolha outra.');
    expect(await anonymous.trpc.auth.resetPassword.mutate({ token: token!, password: NEW_PASSWORD })).toEqual({
      success: true,
    });
    expect(await client.trpc.auth.me.query()).toBeNull();
    expect(await sessionCount('bia@example.com')).toBe(0);
    const again = await failure(
      server.client('en').trpc.auth.resetPassword.mutate({ token: token!, password: 'Outra#Senha77' }),
    );
    expect(again).toEqual({
      message: 'This reset link is invalid, has expired or was already used. Ask for a new one.',
      code: 'BAD_REQUEST',
      status: 400,
    });
    // The new password signs in, and the second factor is still asked.
    await signIn('bia@example.com', NEW_PASSWORD, secret);
  });

  it('points the link at the request origin, or at PUBLIC_URL whatever Host says', async () => {
    await server.client().trpc.auth.requestPasswordReset.mutate({ email: 'bia@example.com' });
    const [mail] = await server.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'bia@example.com'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.body).toContain(`${server.base}/login?reset=`);

    const configured = await startTestServer(kind, { publicUrl: 'https://sentinela.example.com' });
    try {
      const client = configured.client();
      await client.trpc.auth.register.mutate({ name: 'Davi', email: 'davi@example.com', password: PASSWORD });
      const forged = await fetch(`${configured.base}/api/trpc/auth.requestPasswordReset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', host: 'evil.example.net' },
        body: JSON.stringify({ json: { email: 'davi@example.com' } }),
      });
      expect(forged.status).toBe(200);
      const [sent] = await configured.database.db.select().from(emailOutbox);
      expect(sent?.body).toMatch(/https:\/\/sentinela\.example\.com\/login\?reset=[\w-]{43}\n/);
      expect(sent?.body).not.toContain('evil');
    } finally {
      await configured.close();
    }
  });

  it('refuses an expired link', async () => {
    await secretOf('edu@example.com');
    await server.client().trpc.auth.requestPasswordReset.mutate({ email: 'edu@example.com' });
    const token = await linkIn('edu@example.com');
    server.clock.advance(30 * 60 * 1000 + 1000);
    expect(
      (await failure(server.client().trpc.auth.resetPassword.mutate({ token: token!, password: NEW_PASSWORD })))
        .message,
    ).toBe('Este link de redefinição é inválido, expirou ou já foi usado. Peça um novo.');
  });

  it('answers alike for an unknown e-mail and throttles per e-mail', async () => {
    const caller = server.client();
    expect(await caller.trpc.auth.requestPasswordReset.mutate({ email: 'ninguem@example.com' })).toEqual({
      success: true,
    });
    expect(await linkIn('ninguem@example.com')).toBeNull();
    for (let i = 1; i < MAX_RESETS_PER_EMAIL_PER_HOUR; i++) {
      await server.client().trpc.auth.requestPasswordReset.mutate({ email: 'ninguem@example.com' });
    }
    const throttled = await failure(
      server.client().trpc.auth.requestPasswordReset.mutate({ email: 'ninguem@example.com' }),
    );
    expect(throttled).toEqual({
      message: 'Muitos pedidos de redefinição de senha. Tente novamente mais tarde.',
      code: 'TOO_MANY_REQUESTS',
      status: 429,
    });
    // A known e-mail is throttled the same way.
    for (let i = 0; i < MAX_RESETS_PER_EMAIL_PER_HOUR; i++) {
      await server
        .client()
        .trpc.auth.requestPasswordReset.mutate({ email: 'caio@example.com' })
        .catch(() => undefined);
    }
    expect(
      (await failure(server.client().trpc.auth.requestPasswordReset.mutate({ email: 'caio@example.com' }))).code,
    ).toBe('TOO_MANY_REQUESTS');
    server.clock.advance(60 * 60 * 1000 + 1000);
    expect(await server.client().trpc.auth.requestPasswordReset.mutate({ email: 'caio@example.com' })).toEqual({
      success: true,
    });
  });
});
