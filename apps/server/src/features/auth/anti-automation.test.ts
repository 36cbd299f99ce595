import { TRPCClientError } from '@trpc/client';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, users } from '@sentinela/db/schema/accounts';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestServer } from '../../../test/test-server';
import { DEFAULT_AUTH_LIMITS } from './auth-deps';
import { REGISTRATION_WINDOW_MS } from './register.service';

const PASSWORD = 'Turbina#Forte26';

async function settle<T>(call: Promise<T>) {
  try {
    return { ok: true as const, value: await call };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = (error as unknown as { data?: { code?: string } }).data;
    return { ok: false as const, code: data?.code, message: error.message };
  }
}

/**
 * Issue 17 item 8 (ADR 033): registration and SMS setup codes are limited under parallel
 * requests, with the production limits, through the real app; addresses from X-Forwarded-For.
 */
describe.each(testDatabaseKinds())('anti-automation on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { trustProxy: { hops: 1 }, authLimits: DEFAULT_AUTH_LIMITS });
  });
  afterAll(() => server.close());

  const from = (ip: string) => server.client('pt', { forwardedFor: ip });
  const newUsers = async (prefix: string) =>
    (
      await server.database.db
        .select()
        .from(users)
        .where(like(users.email, `${prefix}%`))
    ).length;

  it('registers at most 5 accounts per address in 10 minutes, of 20 parallel requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        settle(
          from('203.0.113.20').trpc.auth.register.mutate({
            name: 'Robô',
            email: `bot${i}@example.com`,
            password: PASSWORD,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: 'Muitos cadastros a partir deste endereço. Tente novamente em alguns minutos.',
      });
    }
    expect(await newUsers('bot')).toBe(5);
    // Another address is not held; this one may again once its window is over.
    await from('203.0.113.21').trpc.auth.register.mutate({
      name: 'Pessoa',
      email: 'gente@example.com',
      password: PASSWORD,
    });
    server.clock.advance(REGISTRATION_WINDOW_MS);
    await from('203.0.113.20').trpc.auth.register.mutate({
      name: 'Robô',
      email: 'bot99@example.com',
      password: PASSWORD,
    });
    expect(await newUsers('bot')).toBe(6);
  });

  it('answers a taken e-mail and a new one alike', async () => {
    const taken = from('198.51.100.30');
    const fresh = from('198.51.100.31');
    expect(
      await taken.trpc.auth.register.mutate({ name: 'Outra', email: 'gente@example.com', password: PASSWORD }),
    ).toEqual({});
    expect(
      await fresh.trpc.auth.register.mutate({ name: 'Nova', email: 'nova@example.com', password: PASSWORD }),
    ).toEqual({});
    // Only the new account has a session (the taken e-mail's owner got an e-mail instead).
    expect(await taken.trpc.auth.me.query()).toBeNull();
    expect(await fresh.trpc.auth.me.query()).toMatchObject({ email: 'nova@example.com' });
  });

  it('sends at most 5 setup codes a day to one number, of 12 fresh accounts sending at once', async () => {
    const victim = '+5511987654321';
    const accounts = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const client = from(`192.0.2.${100 + i}`);
        await client.trpc.auth.register.mutate({ name: 'Robô', email: `sms${i}@example.com`, password: PASSWORD });
        await client.trpc.auth.setup2FASMS.mutate({ phoneNumber: victim });
        return client;
      }),
    );
    const results = await Promise.all(accounts.map((client) => settle(client.trpc.auth.sendSMSCode.mutate())));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(r.ok ? '' : r.message).toMatch(/^Limite diário de códigos SMS atingido/);
    }
    const sent = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, victim));
    expect(sent).toHaveLength(5);
  });

  it('sends at most 5 setup codes a day per account, whatever the numbers', async () => {
    const client = from('192.0.2.200');
    await client.trpc.auth.register.mutate({ name: 'Robô', email: 'hopper@example.com', password: PASSWORD });
    const answers = [];
    for (let i = 0; i < 7; i++) {
      await client.trpc.auth.setup2FASMS.mutate({ phoneNumber: `+55119000000${10 + i}` });
      answers.push(await settle(client.trpc.auth.sendSMSCode.mutate()));
      server.clock.advance(31_000);
    }
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, true, true, false, false]);
  });
});
