import { isIP } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEATHER_URL } from '@sentinela/shared/weather';

/**
 * The only reader of process.env. Every variable is validated at start; a bad value stops the
 * process with one line naming the variable. The README's table lists the same variables.
 */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A whole number between min and max; `unit` names what it counts in the messages. */
function wholeNumber(min: number, max: number, unit: string) {
  return z.coerce
    .number({ error: `expected a number of ${unit}` })
    .int(`expected a whole number of ${unit}`)
    .min(min, `expected between ${min} and ${max} ${unit}`)
    .max(max, `expected between ${min} and ${max} ${unit}`);
}

/**
 * Which proxies in front of the portal to believe about the client (X-Forwarded-For/-Proto/-Host).
 * `hops`: that many proxies, the nearest connecting from a loopback or private address;
 * `addresses`: only proxies connecting from these addresses or networks.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const MAX_PROXY_HOPS = 10;
const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR network (10.0.0.0/8, fd00::/8) or one of proxy-addr's names. */
function isProxyAddress(value: string): boolean {
  if (proxyNames.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'off', 'no'].includes(value)) return false;
  // `true` (the old flag): one proxy, on this machine or a private network.
  if (['true', 'on', 'yes'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return { hops };
  } else {
    const addresses = value.split(',').map((a) => a.trim());
    if (addresses.every(isProxyAddress)) return { addresses };
  }
  ctx.addIssue({
    code: 'custom',
    message: `expected false, true, a number of proxies (1 to ${MAX_PROXY_HOPS}) or a comma-separated list of proxy addresses or networks (e.g. 10.0.0.5,192.168.1.0/24)`,
  });
  return z.NEVER;
});

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'expected on or off' })
  .transform((v) => ['on', 'true', '1'].includes(v));

/** An MQTT username that can also stand in Mosquitto's password and ACL files. */
const mqttName = z
  .string()
  .max(128, 'expected at most 128 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'expected letters, digits, dots, dashes or underscores');

const dataDir = z.string().min(1, 'must not be empty').default('./data');
const databaseUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\/[^/]/.test(v) && URL.canParse(v), {
    error: 'expected a PostgreSQL URL such as postgres://user:password@host:5432/database',
  })
  .optional();

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'expected a port number' })
      .int('expected a whole port number')
      .min(0, 'expected a port between 0 and 65535')
      .max(65535, 'expected a port between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    LOG_LEVEL: z.enum(logLevels, { error: `expected one of ${logLevels.join(', ')}` }).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    MQTT_URL: z
      .string()
      .refine((v) => /^(mqtts?|wss?|tcp):\/\/[^/]/.test(v) && URL.canParse(v), {
        error: 'expected a broker URL such as mqtt://host:1883',
      })
      .optional(),
    MQTT_PORT: z.coerce
      .number({ error: 'expected a port number' })
      .int('expected a whole port number')
      .min(0, 'expected a port between 0 and 65535')
      .max(65535, 'expected a port between 0 and 65535')
      .default(1883),
    MQTT_HOST: z.string().min(1, 'must not be empty').optional(),
    MQTT_MAX_PAYLOAD: wholeNumber(1024, 16 * 1024 * 1024, 'bytes').default(64 * 1024),
    MQTT_MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 'connections').default(2000),
    MQTT_MAX_MESSAGE_RATE: wholeNumber(1, 1_000_000, 'messages per second').default(1000),
    MQTT_TLS_PORT: wholeNumber(0, 65535, 'port number').optional(),
    MQTT_TLS_CERT: z.string().min(1, 'must not be empty').optional(),
    MQTT_TLS_KEY: z.string().min(1, 'must not be empty').optional(),
    MQTT_USERNAME: mqttName.optional(),
    MQTT_PASSWORD: z.string().max(1024, 'expected at most 1024 characters').optional(),
    DEMO_DATA: onOff.default(true),
    DEMO_HISTORY: onOff.default(true),
    SIMULATOR: onOff.optional(),
    SIMULATOR_INTERVAL_MS: z.coerce
      .number({ error: 'expected milliseconds' })
      .int('expected whole milliseconds')
      .min(50, 'expected at least 50 ms')
      .max(3_600_000, 'expected at most 3600000 ms')
      .default(5000),
    SIMULATOR_FAULTS: onOff.default(true),
    SIMULATOR_MQTT_USERNAME: mqttName.optional(),
    SIMULATOR_MQTT_PASSWORD: z.string().max(1024, 'expected at most 1024 characters').optional(),
    ESCALATION_MINUTE_MS: wholeNumber(1000, 60_000, 'milliseconds').default(60_000),
    SIMULATOR_SEED: z.coerce.number({ error: 'expected a number' }).int('expected a whole number').default(20261122),
    REGISTRATIONS_PER_ADDRESS: z.coerce
      .number({ error: 'expected a number' })
      .int('expected a whole number')
      .min(1, 'expected 1 to 100000')
      .max(100_000, 'expected 1 to 100000')
      .default(5),
    SMS_SETUPS_PER_DAY: z.coerce
      .number({ error: 'expected a number' })
      .int('expected a whole number')
      .min(1, 'expected 1 to 100000')
      .max(100_000, 'expected 1 to 100000')
      .default(5),
    SMS_PROVIDER: z.enum(['outbox', 'webhook'], { error: 'expected outbox or webhook' }).default('outbox'),
    SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
    SMS_WEBHOOK_TOKEN: z.string().optional(),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\/[^/]/.test(v) && URL.canParse(v), {
        error: 'expected an SMTP URL such as smtp://user:password@host:587 or smtps://host:465',
      })
      .optional(),
    SMTP_FROM: z.string().min(3, 'expected a sender such as "Sentinela <alertas@example.com>"').optional(),
    PUBLIC_URL: z
      .url({
        protocol: /^https?$/,
        error: "expected the portal's http(s) address, such as https://sentinela.example.com",
      })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    WEATHER_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).default(DEFAULT_WEATHER_URL),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters long').optional(),
    INSTANCE_ID: z
      .string()
      .max(64, 'expected at most 64 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'expected letters, digits, dots, dashes or underscores')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'webhook' && !env.SMS_WEBHOOK_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_URL'], message: 'is required when SMS_PROVIDER=webhook' });
    }
    if (env.SMTP_URL && !env.SMTP_FROM) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_FROM'], message: 'is required when SMTP_URL is set' });
    }
    if (env.MQTT_TLS_PORT !== undefined) {
      for (const name of ['MQTT_TLS_CERT', 'MQTT_TLS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when MQTT_TLS_PORT is set' });
      }
    }
    for (const [password, username] of [
      ['MQTT_PASSWORD', 'MQTT_USERNAME'],
      ['SIMULATOR_MQTT_PASSWORD', 'SIMULATOR_MQTT_USERNAME'],
    ] as const) {
      if (env[password] !== undefined && env[username] === undefined) {
        ctx.addIssue({ code: 'custom', path: [username], message: `is required when ${password} is set` });
      }
    }
    if (env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when DATABASE_URL is set (every instance must share it)',
      });
    }
  });

