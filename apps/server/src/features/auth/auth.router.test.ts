import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { authAttempts, sessions, smsOutbox, users } from '@sentinela/db/schema/accounts';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { demoUserRows, demoUsers } from '@sentinela/db/seed/demo-users';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { failure } from '../../../test/call-failure';

const PASSWORD = 'Turbina#Forte26';

describe.each(testDatabaseKinds())('accounts on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const totpAt = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) });
  const latestSms = async (phone: string) => {
    const rows = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));
    const body = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)?.body ?? '';
    return /(\d{6})/.exec(body)?.[1] ?? '';
  };

  /** Registers and completes TOTP setup; answers the client (signed in) and the secret. */
  async function enrolledUser(email: string, name = 'Operadora Teste') {
    const client = server.client();
    await client.trpc.auth.register.mutate({ name, email, password: PASSWORD });
    const { secret } = await client.trpc.auth.setup2FA.query();
    const { recoveryCodes } = await client.trpc.auth.verify2FA.mutate({ code: await totpAt(secret) });
    server.clock.advance(30_000);
    return { client, secret, recoveryCodes };
  }

  async function signIn(email: string, secret: string): Promise<TestClient> {
    const client = server.client();
    const first = await client.trpc.auth.login.mutate({ email, password: PASSWORD });
    expect(first).toEqual({ twoFactorRequired: true, method: 'totp' });
    await client.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) });
    server.clock.advance(30_000);
    return client;
  }

  describe('register', () => {
    it('makes the first account admin and later ones viewers, signed in with 2FA pending', async () => {
      // The demo site's colleagues (named by its alert history) neither count as the first account nor sign in.
      await server.database.db.insert(users).values(demoUserRows(server.clock.now()));
      const demo = server.client();
      expect(
        await failure(demo.trpc.auth.login.mutate({ email: demoUsers[0].email, password: PASSWORD })),
      ).toMatchObject({ code: 'UNAUTHORIZED' });
      const first = server.client();
      expect(
        await first.trpc.auth.register.mutate({ name: 'Ana Admin', email: ' Ana@Example.COM ', password: PASSWORD }),
      ).toEqual({});
      expect(first.cookies.get('sentinela_session')).toMatch(/^[\w-]{43}$/);
      expect(await first.trpc.auth.me.query()).toMatchObject({
        name: 'Ana Admin',
        email: 'ana@example.com',
        role: 'admin',
        twoFactorEnabled: false,
      });
      const second = server.client();
      await second.trpc.auth.register.mutate({ name: 'Bruno', email: 'bruno@example.com', password: PASSWORD });
      expect((await second.trpc.auth.me.query())?.role).toBe('viewer');
    });

    it('records the sign-in that registration makes as the last access', async () => {
      const client = server.client();
      const before = server.clock.now();
      await client.trpc.auth.register.mutate({ name: 'Elis', email: 'elis@example.com', password: PASSWORD });
      const [row] = await server.database.db.select().from(users).where(eq(users.email, 'elis@example.com'));
      expect(row?.lastLoginAt).toEqual(before);
    });

    it('answers a taken e-mail like a new one, without a session, and tells its owner by e-mail (ADR 033)', async () => {
      const client = server.client();
      expect(
        await client.trpc.auth.register.mutate({ name: 'Outra Ana', email: 'ana@example.com', password: PASSWORD }),
      ).toEqual({});
      expect(client.cookies.size).toBe(0);
      expect(await client.trpc.auth.me.query()).toBeNull();
      const rows = await server.database.db.select().from(users).where(eq(users.email, 'ana@example.com'));
      expect(rows.map((r) => r.name)).toEqual(['Ana Admin']);
      const [mail] = await server.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'ana@example.com'));
      expect(mail?.subject).toBe('Sentinela: tentativa de cadastro com o seu e-mail');
      expect(mail?.body).toMatch(/Nenhuma conta nova foi criada[\s\S]*http:\/\/127\.0\.0\.1:\d+\/login/);
    });

    it('refuses a weak or overlong password and a short name, clearly', async () => {
      const client = server.client();
      const weak = await failure(
        client.trpc.auth.register.mutate({ name: 'Carla', email: 'carla@example.com', password: 'semnumero!A' }),
      );
      expect(weak.code).toBe('BAD_REQUEST');
      expect(weak.message).toContain('A senha precisa de 8 caracteres ou mais');
      const long = await failure(
        client.trpc.auth.register.mutate({
          name: 'Carla',
          email: 'carla@example.com',
          password: `Aa1!${'x'.repeat(130)}`,
        }),
      );
      expect(long.message).toContain('no máximo 128');
      const en = await failure(
        server.client('en').trpc.auth.register.mutate({ name: 'C', email: 'not-an-email', password: PASSWORD }),
      );
      expect(en.message).toContain('The name needs at least 2 characters.');
      expect(en.message).toContain('Enter a valid e-mail address.');
      expect(await server.database.db.select().from(users).where(eq(users.email, 'carla@example.com'))).toEqual([]);
    });

    it('refuses a common password that passes the rules, in the caller language (issue 17)', async () => {
      for (const password of ['Password1!', 'P@ssw0rd', 'Carla#2026']) {
        const common = await failure(
          server.client().trpc.auth.register.mutate({ name: 'Carla Dias', email: 'carla@example.com', password }),
        );
        expect(common, password).toEqual({
          message: 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.',
          code: 'BAD_REQUEST',
          status: 400,
        });
      }
      const en = await failure(
        server
          .client('en')
          .trpc.auth.register.mutate({ name: 'Carla', email: 'carla@example.com', password: 'Senha@123' }),
      );
      expect(en.message).toBe('This password is too common and easy to guess. Choose another one.');
      expect(await server.database.db.select().from(users).where(eq(users.email, 'carla@example.com'))).toEqual([]);
    });
  });

  describe('two-factor setup with an authenticator app', () => {
    it('keeps a 2FA-pending session to auth.* only, and the setup secret stable', async () => {
      const client = server.client();
      await client.trpc.auth.register.mutate({ name: 'Davi', email: 'davi@example.com', password: PASSWORD });
      expect(await failure(client.trpc.users.list.query({}))).toEqual({
        message: 'Configure a autenticação de dois fatores para continuar.',
        code: 'FORBIDDEN',
        status: 403,
      });
      const a = await client.trpc.auth.setup2FA.query();
      const b = await client.trpc.auth.setup2FA.query();
      expect(a.secret).toBe(b.secret);
      expect(a.qrCodeUrl).toMatch(/^data:image\/png;base64,/);
      const [row] = await server.database.db.select().from(users).where(eq(users.email, 'davi@example.com'));
      expect(row?.totpPendingSecret).toBeTruthy();
      expect(row?.totpPendingSecret).not.toContain(a.secret);

      expect((await failure(client.trpc.auth.verify2FA.mutate({ code: '000000' }))).message).toBe('Código inválido');
      expect((await failure(client.trpc.auth.verify2FA.mutate({ code: '12a' }))).message).toContain(
        'Digite um código de 6 dígitos',
      );

      const oldCookie = client.cookies.get('sentinela_session');
      const { recoveryCodes } = await client.trpc.auth.verify2FA.mutate({ code: await totpAt(a.secret) });
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      // Rotated: a new cookie, and the old token is dead.
      expect(client.cookies.get('sentinela_session')).not.toBe(oldCookie);
      const stale = server.client();
      stale.cookies.set('sentinela_session', oldCookie!);
      expect(await stale.trpc.auth.me.query()).toBeNull();
      expect((await client.trpc.auth.me.query())?.twoFactorEnabled).toBe(true);
      // Once on, setup is refused.
      expect((await failure(client.trpc.auth.setup2FA.query())).message).toBe(
        'A autenticação de dois fatores já está ativa nesta conta.',
      );
    });
  });

  describe('sign-in', () => {
    let secret = '';
    let recoveryCodes: string[] = [];
    beforeAll(async () => {
      ({ secret, recoveryCodes } = await enrolledUser('elisa@example.com', 'Elisa'));
    });

    it('asks for the code after the password, without a session until then; a code works once', async () => {
      const client = server.client();
      expect(await client.trpc.auth.login.mutate({ email: 'ELISA@example.com', password: PASSWORD })).toEqual({
        twoFactorRequired: true,
        method: 'totp',
      });
      expect(client.cookies.has('sentinela_session')).toBe(false);
      expect(client.cookies.has('sentinela_2fa')).toBe(true);
      expect(await client.trpc.auth.me.query()).toBeNull();
      const code = await totpAt(secret);
      const { user } = await client.trpc.auth.verifyLogin2FA.mutate({ code });
      expect(user).toMatchObject({ email: 'elisa@example.com', twoFactorEnabled: true });
      expect(client.cookies.has('sentinela_2fa')).toBe(false);
      expect((await client.trpc.auth.me.query())?.email).toBe('elisa@example.com');

      // The same code, in the same 30 s step, is refused for another sign-in (replay).
      const again = server.client();
      await again.trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD });
      expect((await failure(again.trpc.auth.verifyLogin2FA.mutate({ code }))).message).toBe('Código inválido');
      server.clock.advance(30_000);
    });

    it('takes a recovery code once', async () => {
      const client = server.client();
      await client.trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD });
      await client.trpc.auth.verifyLogin2FA.mutate({ code: recoveryCodes[0]!.toUpperCase() });
      expect(await client.trpc.auth.me.query()).not.toBeNull();
      const reuse = server.client();
      await reuse.trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD });
      expect((await failure(reuse.trpc.auth.verifyLogin2FA.mutate({ code: recoveryCodes[0]! }))).message).toBe(
        'Código inválido',
      );
      // Wrong codes count towards the account's lock until a sign-in completes (and ends the streak).
      await reuse.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) });
      server.clock.advance(30_000);
    });

    it('voids the pending sign-in after five wrong codes', async () => {
      const client = server.client();
      await client.trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD });
      for (let i = 0; i < 4; i++) {
        expect((await failure(client.trpc.auth.verifyLogin2FA.mutate({ code: '111111' }))).message).toBe(
          'Código inválido',
        );
      }
      expect(await failure(client.trpc.auth.verifyLogin2FA.mutate({ code: '111111' }))).toMatchObject({
        message: 'Códigos incorretos demais. Entre com e-mail e senha novamente.',
        code: 'UNAUTHORIZED',
      });
      expect(client.cookies.has('sentinela_2fa')).toBe(false);
      expect((await failure(client.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) }))).message).toBe(
        'A verificação expirou. Entre com e-mail e senha novamente.',
      );
    });

    it('locks the account for 15 minutes after five wrong passwords', async () => {
      await enrolledUser('fabio@example.com', 'Fábio');
      const client = server.client('en');
      for (let i = 0; i < 4; i++) {
        expect(
          (await failure(client.trpc.auth.login.mutate({ email: 'fabio@example.com', password: 'Wrong#123' }))).message,
        ).toBe('Incorrect e-mail or password.');
      }
      const locked = await failure(
        client.trpc.auth.login.mutate({ email: 'fabio@example.com', password: 'Wrong#123' }),
      );
      expect(locked.code).toBe('TOO_MANY_REQUESTS');
      expect(locked.message).toMatch(
        /^Account locked after too many failed attempts\. Try again in 15 min \(at \d\d:\d\d [AP]M\)\.$/,
      );
      // Even the right password waits.
      expect(
        (await failure(client.trpc.auth.login.mutate({ email: 'fabio@example.com', password: PASSWORD }))).code,
      ).toBe('TOO_MANY_REQUESTS');
      server.clock.advance(15 * 60_000 + 1000);
      expect(await client.trpc.auth.login.mutate({ email: 'fabio@example.com', password: PASSWORD })).toMatchObject({
        twoFactorRequired: true,
      });
      const audit = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actorEmail, 'fabio@example.com'));
      expect(audit.filter((a) => a.action === 'auth.login' && a.result === 'failure')).toHaveLength(5);
      expect(audit.some((a) => a.action === 'auth.lockout')).toBe(true);
      expect(audit.every((a) => a.ip === '127.0.0.1')).toBe(true);
    });

    it('gives an unknown e-mail the same answer as a wrong password', async () => {
      expect(
        (await failure(server.client().trpc.auth.login.mutate({ email: 'nobody@example.com', password: PASSWORD })))
          .message,
      ).toBe('E-mail ou senha incorretos.');
    });
  });

  describe('SMS', () => {
    it('sets up by phone in three steps, with expiry, tries and resend throttling', async () => {
      const client = server.client();
      await client.trpc.auth.register.mutate({ name: 'Gil', email: 'gil@example.com', password: PASSWORD });
      expect((await failure(client.trpc.auth.sendSMSCode.mutate())).message).toBe(
        'Cadastre um número de telefone primeiro.',
      );
      expect((await failure(client.trpc.auth.setup2FASMS.mutate({ phoneNumber: '+0123' }))).message).toContain(
        'Número de telefone inválido',
      );
      expect(
        (await failure(client.trpc.auth.setup2FASMS.mutate({ phoneNumber: '+1234567890123456' }))).message,
      ).toContain('Número de telefone inválido');
      expect(await client.trpc.auth.setup2FASMS.mutate({ phoneNumber: '+55 11 98765-4321' })).toEqual({
        success: true,
      });
      await client.trpc.auth.sendSMSCode.mutate();
      const first = await latestSms('+5511987654321');
      expect(first).toMatch(/^\d{6}$/);
      expect((await failure(client.trpc.auth.sendSMSCode.mutate())).message).toMatch(
        /^Aguarde \d+ s para pedir outro código\.$/,
      );

      server.clock.advance(5 * 60_000 + 1);
      expect((await failure(client.trpc.auth.verifySMSCode.mutate({ code: first }))).message).toBe(
        'Código expirado. Peça um novo código.',
      );
      await client.trpc.auth.sendSMSCode.mutate();
      const second = await latestSms('+5511987654321');
      const wrong = second === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await failure(client.trpc.auth.verifySMSCode.mutate({ code: wrong }));
      expect((await failure(client.trpc.auth.verifySMSCode.mutate({ code: second }))).message).toBe(
        'Código expirado. Peça um novo código.',
      );

      server.clock.advance(31_000);
      await client.trpc.auth.sendSMSCode.mutate();
      const third = await latestSms('+5511987654321');
      const done = await client.trpc.auth.verifySMSCode.mutate({ code: third });
      expect(done.recoveryCodes).toHaveLength(10);
      expect(await client.trpc.auth.me.query()).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'sms' });

      // Sign-in by SMS: the password step sends the code; a resend is throttled too.
      server.clock.advance(31_000);
      const later = server.client();
      expect(await later.trpc.auth.login.mutate({ email: 'gil@example.com', password: PASSWORD })).toEqual({
        twoFactorRequired: true,
        method: 'sms',
      });
      const loginCode = await latestSms('+5511987654321');
      expect((await failure(later.trpc.auth.sendSMSCode.mutate())).code).toBe('TOO_MANY_REQUESTS');
      await later.trpc.auth.verifyLogin2FA.mutate({ code: loginCode });
      expect((await later.trpc.auth.me.query())?.email).toBe('gil@example.com');
    });
  });

  describe('sessions', () => {
    it('ends after 12 idle hours and after 7 days, and logout ends it on the server', async () => {
      const { client, secret } = await enrolledUser('hugo@example.com', 'Hugo');
      server.clock.advance(11 * 3600_000);
      expect(await client.trpc.auth.me.query()).not.toBeNull();
      server.clock.advance(12 * 3600_000 + 1000);
      expect(await client.trpc.auth.me.query()).toBeNull();

      const active = await signIn('hugo@example.com', secret);
      for (let i = 0; i < 7; i++) {
        server.clock.advance(11 * 3600_000);
        await active.trpc.auth.me.query();
      }
      expect((await active.trpc.auth.me.query())?.email).toBe('hugo@example.com');
      server.clock.advance(3 * 24 * 3600_000 - 7 * 11 * 3600_000 + 4 * 24 * 3600_000 - 10 * 3600_000);
      expect(await active.trpc.auth.me.query()).toBeNull();

      const third = await signIn('hugo@example.com', secret);
      const token = third.cookies.get('sentinela_session')!;
      expect(await third.trpc.auth.logout.mutate()).toEqual({ success: true });
      expect(third.cookies.has('sentinela_session')).toBe(false);
      const replayed = server.client();
      replayed.cookies.set('sentinela_session', token);
      expect(await replayed.trpc.auth.me.query()).toBeNull();
      expect(await failure(replayed.trpc.auth.logout.mutate())).toMatchObject({
        message: 'Please login (10001)',
        code: 'UNAUTHORIZED',
      });
      expect(await failure(server.client('en').trpc.users.list.query({}))).toMatchObject({
        message: 'Please login (10001)',
      });
    });

    it('lists the sessions, signs out the others, and keeps only token hashes at rest', async () => {
      const { secret } = await enrolledUser('iris@example.com', 'Íris');
      const a = await signIn('iris@example.com', secret);
      const b = await signIn('iris@example.com', secret);
      const listed = await a.trpc.auth.sessions.query();
      expect(listed.length).toBeGreaterThanOrEqual(2);
      expect(listed.filter((s) => s.current)).toHaveLength(1);
      const stored = await server.database.db.select({ id: sessions.id }).from(sessions);
      expect(stored.map((s) => s.id)).not.toContain(a.cookies.get('sentinela_session'));
      expect((await a.trpc.auth.signOutOtherSessions.mutate()).count).toBeGreaterThanOrEqual(1);
      expect(await b.trpc.auth.me.query()).toBeNull();
      expect(await a.trpc.auth.me.query()).not.toBeNull();
      const { recoveryCodes } = await a.trpc.auth.regenerateRecoveryCodes.mutate();
      expect(recoveryCodes).toHaveLength(10);
    });
  });

  describe('roles', () => {
    it('lets only admins list users and change roles; never demotes the last admin', async () => {
      // Ana (admin, registered first) finishes her setup.
      const ana = server.client();
      await ana.trpc.auth.login.mutate({ email: 'ana@example.com', password: PASSWORD });
      const { secret } = await ana.trpc.auth.setup2FA.query();
      await ana.trpc.auth.verify2FA.mutate({ code: await totpAt(secret) });
      server.clock.advance(30_000);

      const { client: viewer } = await enrolledUser('joao@example.com', 'João');
      expect(await failure(viewer.trpc.users.list.query({}))).toEqual({
        message: 'Você não tem permissão para esta ação.',
        code: 'FORBIDDEN',
        status: 403,
      });
      const list = await ana.trpc.users.list.query({ search: 'joão' });
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({ email: 'joao@example.com', role: 'viewer', twoFactorEnabled: true });
      expect(list.items[0]).not.toHaveProperty('passwordHash');
      const joao = list.items[0]!;
      expect(await ana.trpc.users.setRole.mutate({ userId: joao.id, role: 'operator' })).toEqual({
        id: joao.id,
        role: 'operator',
      });
      expect((await viewer.trpc.auth.me.query())?.role).toBe('operator');
      expect((await failure(viewer.trpc.users.setRole.mutate({ userId: joao.id, role: 'admin' }))).code).toBe(
        'FORBIDDEN',
      );

      const me = await ana.trpc.auth.me.query();
      expect(await failure(ana.trpc.users.setRole.mutate({ userId: me!.id, role: 'viewer' }))).toMatchObject({
        message: 'Você não pode alterar o seu próprio papel; peça a outro administrador.',
        code: 'BAD_REQUEST',
      });
      expect(
        (
          await failure(
            ana.trpc.users.setRole.mutate({ userId: '00000000-0000-4000-8000-000000000000', role: 'viewer' }),
          )
        ).code,
      ).toBe('NOT_FOUND');
      expect((await failure(ana.trpc.users.setRole.mutate({ userId: 'nope', role: 'viewer' }))).message).toContain(
        'Usuário inválido.',
      );
      const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'users.setRole'));
      expect(audit.map((a) => a.result).sort()).toEqual(['denied', 'failure', 'failure', 'success']);
      expect(audit.find((a) => a.result === 'success')).toMatchObject({
        actorEmail: 'ana@example.com',
        target: 'joao@example.com',
      });
    });
  });

  describe('one address', () => {
    it('gets at most 100 failed attempts an hour, across accounts', async () => {
      // 100 failures from this address in the last hour.
      const full = { count: 100, windowStart: server.clock.now(), lastAt: server.clock.now() };
      await server.database.db
        .insert(authAttempts)
        .values({ key: 'address:127.0.0.1', ...full })
        .onConflictDoUpdate({ target: authAttempts.key, set: full });
      expect(
        await failure(server.client().trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD })),
      ).toMatchObject({
        message: 'Muitas tentativas sem sucesso a partir deste endereço. Tente novamente mais tarde.',
        code: 'TOO_MANY_REQUESTS',
      });
      server.clock.advance(3600_000 + 1000);
      expect(
        await server.client().trpc.auth.login.mutate({ email: 'elisa@example.com', password: PASSWORD }),
      ).toMatchObject({ twoFactorRequired: true });
    });
  });
});

