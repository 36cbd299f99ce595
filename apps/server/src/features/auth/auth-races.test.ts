import { TRPCClientError } from '@trpc/client';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { authAttempts, smsCodes, smsOutbox, users } from '@sentinela/db/schema/accounts';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { failure } from '../../../test/call-failure';

const PASSWORD = 'Turbina#Forte26';
const PARALLEL = 25;

/** How a call ended: its answer, or the error's code and message. */
async function settle<T>(call: Promise<T>) {
  try {
    return { ok: true as const, value: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error as unknown as { data?: { code?: string } }).data;
    return { ok: false as const, code: data?.code, message: error.message };
  }
}

const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;

/**
 * Issue 17 items 1, 2 and 8: every sign-in counter holds under parallel requests, through the real
 * app. Addresses come from X-Forwarded-For, believed from the one local proxy (the test client).
 */
describe.each(testDatabaseKinds())('sign-in counters under parallel requests on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { hops: 1 } });
  });
  afterAll(() => server.close());

  const from = (ip: string, lang: 'pt' | 'en' = 'pt') => server.client(lang, { forwardedFor: ip });
  const totpAt = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) });
  const auditOf = (email: string) => server.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
  /** Passwords actually checked (argon2 ran) for these 2FA accounts: failures and password steps passed. */
  const passwordChecks = async (email: string) =>
    count(
      await auditOf(email),
      (a) =>
        (a.action === 'auth.login' && a.result === 'failure') ||
        (a.action === 'auth.login.password' && a.result === 'success'),
    );
  const codeFailures = async (email: string) =>
    count(await auditOf(email), (a) => a.action === 'auth.login.2fa' && a.result === 'failure');

  /** Registers from `ip` and completes TOTP setup; answers the secret and the recovery codes. */
  async function enrolled(email: string, ip = '192.0.2.1') {
    const client = from(ip);
    await client.trpc.auth.register.mutate({ name: 'Pessoa Teste', email, password: PASSWORD });
    const { secret } = await client.trpc.auth.setup2FA.query();
    const { recoveryCodes } = await client.trpc.auth.verify2FA.mutate({ code: await totpAt(secret) });
    server.clock.advance(30_000);
    return { secret, recoveryCodes };
  }

  /** A pending sign-in (password done) from `ip`. */
  async function challenged(email: string, ip: string): Promise<TestClient> {
    const client = from(ip);
    expect(await client.trpc.auth.login.mutate({ email, password: PASSWORD })).toMatchObject({
      twoFactorRequired: true,
    });
    return client;
  }

  /** The same pending sign-in (its cookie) sent from another address. */
  function sameChallengeFrom(client: TestClient, ip: string): TestClient {
    const other = from(ip);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  }

  it('checks at most five passwords of 25 parallel logins from one address, for real and unknown e-mails alike', async () => {
    await enrolled('rita@example.com');
    const answers: Record<string, { code?: string; message: string }[]> = {};
    for (const email of ['rita@example.com', 'ninguem@example.com']) {
      const attacker = from('203.0.113.7');
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          settle(attacker.trpc.auth.login.mutate({ email, password: 'Errada#123' })),
        ),
      );
      expect(await passwordChecks(email)).toBe(5);
      expect(count(results, (r) => !r.ok && r.code === 'UNAUTHORIZED')).toBe(4);
      const locked = results.filter((r) => !r.ok && r.code === 'TOO_MANY_REQUESTS');
      expect(locked).toHaveLength(PARALLEL - 4);
      for (const r of locked) {
        expect(r.ok ? '' : r.message).toMatch(
          /^Conta bloqueada após várias tentativas sem sucesso\. Tente novamente em 15 min \(às \d\d:\d\d\)\.$/,
        );
      }
      expect(count(await auditOf(email), (a) => a.action === 'auth.lockout')).toBe(1);
      // Even the right password waits at this address.
      const right = await settle(attacker.trpc.auth.login.mutate({ email, password: PASSWORD }));
      expect(right).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
      answers[email] = results.map((r) => (r.ok ? { message: 'ok' } : { code: r.code, message: r.message }));
    }
    // No enumeration: an unknown e-mail is answered exactly like a real one.
    const sorted = (list: { code?: string; message: string }[]) => list.map((a) => `${a.code} ${a.message}`).sort();
    expect(sorted(answers['ninguem@example.com']!)).toEqual(sorted(answers['rita@example.com']!));
  });

  it('never locks the owner out: other addresses only slow the account down, and the owner’s address signs in', async () => {
    const { secret } = await enrolled('sara@example.com', '192.0.2.50');
    // The owner has signed in from her address before.
    const owner = await challenged('sara@example.com', '192.0.2.50');
    await owner.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) });
    server.clock.advance(30_000);

    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        settle(
          from(`198.51.100.${i + 1}`, 'en').trpc.auth.login.mutate({ email: 'sara@example.com', password: 'Errada#1' }),
        ),
      ),
    );
    expect(await passwordChecks('sara@example.com')).toBe(5 + 1);
    const delayed = results.filter((r) => !r.ok && r.code === 'TOO_MANY_REQUESTS');
    expect(delayed).toHaveLength(PARALLEL - 5);
    expect(delayed[0]).toMatchObject({ message: 'Too many failed attempts on this account. Try again in 1 s.' });

    // The delay grows with each failure (1, 2, 4 … 30 s) and is a wait, not a lock.
    server.clock.advance(1000);
    await failure(from('198.51.100.200').trpc.auth.login.mutate({ email: 'sara@example.com', password: 'Errada#2' }));
    expect(
      (
        await failure(
          from('198.51.100.201').trpc.auth.login.mutate({ email: 'sara@example.com', password: 'x!Aa1234' }),
        )
      ).message,
    ).toBe('Muitas tentativas sem sucesso nesta conta. Tente novamente em 2 s.');

    // Meanwhile the owner, from her own address, signs in at once.
    const back = await challenged('sara@example.com', '192.0.2.50');
    await back.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) });
    expect((await back.trpc.auth.me.query())?.email).toBe('sara@example.com');
    server.clock.advance(30_000);
  });

  it('stops a burst from an address at 100 failures an hour (30 in parallel after 95)', async () => {
    const start = { count: 95, windowStart: server.clock.now(), lastAt: server.clock.now() };
    await server.database.db.insert(authAttempts).values({ key: 'address:203.0.113.99', ...start });
    const burst = from('203.0.113.99');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        settle(burst.trpc.auth.login.mutate({ email: `alvo${i}@example.com`, password: 'Errada#123' })),
      ),
    );
    const checked = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, '203.0.113.99'), eq(auditLog.action, 'auth.login'), eq(auditLog.result, 'failure')));
    expect(checked).toHaveLength(5);
    expect(count(results, (r) => !r.ok && r.message.startsWith('Muitas tentativas sem sucesso a partir deste'))).toBe(
      25,
    );
  });

  it('counts wrong codes per account across challenges: the fifth locks, whatever the challenge', async () => {
    await enrolled('tais@example.com');
    const answers: string[] = [];
    for (let challenge = 0; challenge < 3; challenge++) {
      const client = from('203.0.113.20');
      const opened = await settle(client.trpc.auth.login.mutate({ email: 'tais@example.com', password: PASSWORD }));
      if (!opened.ok) {
        answers.push(`login ${opened.code}`);
        continue;
      }
      for (let i = 0; i < 5; i++) {
        const r = await settle(client.trpc.auth.verifyLogin2FA.mutate({ code: i % 2 ? '000000' : 'abcde-fghjk' }));
        answers.push(r.ok ? 'signed in' : `code ${r.code}`);
      }
    }
    // 5 codes were checked, the 5th locked; the other 5 tries and the later sign-ins were refused.
    expect(await codeFailures('tais@example.com')).toBe(5);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('code BAD_REQUEST'));
    expect(answers[4]).toBe('code UNAUTHORIZED'); // the challenge's fifth try voids it, and the lock is set
    expect(answers.slice(5)).toEqual(['login TOO_MANY_REQUESTS', 'login TOO_MANY_REQUESTS']);
    expect(
      (await failure(from('203.0.113.20').trpc.auth.login.mutate({ email: 'tais@example.com', password: PASSWORD })))
        .message,
    ).toMatch(/^Conta bloqueada/);

    // Across challenges opened with the right password, from one address, without voiding any.
    const { secret } = await enrolled('ugo@example.com');
    for (const tries of [2, 2]) {
      const c = await challenged('ugo@example.com', '203.0.113.21');
      for (let i = 0; i < tries; i++) await failure(c.trpc.auth.verifyLogin2FA.mutate({ code: '000000' }));
    }
    const third = await challenged('ugo@example.com', '203.0.113.21');
    expect(await failure(third.trpc.auth.verifyLogin2FA.mutate({ code: '000000' }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Conta bloqueada/),
    });
    expect((await failure(third.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) }))).code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('checks at most five of 25 parallel codes on one challenge sent from 25 addresses', async () => {
    await enrolled('vera@example.com');
    const pending = await challenged('vera@example.com', '203.0.113.30');
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        settle(
          sameChallengeFrom(pending, `198.51.100.${100 + i}`).trpc.auth.verifyLogin2FA.mutate({
            code: i % 2 ? '000000' : 'aaaaa-bbbbb',
          }),
        ),
      ),
    );
    expect(await codeFailures('vera@example.com')).toBe(5);
    expect(count(results, (r) => r.ok)).toBe(0);
  });

  it('takes one recovery code once, even sent to five pending sign-ins at the same time', async () => {
    const { recoveryCodes } = await enrolled('wanda@example.com');
    const pending = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => challenged('wanda@example.com', `203.0.113.${40 + i}`)),
    );
    const code = recoveryCodes[0]!;
    const results = await Promise.all(pending.map((c) => settle(c.trpc.auth.verifyLogin2FA.mutate({ code }))));
    expect(count(results, (r) => r.ok)).toBe(1);
    expect(count(results, (r) => !r.ok && r.message === 'Código inválido')).toBe(4);
  });

  it('sends one SMS for 25 parallel requests, and checks at most five of 25 parallel codes', async () => {
    const client = from('203.0.113.60');
    await client.trpc.auth.register.mutate({ name: 'Xavier', email: 'xavier@example.com', password: PASSWORD });
    await client.trpc.auth.setup2FASMS.mutate({ phoneNumber: '+55 11 91234-5678' });
    const outbox = () => server.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, '+5511912345678'));

    const sends = await Promise.all(
      Array.from({ length: PARALLEL }, () => settle(client.trpc.auth.sendSMSCode.mutate())),
    );
    expect(count(sends, (r) => r.ok)).toBe(1);
    expect(count(sends, (r) => !r.ok && r.code === 'TOO_MANY_REQUESTS')).toBe(PARALLEL - 1);
    expect(await outbox()).toHaveLength(1);
    const sent = /(\d{6})/.exec((await outbox())[0]!.body)![1]!;

    const wrong = sent === '000000' ? '111111' : '000000';
    await Promise.all(
      Array.from({ length: PARALLEL }, () => settle(client.trpc.auth.verifySMSCode.mutate({ code: wrong }))),
    );
    const [row] = await server.database.db
      .select()
      .from(smsCodes)
      .innerJoin(users, eq(users.id, smsCodes.userId))
      .where(eq(users.email, 'xavier@example.com'));
    expect(row?.sms_codes.attempts).toBe(5);
    expect((await failure(client.trpc.auth.verifySMSCode.mutate({ code: sent }))).message).toBe(
      'Código expirado. Peça um novo código.',
    );

    server.clock.advance(31_000);
    await client.trpc.auth.sendSMSCode.mutate();
    const fresh = /(\d{6})/.exec((await outbox()).sort((a, b) => +a.createdAt - +b.createdAt).at(-1)!.body)![1]!;
    await client.trpc.auth.verifySMSCode.mutate({ code: fresh });

    // The sign-in resend, in parallel: one more SMS.
    server.clock.advance(31_000);
    const pending = await challenged('xavier@example.com', '203.0.113.61');
    const before = (await outbox()).length;
    server.clock.advance(31_000);
    const resends = await Promise.all(
      Array.from({ length: PARALLEL }, () => settle(pending.trpc.auth.sendSMSCode.mutate())),
    );
    expect(count(resends, (r) => r.ok)).toBe(1);
    expect(await outbox()).toHaveLength(before + 1);
  });
});
