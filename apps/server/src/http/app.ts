import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { SessionStreams } from '../trpc/session-streams';
import { createContextFactory, type ServerDeps } from '../trpc/context';
import { HeavyQueryGate } from '../trpc/heavy-queries';
import { appRouter } from '../trpc/router';
import {
  BODY_LIMIT,
  IMPORT_BODY_LIMIT,
  apiBodyGuard,
  apiBodyLimit,
  apiRequestGuard,
  apiResponseHeaders,
  registerSecurityHeaders,
  sendTrpcError,
} from './security';
import { registerSpa } from './spa';
import { registerTrpcRoute } from './trpc-route';
import { registerProbes } from './probes';
import { fastifyTrustProxy } from './trust-proxy';
import type { TrustProxy } from '../env';
import { startSystemMonitor } from '../features/system/system-monitor';
import { SummaryCache } from '../features/dashboard/summary-cache';
import { SessionCache } from '../features/auth/session-cache';
import type { DashboardSummary } from '@sentinela/shared/dashboard';

export interface AppOptions extends ServerDeps {
  logger: FastifyBaseLogger;
  /** The built web app (apps/web/dist). */
  webDist: string;
  /** The proxies to believe about the client's address and protocol (TRUST_PROXY). */
  trustProxy?: TrustProxy;
  cookieSecret?: string;
  /** The API; tests pass the app router merged with probes of their own. */
  router?: typeof appRouter;
}

/** The HTTP server: security headers, the tRPC API at /api/trpc and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: BODY_LIMIT,
    // tRPC batches put every procedure name in the path.
    routerOptions: { maxParamLength: 2000 },
  });

  // System Health's figures and history, for the page and the probes; stopped with the app.
  const monitor = startSystemMonitor({
    database: options.database,
    startedAt: options.startedAt,
    bus: options.bus,
    brokerHealth: options.brokerHealth,
    ingestStats: options.ingestStats,
    relayStats: options.relayStats,
    migrationsFolder: options.migrationsFolder,
  });
  app.addHook('onClose', () => monitor.stop());
  // Live streams end with their session (sign-out, expiry, role change, disable), and all of
  // them before the HTTP server closes: it waits for every open response, and onClose hooks run
  // only after it has (a browser tab left open would hold a shutdown until main.ts's 10 s limit).
  const streams = new SessionStreams(options.database.db, options.now ?? (() => new Date()));
  // Node 20's server.close() closes the connections idle at that moment only: one whose response
  // ends afterwards (a stream just ended, a request in flight) would stay open for the keep-alive
  // timeout (Fastify's: 72 s) and hold the close. While closing, they are closed as they go idle.
  let closingSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', () => {
    streams.close();
    closingSweep = setInterval(() => app.server.closeIdleConnections(), 50).unref();
  });
  app.addHook('onClose', () => clearInterval(closingSweep));
  const heavy = new HeavyQueryGate();
  // The dashboard summary (1 s) and the sessions (5 s), kept (ADR 034); status and alert events
  // end the summary, every tRPC mutation both.
  const caches = { summary: new SummaryCache<DashboardSummary>(), sessions: new SessionCache() };
  app.addHook('onClose', caches.summary.followBus(options.bus));

  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie, options.cookieSecret ? { secret: options.cookieSecret } : {});

  await app.register(
    async (api) => {
      api.addHook('onRequest', apiRequestGuard);
      api.addHook('onSend', apiResponseHeaders);
      // The tRPC route may take a CSV import (8 MB); apiBodyLimit keeps every other call to 1 MB.
      api.addHook('onRoute', (route) => {
        if (route.url.startsWith('/api/trpc/')) route.bodyLimit = IMPORT_BODY_LIMIT;
      });
      api.addHook('preParsing', apiBodyLimit);
      api.addHook('preHandler', apiBodyGuard);
      api.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
        if (error.statusCode === 413) return sendTrpcError(req, reply, 413, 'error.payloadTooLarge');
        if (error.statusCode === 415) return sendTrpcError(req, reply, 415, 'error.unsupportedMediaType');
        req.log.error({ err: error }, 'API request failed outside tRPC');
        return reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 500).send({
          error: { json: { message: 'Internal error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR' } } },
        });
      });
      // GET queries answered by a lane of our own, the rest by tRPC's handler (ADR 044).
      await api.register((scope, _options, done) => {
        registerTrpcRoute(scope, {
          prefix: '/trpc',
          trpcOptions: {
            router: options.router ?? appRouter,
            createContext: createContextFactory(options, monitor, streams, heavy, caches),
            onError({ error, path, req }) {
              if (error.code === 'INTERNAL_SERVER_ERROR') {
                req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
              }
            },
          },
        });
        done();
      });
    },
    { prefix: '/api' },
  );

  registerProbes(app, monitor, options.metricsToken);
  await registerSpa(app, options.webDist);
  return app;
}
