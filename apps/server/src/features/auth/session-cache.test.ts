import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { SessionCache, type SessionRecord } from './session-cache';
import { SESSION_IDLE_MS } from './sessions.service';

const PASSWORD = 'Turbina#Forte26';
const record = (role: string) => ({ session: {}, user: { role } }) as unknown as SessionRecord;

describe('SessionCache', () => {
  it('keeps a read for its time to live and shares concurrent reads of one session', async () => {
    let at = 0;
    const cache = new SessionCache(1000, () => at);
    let reads = 0;
    const read = async () => {
      reads++;
      await Promise.resolve();
      return record('viewer');
    };
    await Promise.all([cache.get('a', read), cache.get('a', read), cache.get('a', read)]);
    expect(reads).toBe(1);
    at = 999;
    await cache.get('a', read);
    expect(reads).toBe(1);
    at = 1000;
    await cache.get('a', read);
    expect(reads).toBe(2);
  });

  it('never keeps nor shares a read that began before a clear()', async () => {
    const cache = new SessionCache(1000, () => 0);
    let release!: () => void;
    const stale = cache.get('a', () => new Promise((resolve) => (release = () => resolve(record('viewer')))));
    cache.clear();
    const fresh = cache.get('a', () => Promise.resolve(record('admin')));
    release();
    expect((await stale)?.user.role).toBe('viewer');
    expect((await fresh)?.user.role).toBe('admin');
    expect((await cache.get('a', () => Promise.resolve(null)))?.user.role).toBe('admin');
    expect(cache.size).toBe(1);
  });
});

describe.each(testDatabaseKinds())('sessions with the cache on %s (ADR 034)', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.enrolledClient('admin-cache@example.com', 'admin');
  });
  afterAll(() => server.close());

  /** A client on the same session (the cookie copied): what a stolen or kept cookie would do. */
  const sameSession = (client: TestClient): TestClient => {
    const copy = server.client();
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    return copy;
  };
  const totpAt = (secret: string) => generate({ secret, epoch: Math.floor(server.clock.now().getTime() / 1000) });
  const userId = async (client: TestClient) => (await client.trpc.auth.me.query())!.id;

  it('ends a signed-out session at once, though it was just read', async () => {
    const client = await server.enrolledClient('sai@example.com', 'viewer');
    const kept = sameSession(client);
    expect(await kept.trpc.auth.me.query()).toMatchObject({ email: 'sai@example.com' });
    await client.trpc.auth.logout.mutate();
    expect(await kept.trpc.auth.me.query()).toBeNull();
  });

  it('ends the session of an account an admin disables at once, and takes a role change at once', async () => {
    const client = await server.enrolledClient('desliga@example.com', 'viewer');
    const id = await userId(client);
    expect(await client.trpc.auth.me.query()).toMatchObject({ role: 'viewer' });
    await admin.trpc.users.setRole.mutate({ userId: id, role: 'operator' });
    expect(await client.trpc.auth.me.query()).toMatchObject({ role: 'operator' });
    await admin.trpc.users.setDisabled.mutate({ userId: id, disabled: true });
    expect(await client.trpc.auth.me.query()).toBeNull();
  });

  it('ends the other sessions at once when the user signs them out', async () => {
    const first = server.client();
    await first.trpc.auth.register.mutate({ name: 'Outras', email: 'outras@example.com', password: PASSWORD });
    const { secret } = await first.trpc.auth.setup2FA.query();
    await first.trpc.auth.verify2FA.mutate({ code: await totpAt(secret) });
    server.clock.advance(30_000);
    const second = server.client();
    await second.trpc.auth.login.mutate({ email: 'outras@example.com', password: PASSWORD });
    await second.trpc.auth.verifyLogin2FA.mutate({ code: await totpAt(secret) });
    expect(await first.trpc.auth.me.query()).not.toBeNull();
    expect(await second.trpc.auth.signOutOtherSessions.mutate()).toEqual({ count: 1 });
    expect(await first.trpc.auth.me.query()).toBeNull();
    expect(await second.trpc.auth.me.query()).not.toBeNull();
  });

  it('ends an idle session at once, though it was just read', async () => {
    const client = await server.enrolledClient('ociosa@example.com', 'viewer');
    expect(await client.trpc.auth.me.query()).not.toBeNull();
    server.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await client.trpc.auth.me.query()).toBeNull();
  });
});
