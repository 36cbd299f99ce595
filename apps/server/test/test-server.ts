import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import superjson from 'superjson';
import { users } from '@sentinela/db/schema/accounts';
import type { Role } from '@sentinela/shared/auth-rules';
import type { DatabaseHandle, DatabaseKind } from '@sentinela/db/client';
import { createTestDatabase } from '@sentinela/db/test/test-database';
import type { Language } from '@sentinela/shared/language';
import type { BrokerHealth, DemoHistoryHealth } from '@sentinela/shared/system';
import { deriveKey } from '../src/features/auth/crypto';
import { buildApp } from '../src/http/app';
import { outboxSmsProvider } from '../src/platform/sms-provider';
import type { EmailProvider } from '../src/platform/email-provider';
import type { CommandGateway } from '../src/platform/commands/command-gateway';
import { LiveBus } from '../src/telemetry/live-bus';
import type { LiveRelayStats } from '../src/telemetry/live-relay';
import type { IngestStats } from '../src/telemetry/ingest';
import type { appRouter } from '../src/trpc/router';
import type { TrustProxy } from '../src/env';
import type { AuthLimits } from '../src/features/auth/auth-deps';

/** A clock the test moves by hand (lockouts, expiries, TOTP steps). */
export class TestClock {
  constructor(private at = new Date('2026-03-02T12:00:00Z')) {}
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

export interface TestServer {
  app: FastifyInstance;
  bus: LiveBus;
  database: DatabaseHandle;
  base: string;
  clock: TestClock;
  keys: { totp: Buffer; codes: Buffer };
  /**
   * A browser-like client: its own cookie jar, language header, one call per request;
   * `forwardedFor` sends an X-Forwarded-For (a client behind the proxy `trustProxy` names).
   */
  client(lang?: Language, options?: { forwardedFor?: string }): TestClient;
  /** A signed-in client with 2FA done and the given role (set directly in the database). */
  enrolledClient(email: string, role: Role, lang?: Language): Promise<TestClient>;
  close(): Promise<void>;
}

export interface TestClient {
  trpc: ReturnType<typeof createTRPCClient<typeof appRouter>>;
  cookies: Map<string, string>;
}

/** The real app (HTTP, tRPC, cookies) on a test database of the given kind, on a free port. */
export async function startTestServer(
  kind: DatabaseKind = 'pglite',
  options: {
    router?: typeof appRouter;
    useClock?: boolean;
    bus?: LiveBus;
    commands?: CommandGateway;
    brokerHealth?: () => BrokerHealth;
    deviceCredentialsChanged?: () => Promise<void>;
    demoHistory?: () => DemoHistoryHealth | null;
    email?: EmailProvider;
    ingestStats?: () => IngestStats;
    relayStats?: () => LiveRelayStats | null;
    metricsToken?: string;
    weather?: { url: string; timeoutMs?: number };
    publicUrl?: string;
    addresses?: { database: string; broker: string };
    trustProxy?: TrustProxy;
    /** Anti-automation limits; absent: raised far out of the way (tests register many accounts from one address). */
    authLimits?: Partial<AuthLimits>;
  } = {},
): Promise<TestServer> {
  const webDist = mkdtempSync(path.join(tmpdir(), 'sentinela-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sentinela</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log("app");');
  const database = await createTestDatabase(kind);
  const clock = new TestClock();
  const bus = options.bus ?? new LiveBus();
  const logger = pino({ level: 'silent' });
  const keys = {
    totp: deriveKey('test-secret-'.repeat(4), 'totp-secrets'),
    codes: deriveKey('test-secret-'.repeat(4), 'one-time-codes'),
  };
  const app = await buildApp({
    logger,
    webDist,
    database,
    startedAt: new Date(),
    keys,
    sms: outboxSmsProvider(database.db, logger),
    bus,
    commands: options.commands ?? null,
    ...(options.useClock === false ? {} : { now: clock.now }),
    ...(options.router ? { router: options.router } : {}),
    ...(options.brokerHealth ? { brokerHealth: options.brokerHealth } : {}),
    ...(options.deviceCredentialsChanged ? { deviceCredentialsChanged: options.deviceCredentialsChanged } : {}),
    ...(options.demoHistory ? { demoHistory: options.demoHistory } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.ingestStats ? { ingestStats: options.ingestStats } : {}),
    ...(options.relayStats ? { relayStats: options.relayStats } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.addresses ? { addresses: options.addresses } : {}),
    ...(options.weather ? { weather: options.weather } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    authLimits: { registrationsPerAddress: 100_000, smsSetupsPerDay: 100_000, ...options.authLimits },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const server: TestServer = {
    app,
    bus,
    database,
    base,
    clock,
    keys,
    client(lang: Language = 'pt', clientOptions = {}) {
      const cookies = new Map<string, string>();
      const trpc = createTRPCClient<typeof appRouter>({
        links: [
          httpLink({
            url: `${base}/api/trpc`,
            transformer: superjson,
            headers: () => ({
              'x-sentinela-language': lang,
              cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
              ...(clientOptions.forwardedFor ? { 'x-forwarded-for': clientOptions.forwardedFor } : {}),
            }),
            fetch: async (url, init) => {
              const response = await fetch(String(url), init);
              for (const line of response.headers.getSetCookie()) {
                const [pair = '', ...attributes] = line.split(';');
                const eq = pair.indexOf('=');
                const name = pair.slice(0, eq).trim();
                const value = pair.slice(eq + 1).trim();
                const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
                if (expired) cookies.delete(name);
                else cookies.set(name, value);
              }
              return response;
            },
          }),
        ],
      });
      return { trpc, cookies };
    },
    async enrolledClient(email, role, lang = 'pt') {
      const client = server.client(lang);
      await client.trpc.auth.register.mutate({
        name: email.split('@')[0] ?? 'Teste',
        email,
        password: 'Turbina#Forte26',
      });
      const { secret } = await client.trpc.auth.setup2FA.query();
      const epoch = Math.floor((options.useClock === false ? Date.now() : clock.now().getTime()) / 1000);
      await client.trpc.auth.verify2FA.mutate({ code: await generate({ secret, epoch }) });
      await database.db.update(users).set({ role }).where(eq(users.email, email));
      return client;
    },
    async close() {
      // Tests keep connections alive (fetch keep-alive, SSE): cut them so closing cannot wait on them.
      // A test may have closed the app itself (what a shutdown does): then only the rest.
      const closing = app.server.listening ? app.close() : Promise.resolve();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
  return server;
}
