import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import type { TrustProxy } from '../env';
import { startTestServer, type TestServer } from '../../test/test-server';
import { fastifyTrustProxy, isLocalAddress } from './trust-proxy';

const PASSWORD = 'Turbina#Forte26';

/** One tRPC mutation through app.inject, from a chosen peer with a chosen X-Forwarded-For. */
function post(server: TestServer, path: string, input: unknown, peer: string, forwardedFor?: string) {
  return server.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    remoteAddress: peer,
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: JSON.stringify({ json: input }),
  });
}

async function addressesRecorded(server: TestServer, email: string) {
  const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, email));
  return [...new Set(rows.map((r) => r.ip))];
}

describe('trusting proxies (TRUST_PROXY)', () => {
  it('trusts hops only from a local peer, and knows the local networks', () => {
    const trust = fastifyTrustProxy({ hops: 1 });
    expect(typeof trust).toBe('function');
    const fn = trust as (address: string, hop: number) => boolean;
    expect(fn('127.0.0.1', 0)).toBe(true);
    expect(fn('::ffff:10.1.2.3', 0)).toBe(true);
    expect(fn('203.0.113.5', 0)).toBe(false);
    expect(fn('10.0.0.9', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy({ addresses: ['10.0.0.5'] })).toEqual(['10.0.0.5']);
    for (const local of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.1',
      '192.168.1.1',
      '169.254.0.1',
      '::1',
      'fd12::1',
      'fe80::1',
    ])
      expect(isLocalAddress(local), local).toBe(true);
    for (const outside of ['8.8.8.8', '172.32.0.1', '203.0.113.5', '2001:db8::1', 'garbage'])
      expect(isLocalAddress(outside), outside).toBe(false);
  });

  describe.each<[string, Exclude<TrustProxy, false>]>([
    ['one hop (TRUST_PROXY=true)', { hops: 1 }],
    ['the proxy’s address (TRUST_PROXY=10.0.0.5)', { addresses: ['10.0.0.5'] }],
  ])('behind %s', (_, trust) => {
    let server: TestServer;
    const proxy = 'hops' in trust ? '127.0.0.1' : '10.0.0.5';
    beforeAll(async () => {
      server = await startTestServer('pglite', { trustProxy: trust });
    });
    afterAll(() => server.close());

    it('records the address the proxy saw, and a client prepending addresses gains no tries', async () => {
      const email = 'alvo@example.com';
      const answers: number[] = [];
      for (let i = 0; i < 7; i++) {
        // The client forges an address of its own; the proxy appends the one it saw.
        const reply = await post(
          server,
          'auth.login',
          { email, password: 'Errada#123' },
          proxy,
          `198.51.100.${i + 1}, 203.0.113.77`,
        );
        answers.push(reply.statusCode);
      }
      expect(answers).toEqual([401, 401, 401, 401, 429, 429, 429]);
      expect(await addressesRecorded(server, email)).toEqual(['203.0.113.77']);

      // Signing up (a session) from behind the proxy: the session keeps the proxy's client address.
      const reply = await post(
        server,
        'auth.register',
        { name: 'Nova Pessoa', email: 'nova@example.com', password: PASSWORD },
        proxy,
        '6.6.6.6, 203.0.113.78',
      );
      expect(reply.statusCode).toBe(200);
      const [row] = await server.database.db
        .select({ ip: sessions.ip })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(users.email, 'nova@example.com'));
      expect(row?.ip).toBe('203.0.113.78');
    });

    it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
      const reply = await post(
        server,
        'auth.login',
        { email: 'direto@example.com', password: 'Errada#123' },
        '198.51.100.99',
        '203.0.113.79',
      );
      expect(reply.statusCode).toBe(401);
      expect(await addressesRecorded(server, 'direto@example.com')).toEqual(['198.51.100.99']);
    });
  });

  it('believes no header when off', async () => {
    const server = await startTestServer('pglite');
    try {
      await post(
        server,
        'auth.login',
        { email: 'off@example.com', password: 'Errada#123' },
        '127.0.0.1',
        '203.0.113.80',
      );
      expect(await addressesRecorded(server, 'off@example.com')).toEqual(['127.0.0.1']);
    } finally {
      await server.close();
    }
  });
});