/** The variables the server reads (deploy-config.test.ts checks deploy/compose.yaml against them). */
export const ENV_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  /**
   * This instance's name among several on one database (INSTANCE_ID; default: host name and
   * PORT): its MQTT client ids derive from it, so it must be stable across restarts and
   * distinct between instances.
   */
  instanceId: string;
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Undefined in the embedded mode until read or generated from DATA_DIR. */
  sessionSecret: string | undefined;
  logLevel: (typeof logLevels)[number];
  trustProxy: TrustProxy;
  /** Anti-automation: registrations per address per 10 min; SMS setup codes per account and per number a day. */
  authLimits: { registrationsPerAddress: number; smsSetupsPerDay: number };
  /** Bearer token of GET /metrics (unset: /metrics answers 404). */
  metricsToken: string | undefined;
  /** Base URL of the Open-Meteo forecast API (used only when an admin turns it on). */
  weatherUrl: string;
  /** The portal's address as users open it (links in e-mails); unset: the request's own origin. */
  publicUrl: string | undefined;
  sms: { provider: 'outbox' } | { provider: 'webhook'; url: string; token: string | undefined };
  /** E-mail: SMTP when SMTP_URL is set, else the email_outbox table. */
  email: { provider: 'outbox' } | { provider: 'smtp'; url: string; from: string };
  mqtt: {
    url: string | undefined;
    /** The embedded broker's plain listener: port and address (MQTT_HOST, default HOST). */
    port: number;
    host: string;
    /** Optional TLS listener of the embedded broker (files read at start). */
    tls: { port: number; certFile: string; keyFile: string } | undefined;
    limits: { maxPacketBytes: number; maxConnections: number; maxMessagesPerSecond: number };
    /** The server's login on an external broker (MQTT_USERNAME / MQTT_PASSWORD). */
    credentials: MqttCredentials | undefined;
  };
  demoData: boolean;
  /**
   * Whether the demo site's 35 days of history are generated after the server listens
   * (DEMO_HISTORY, default on). Off: the demo registry alone (e2e servers that need no history).
   */
  demoHistory: boolean;
  /**
   * How long one minute of the escalation setting lasts (ESCALATION_MINUTE_MS): 60 000 ms in
   * production; the e2e server shortens it so that an escalation after "1 min" is seen in seconds.
   */
  escalationMinuteMs: number;
  simulator: {
    enabled: boolean;
    intervalMs: number;
    faults: boolean;
    seed: number;
    /** Its login on an external broker: SIMULATOR_MQTT_*, else the server's. */
    credentials: MqttCredentials | undefined;
  };
}

