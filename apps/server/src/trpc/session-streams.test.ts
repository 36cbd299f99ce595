import { TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@sentinela/db/schema/accounts';
import { startTestServer, type TestClient, type TestServer } from '../../test/test-server';
import { cookieHeader, streamClient } from '../../test/stream-client';
import { SESSION_COOKIE } from '../features/auth/auth-cookies';
import { createSession, SESSION_ABSOLUTE_MS } from '../features/auth/sessions.service';
import { STREAM_CHECK_MS } from './session-streams';

/**
 * Issue 17 item 4: a live stream ends within seconds of its session's end — sign-out, "sign out
 * the other sessions", expiry, a role change, a disabled account — for both streams.
 */
describe('live streams end with their session', () => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    admin = await server.enrolledClient('ana@example.com', 'admin');
  });
  afterAll(() => server.close());

  const sseClient = (client: TestClient) => streamClient(server.base, () => cookieHeader(client.cookies));

  interface Watch {
    received: number;
    ended: Promise<string>;
    stop(): void;
  }

  /** Opens one of the two streams; `ended` settles with the error code the client saw. */
  async function open(client: TestClient, which: 'live' | 'alerts'): Promise<Watch> {
    const sse = sseClient(client);
    let settle: (code: string) => void = () => {};
    const ended = new Promise<string>((resolve) => (settle = resolve));
    let started: () => void = () => {};
    const ready = new Promise<void>((resolve) => (started = resolve));
    const watch: Watch = { received: 0, ended, stop: () => {} };
    const handlers = {
      onStarted: () => started(),
      onData: () => void watch.received++,
      onError: (error: unknown) => settle(error instanceof TRPCClientError ? String(error.data?.code) : 'other'),
      onComplete: () => settle('complete'),
    };
    const subscription =
      which === 'live' ? sse.live.events.subscribe({}, handlers) : sse.alerts.live.subscribe(undefined, handlers);
    watch.stop = () => subscription.unsubscribe();
    await ready;
    // The stream delivers while the session holds.
    await deliveredSoon(watch);
    return watch;
  }

  let seq = 0;
  function publish() {
    seq += 1;
    server.bus.publish({ type: 'telemetry', equipmentId: `eq-${seq}`, ts: Date.now(), metrics: { temperature: seq } });
    server.bus.publish({
      type: 'alert',
      alertId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      equipmentId: null,
      severity: 'info',
      status: 'active',
      message: 'teste',
      messageKey: null,
      messageParams: null,
    });
  }

  async function deliveredSoon(watch: Watch) {
    const before = watch.received;
    for (let i = 0; i < 40 && watch.received === before; i++) {
      publish();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(watch.received).toBeGreaterThan(before);
  }

  async function endsWithin(watch: Watch, ms: number) {
    const began = Date.now();
    const code = await Promise.race([
      watch.ended,
      new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
    ]);
    expect(code).toBe('UNAUTHORIZED');
    const after = watch.received;
    publish();
    await new Promise((r) => setTimeout(r, 300));
    expect(watch.received, 'nothing is delivered after the session ended').toBe(after);
    watch.stop();
    return Date.now() - began;
  }

  it.each(['live', 'alerts'] as const)('sign-out ends the %s stream at once', async (which) => {
    const user = await server.enrolledClient(`saida-${which}@example.com`, 'viewer');
    const watch = await open(user, which);
    await user.trpc.auth.logout.mutate();
    expect(await endsWithin(watch, 1500)).toBeLessThan(1500);
  });

  it('"sign out the other sessions" ends the other browsers\' streams', async () => {
    const email = 'duas@example.com';
    const first = await server.enrolledClient(email, 'operator');
    const watch = await open(first, 'live');
    // A second browser of the same account, with a session of its own.
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    const { token } = await createSession(
      server.database.db,
      row!.id,
      { ip: '127.0.0.2', userAgent: undefined },
      server.clock.now(),
    );
    const second = server.client();
    second.cookies.set(SESSION_COOKIE, token);
    expect(await second.trpc.auth.signOutOtherSessions.mutate()).toEqual({ count: 1 });
    expect(await endsWithin(watch, 1500)).toBeLessThan(1500);
  });

  it("an administrator's role change ends the user's streams (they reopen with the new rights)", async () => {
    const user = await server.enrolledClient('papel@example.com', 'viewer');
    const watch = await open(user, 'live');
    const [row] = await server.database.db.select().from(users).where(eq(users.email, 'papel@example.com'));
    await admin.trpc.users.setRole.mutate({ userId: row!.id, role: 'operator' });
    await endsWithin(watch, 1500);
  });

  it('a disabled account and an expired session end their streams on the next check', async () => {
    const disabled = await server.enrolledClient('desativada@example.com', 'viewer');
    const disabledWatch = await open(disabled, 'alerts');
    await server.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, 'desativada@example.com'));
    await endsWithin(disabledWatch, STREAM_CHECK_MS + 1500);

    const expiring = await server.enrolledClient('expira@example.com', 'viewer');
    const expiringWatch = await open(expiring, 'live');
    server.clock.advance(SESSION_ABSOLUTE_MS + 1000);
    try {
      await endsWithin(expiringWatch, STREAM_CHECK_MS + 1500);
    } finally {
      server.clock.advance(-(SESSION_ABSOLUTE_MS + 1000));
    }
  });
});

describe("the server's close", () => {
  it('ends the open streams before the HTTP server waits for its responses', async () => {
    const own = await startTestServer('pglite');
    try {
      const viewer = await own.enrolledClient('aberta@example.com', 'viewer');
      const sse = streamClient(own.base, () => cookieHeader(viewer.cookies));
      let started = 0;
      const handlers = { onStarted: () => void started++ };
      const live = sse.live.events.subscribe({}, handlers);
      const alerts = sse.alerts.live.subscribe(undefined, handlers);
      for (let i = 0; i < 100 && started < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(started).toBe(2);
      // What a shutdown does (server.ts stop()): the app's close, with no connection cut by hand.
      const began = Date.now();
      const closed = await Promise.race([
        own.app.close().then(() => 'closed'),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
      ]);
      expect(closed).toBe('closed');
      expect(Date.now() - began).toBeLessThan(3000);
      live.unsubscribe();
      alerts.unsubscribe();
    } finally {
      await own.close();
    }
  });
});
