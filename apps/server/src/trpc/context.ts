import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '@sentinela/db/client';
import type { BrokerHealth, DemoHistoryHealth } from '@sentinela/shared/system';
import { DEFAULT_WEATHER_URL } from '@sentinela/shared/weather';
import { LANGUAGE_HEADER, parseLanguage, type Language } from '@sentinela/shared/language';
import { DEFAULT_AUTH_LIMITS, type AuthDeps, type AuthLimits, type Caller } from '../features/auth/auth-deps';
import { readCookie, SESSION_COOKIE } from '../features/auth/auth-cookies';
import { resolveSession, type ResolvedSession } from '../features/auth/sessions.service';
import type { SmsProvider } from '../platform/sms-provider';
import { outboxEmailProvider, type EmailProvider } from '../platform/email-provider';
import type { CommandGateway } from '../platform/commands/command-gateway';
import type { LiveBus } from '../telemetry/live-bus';
import type { LiveRelayStats } from '../telemetry/live-relay';
import type { IngestStats } from '../telemetry/ingest';
import type { SystemMonitor } from '../features/system/system-monitor';
import type { DashboardSummary } from '@sentinela/shared/dashboard';
import type { SummaryCache } from '../features/dashboard/summary-cache';
import type { SessionCache } from '../features/auth/session-cache';
import type { HeavyQueryGate } from './heavy-queries';
import type { SessionStreams } from './session-streams';

/** What the server gives every request, built once at start. */
export interface ServerDeps {
  database: DatabaseHandle;
  startedAt: Date;
  keys: AuthDeps['keys'];
  sms: SmsProvider;
  /** Registration and SMS anti-automation limits; absent: DEFAULT_AUTH_LIMITS. */
  authLimits?: Partial<AuthLimits>;
  /** E-mail (notifications, admins' test send); absent: the outbox. */
  email?: EmailProvider;
  /** The in-process fan-out of live events. */
  bus: LiveBus;
  /** Sends commands to devices over MQTT; null when no broker is connected. */
  commands: CommandGateway | null;
  /** The clock; tests move it to cross expiries and lockouts. */
  now?: () => Date;
  /** The MQTT broker's state for system.health (absent: no broker reported). */
  brokerHealth?: () => BrokerHealth;
  /** Runs after a device credential changes (the runtime reloads the broker's device directory). */
  deviceCredentialsChanged?: () => Promise<void>;
  /** Where the demo history filling in the background stands (null: none). */
  demoHistory?: () => DemoHistoryHealth | null;
  /** The ingest's counters (System Health, /metrics); absent: no ingest runs here. */
  ingestStats?: () => IngestStats;
  /** The live relay's counters (System Health); absent or null: no relay (PGlite). */
  relayStats?: () => LiveRelayStats | null;
  /** Where the shipped migrations are (System Health counts them). */
  migrationsFolder?: string;
  /** The database's and broker's addresses, credentials removed (administrators see them). */
  addresses?: { database: string; broker: string };
  /** Bearer token of GET /metrics; unset: /metrics answers 404. */
  metricsToken?: string;
  /** The forecast provider's base URL and timeout (WEATHER_URL); absent: Open-Meteo's. */
  weather?: { url: string; timeoutMs?: number };
  /** PUBLIC_URL: the portal's address for links in e-mails; absent: the request's origin. */
  publicUrl?: string;
}

/** The server's short-lived caches (ADR 034): every tRPC mutation clears both (trpc/init.ts). */
export interface ServerCaches {
  summary: SummaryCache<DashboardSummary>;
  sessions: SessionCache;
}

export interface Context {
  db: DatabaseHandle['db'];
  databaseKind: DatabaseHandle['kind'];
  startedAt: Date;
  auth: AuthDeps;
  email: EmailProvider;
  bus: LiveBus;
  commands: CommandGateway | null;
  brokerHealth: (() => BrokerHealth) | undefined;
  deviceCredentialsChanged: (() => Promise<void>) | undefined;
  demoHistory: (() => DemoHistoryHealth | null) | undefined;
  /** System Health's figures and history (built by buildApp). */
  monitor: SystemMonitor;
  /** The open live streams, ended with their session (built by buildApp). */
  streams: SessionStreams;
  /** The queue in front of the expensive reads (built by buildApp). */
  heavy: HeavyQueryGate;
  /** The dashboard summary (1 s) and the sessions (5 s), kept (built by buildApp; ADR 034). */
  caches: ServerCaches;
  addresses: { database: string; broker: string };
  weather: { url: string; timeoutMs?: number };
  /** Where links in e-mails point: PUBLIC_URL, else this request's protocol and Host. */
  publicUrl: string;
  /** The signed-in session named by the cookie, if alive. */
  session: ResolvedSession | null;
  caller: Caller;
  lang: Language;
  log: FastifyRequest['log'];
  req: FastifyRequest;
  res: FastifyReply;
}

export function requestLanguage(req: FastifyRequest): Language {
  return parseLanguage(req.headers[LANGUAGE_HEADER]);
}

export function createContextFactory(
  deps: ServerDeps,
  monitor: SystemMonitor,
  streams: SessionStreams,
  heavy: HeavyQueryGate,
  caches: ServerCaches,
) {
  const auth: AuthDeps = {
    db: deps.database.db,
    limits: { ...DEFAULT_AUTH_LIMITS, ...deps.authLimits },
    keys: deps.keys,
    sms: deps.sms,
    now: deps.now ?? (() => new Date()),
  };
  let email = deps.email;
  return async ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Promise<Context> => {
    const lang = requestLanguage(req);
    const token = readCookie(req, SESSION_COOKIE);
    return {
      db: deps.database.db,
      databaseKind: deps.database.kind,
      startedAt: deps.startedAt,
      auth,
      email: (email ??= outboxEmailProvider(deps.database.db, req.log)),
      bus: deps.bus,
      commands: deps.commands,
      brokerHealth: deps.brokerHealth,
      deviceCredentialsChanged: deps.deviceCredentialsChanged,
      demoHistory: deps.demoHistory,
      monitor,
      streams,
      heavy,
      caches,
      addresses: deps.addresses ?? { database: '', broker: '' },
      weather: deps.weather ?? { url: DEFAULT_WEATHER_URL },
      publicUrl: deps.publicUrl ?? `${req.protocol}://${req.headers.host ?? ''}`,
      session: token ? await resolveSession(auth.db, token, auth.now(), caches.sessions) : null,
      caller: { ip: req.ip, userAgent: req.headers['user-agent'], lang },
      lang,
      log: req.log,
      req,
      res,
    };
  };
}