export interface MqttCredentials {
  username: string;
  password: string | undefined;
}

export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'EnvError';
  }
}

/** Where the data is, for `npm run backup` and `npm run restore`: DATA_DIR and DATABASE_URL only. */
export interface StorageConfig {
  /** Absolute. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The environment pg_dump and pg_restore run in (PATH, PG* variables). */
  toolEnv: Record<string, string | undefined>;
}

export function loadStorageConfig(source: Record<string, string | undefined> = process.env): StorageConfig {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = z.object({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }).safeParse(present);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `Invalid environment variable ${String(issue.path[0])}: ${issue.message}`),
    );
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL, toolEnv: { ...source } };
}

/**
 * Whether the `debug` package's `DEBUG` variable names anything (it is that package's, not ours:
 * not validated, not in the README's table). Libraries that log through `debug` on every packet
 * get a no-op logger when it is unset.
 */
export function debugLoggingWanted(source: Record<string, string | undefined> = process.env): boolean {
  return Boolean(source.DEBUG);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = present[name];
      const shown =
        value === undefined ||
        name === 'SESSION_SECRET' ||
        name === 'DATABASE_URL' ||
        name === 'SMS_WEBHOOK_TOKEN' ||
        name === 'METRICS_TOKEN' ||
        name === 'MQTT_URL' ||
        name === 'SMTP_URL' ||
        name.endsWith('MQTT_PASSWORD')
          ? ''
          : ` (got "${value}")`;
      return `Invalid environment variable ${name}: ${issue.message}${shown}`;
    });
    throw new EnvError(lines);
  }
  const env = parsed.data;
  const serverCredentials = env.MQTT_USERNAME
    ? { username: env.MQTT_USERNAME, password: env.MQTT_PASSWORD }
    : undefined;
  return {
    instanceId: env.INSTANCE_ID ?? defaultInstanceId(hostname(), env.PORT),
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    authLimits: { registrationsPerAddress: env.REGISTRATIONS_PER_ADDRESS, smsSetupsPerDay: env.SMS_SETUPS_PER_DAY },
    metricsToken: env.METRICS_TOKEN,
    weatherUrl: env.WEATHER_URL,
    publicUrl: env.PUBLIC_URL,
    mqtt: {
      url: env.MQTT_URL,
      port: env.MQTT_PORT,
      host: env.MQTT_HOST ?? env.HOST,
      tls:
        env.MQTT_TLS_PORT !== undefined && env.MQTT_TLS_CERT && env.MQTT_TLS_KEY
          ? {
              port: env.MQTT_TLS_PORT,
              certFile: path.resolve(env.MQTT_TLS_CERT),
              keyFile: path.resolve(env.MQTT_TLS_KEY),
            }
          : undefined,
      limits: {
        maxPacketBytes: env.MQTT_MAX_PAYLOAD,
        maxConnections: env.MQTT_MAX_CONNECTIONS,
        maxMessagesPerSecond: env.MQTT_MAX_MESSAGE_RATE,
      },
      credentials: serverCredentials,
    },
    demoData: env.DEMO_DATA,
    demoHistory: env.DEMO_HISTORY,
    escalationMinuteMs: env.ESCALATION_MINUTE_MS,
    // The virtual plant runs by default with the embedded broker, not with an external one.
    simulator: {
      enabled: env.SIMULATOR ?? !env.MQTT_URL,
      intervalMs: env.SIMULATOR_INTERVAL_MS,
      faults: env.SIMULATOR_FAULTS,
      seed: env.SIMULATOR_SEED,
      credentials: env.SIMULATOR_MQTT_USERNAME
        ? { username: env.SIMULATOR_MQTT_USERNAME, password: env.SIMULATOR_MQTT_PASSWORD }
        : serverCredentials,
    },
    sms:
      env.SMS_PROVIDER === 'webhook' && env.SMS_WEBHOOK_URL
        ? { provider: 'webhook', url: env.SMS_WEBHOOK_URL, token: env.SMS_WEBHOOK_TOKEN }
        : { provider: 'outbox' },
    email:
      env.SMTP_URL && env.SMTP_FROM
        ? { provider: 'smtp', url: env.SMTP_URL, from: env.SMTP_FROM }
        : { provider: 'outbox' },
  };
}

/**
 * The INSTANCE_ID an instance gets when none is set: its host name and HTTP port (two instances
 * on one machine listen on different ports), in the characters an MQTT client id may safely hold.
 */
export function defaultInstanceId(host: string, port: number): string {
  const name = host
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 48);
  return `${name || 'sentinela'}-${port}`;
}