describe('housekeeping', () => {
  it('purges dead sessions, expired challenges, old SMS codes and attempt counters, and keeps live ones', async () => {
    const server = await startTestServer();
    try {
      const live = server.client();
      await live.trpc.auth.register.mutate({ name: 'Lia', email: 'lia@example.com', password: PASSWORD });
      const dead = server.client();
      await dead.trpc.auth.register.mutate({ name: 'Mia', email: 'mia@example.com', password: PASSWORD });
      server.clock.advance(11 * 3600_000);
      await live.trpc.auth.me.query(); // touched: still alive
      // Attempt counters: one whose last attempt is over an hour old (every window over), one fresh.
      const old = server.clock.now();
      await server.database.db
        .insert(authAttempts)
        .values({ key: 'pair:old', count: 5, windowStart: old, lastAt: old });
      // Daily counters (SMS setup codes, ADR 033) stay for their day, not an hour.
      const dayBefore = new Date(old.getTime() - 23 * 3600_000);
      await server.database.db.insert(authAttempts).values([
        { key: 'sms-setup-number:+5511900000001', count: 5, windowStart: old, lastAt: old },
        { key: 'sms-setup-account:old', count: 5, windowStart: dayBefore, lastAt: old },
      ]);
      server.clock.advance(2 * 3600_000);
      const fresh = server.clock.now();
      await server.database.db
        .insert(authAttempts)
        .values({ key: 'pair:fresh', count: 1, windowStart: fresh, lastAt: fresh });
      const { purgeExpiredAuthData } = await import('./auth-housekeeping');
      await purgeExpiredAuthData(server.database.db, server.clock.now());
      const left = await server.database.db.select().from(sessions);
      expect(left).toHaveLength(1);
      expect((await server.database.db.select().from(authAttempts)).map((c) => c.key).sort()).toEqual([
        'pair:fresh',
        'sms-setup-number:+5511900000001',
      ]);
      expect((await live.trpc.auth.me.query())?.email).toBe('lia@example.com');
    } finally {
      await server.close();
    }
  });
});
