import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Aedes, AedesOptions, AuthenticateError, Client, PublishPacket, Subscription } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { parseDeviceTopic } from '@sentinela/shared/telemetry';
import { isInProcess, PLANT_USERNAME, SERVER_USERNAME } from '../platform/mqtt-connection';
import { guardConnection } from './mqtt-frame-guard';
import { checkPublish, checkSubscribe, type BrokerIdentity, type Refusal } from './broker-rules';
import type { DeviceDirectory } from './device-directory';

export interface BrokerLimits {
  /** Largest MQTT packet, header included (MQTT_MAX_PAYLOAD, default 64 KiB). */
  maxPacketBytes: number;
  /** Messages a device connection may send per second, on average (bursts of twice that). */
  maxMessagesPerSecond: number;
  /** Network connections at once, and from one address. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
}

export const DEFAULT_BROKER_LIMITS: BrokerLimits = {
  maxPacketBytes: 64 * 1024,
  maxMessagesPerSecond: 1000,
  maxConnections: 2000,
  // Devices behind one NAT share an address: half of all connections may come from one.
  maxConnectionsPerAddress: 1000,
};

/** Refusals and disconnections counted since start (system.health). */
export type GuardEvent =
  | 'anonymous'
  | 'badCredentials'
  | 'authThrottled'
  | 'clientIdTaken'
  | Refusal
  | 'tooLarge'
  | 'rate'
  | 'connections'
  | 'offender'
  | 'revoked';

/**
 * Telemetry accepted by the broker, handed to the ingest before the broker acknowledges it: the
 * ingest calls `done` once the point is committed (QoS 1) or taken (QoS 0); with an error, the
 * broker closes the connection without a PUBACK and the device sends the message again.
 * `connection` stands for the device's connection (the same object for all its messages).
 */
export type TelemetrySink = (
  packet: { topic: string; payload: Buffer; qos: number },
  equipmentId: string,
  done: (error?: Error) => void,
  connection: object,
) => void;

export interface BrokerGuard {
  /** The aedes hooks: authentication and topic rules. */
  hooks: Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'>;
  /** Wraps a network connection: size guard and connection limits; null when it is refused. */
  admit(socket: Socket): Duplex | null;
  setTelemetrySink(sink: TelemetrySink | null): void;
  /** Ends the connections whose credential was revoked or expired, or whose equipment was retired. */
  revalidate(broker: Aedes): void;
  counts(): Record<GuardEvent, number>;
  /** Addresses whose failed sign-ins are remembered now (bounded: MAX_TRACKED_ADDRESSES). */
  trackedAddresses(): number;
}

/** Refusals on one connection before it is closed. */
const MAX_REFUSALS_PER_CONNECTION = 10;
/** Failed sign-ins from one address per minute before it is refused without checking. */
const MAX_AUTH_FAILURES_PER_MINUTE = 20;
/**
 * Addresses whose failures are remembered at once. Past it, entries over a minute old go first,
 * then the oldest: clients failing from ever new addresses (IPv6) cannot grow the process.
 */
export const MAX_TRACKED_ADDRESSES = 10_000;
/** Warnings logged per minute at most (a refusal is logged once per connection). */
const MAX_WARNINGS_PER_MINUTE = 30;

interface ConnectionState {
  identity: BrokerIdentity;
  refusals: number;
  tokens: number;
  refilledAt: number;
}

/** The connected clients by id (aedes keeps them; its types do not say so). */
const clientsOf = (broker: Aedes) => (broker as unknown as { clients: Record<string, Client> }).clients;

function authError(message: string, returnCode: 4 | 5): AuthenticateError {
  return Object.assign(new Error(message), { returnCode });
}

export function createBrokerGuard(options: {
  directory: DeviceDirectory;
  limits: BrokerLimits;
  log: FastifyBaseLogger;
  now?: () => number;
  /** Turns authentication and topic checks off (benchmarks only: the cost of the checks). */
  checks?: boolean;
}): BrokerGuard {
  const { directory, limits, log } = options;
  const now = options.now ?? Date.now;
  const checks = options.checks ?? true;
  const counts = {} as Record<GuardEvent, number>;
  const count = (event: GuardEvent) => (counts[event] = (counts[event] ?? 0) + 1);
  const state = new WeakMap<Client, ConnectionState>();
  const perAddress = new Map<string, number>();
  const authFailures = new Map<string, { count: number; since: number }>();
  let open = 0;
  let sink: TelemetrySink | null = null;
  let warnings = { count: 0, since: now() };

  const warn = (details: Record<string, unknown>, message: string) => {
    const t = now();
    if (t - warnings.since > 60_000) warnings = { count: 0, since: t };
    if (warnings.count++ < MAX_WARNINGS_PER_MINUTE) log.warn(details, message);
  };

  const addressOf = (client: Client) =>
    (client.conn as { remoteAddress?: string } | undefined)?.remoteAddress ?? 'unknown';

  const failedAuth = (client: Client, event: GuardEvent, username: string | undefined) => {
    count(event);
    const address = addressOf(client);
    const t = now();
    const entry = authFailures.get(address);
    if (entry && t - entry.since <= 60_000) entry.count++;
    else {
      authFailures.delete(address);
      // Entries are kept in the order they started, so the expired ones and then the oldest are first.
      for (const [known, failures] of authFailures) {
        if (authFailures.size < MAX_TRACKED_ADDRESSES && t - failures.since <= 60_000) break;
        authFailures.delete(known);
      }
      authFailures.set(address, { count: 1, since: t });
    }
    warn({ address, clientId: client.id, username, event }, 'MQTT connection refused');
  };

  /** A refusal on a live connection: counted, logged once for it; too many close it. */
  const refuse = (client: Client, event: GuardEvent, topic: string): Error | null => {
    count(event);
    const s = state.get(client);
    const refusals = s ? ++s.refusals : MAX_REFUSALS_PER_CONNECTION;
    if (refusals === 1) warn({ clientId: client.id, event, topic }, 'MQTT message refused');
    if (refusals >= MAX_REFUSALS_PER_CONNECTION) {
      count('offender');
      warn({ clientId: client.id, refusals }, 'MQTT client disconnected after repeated refusals');
      return new Error('too many refused messages');
    }
    return null;
  };

  /** Token bucket: false when the connection sends faster than allowed. */
  const withinRate = (s: ConnectionState): boolean => {
    const t = now();
    const burst = limits.maxMessagesPerSecond * 2;
    s.tokens = Math.min(burst, s.tokens + ((t - s.refilledAt) / 1000) * limits.maxMessagesPerSecond);
    s.refilledAt = t;
    if (s.tokens < 1) return false;
    s.tokens--;
    return true;
  };

  const connectionState = (identity: BrokerIdentity): ConnectionState => ({
    identity,
    refusals: 0,
    tokens: limits.maxMessagesPerSecond * 2,
    refilledAt: now(),
  });

  const hooks: BrokerGuard['hooks'] = {
    authenticate(client, username, password, callback) {
      const inProcess = isInProcess(client.conn);
      if (inProcess && (username === SERVER_USERNAME || username === PLANT_USERNAME)) {
        state.set(client, connectionState({ role: username === SERVER_USERNAME ? 'server' : 'plant' }));
        return callback(null, true);
      }
      if (!checks) {
        state.set(client, connectionState({ role: 'server' }));
        return callback(null, true);
      }
      const address = addressOf(client);
      const failures = authFailures.get(address);
      if (failures && failures.count >= MAX_AUTH_FAILURES_PER_MINUTE && now() - failures.since <= 60_000) {
        count('authThrottled');
        return callback(authError('too many failed sign-ins', 5), false);
      }
      if (!username || !password || username.startsWith('$')) {
        failedAuth(client, username ? 'badCredentials' : 'anonymous', username);
        return callback(authError('not authorized', 5), false);
      }
      directory.authenticate(username, password).then(
        (login) => {
          if (!login || !directory.scope(login.equipmentId)) {
            failedAuth(client, 'badCredentials', username);
            return callback(authError('not authorized', 5), false);
          }
          // A client id held by another identity is not taken over (that would disconnect it).
          const holder = clientsOf((client as unknown as { broker: Aedes }).broker)[client.id];
          const held = holder && holder !== client ? state.get(holder)?.identity : undefined;
          if (held && (held.role !== 'device' || held.equipmentId !== login.equipmentId)) {
            count('clientIdTaken');
            warn({ clientId: client.id, username }, 'MQTT client id held by another identity');
            return callback(authError('identifier rejected', 5), false);
          }
          state.set(client, connectionState({ role: 'device', ...login }));
          callback(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT authentication failed');
          callback(authError('server unavailable', 5), false);
        },
      );
    },

    authorizePublish(client, packet, callback) {
      // aedes passes no client only for the will of a client of an earlier broker run, which its
      // in-memory persistence never keeps: nothing without a known identity is published.
      const s = client ? state.get(client) : undefined;
      if (!client || !s) return callback(new Error('not authenticated'));
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      if (s.identity.role !== 'server') {
        if (s.identity.role === 'device' && !withinRate(s)) {
          count('rate');
          warn({ clientId: client.id }, 'MQTT client disconnected: over its message rate');
          return callback(new Error('message rate exceeded'));
        }
        if (checks) {
          const verdict = checkPublish(s.identity, directory, packet.topic, payload, packet.retain);
          if (verdict.refused) {
            const error = refuse(client, verdict.refused, packet.topic);
            if (error) return callback(error);
            dropPacket(packet);
            return callback(null);
          }
          if (packet.retain && !verdict.keepRetain) {
            count('retained');
            packet.retain = false;
          }
        }
      }
      const topic = sink ? parseDeviceTopic(packet.topic) : null;
      if (!sink || topic?.kind !== 'telemetry') return callback(null);
      sink(
        { topic: packet.topic, payload, qos: packet.qos },
        topic.equipmentId,
        (error) => callback(error ?? null),
        client,
      );
    },

    authorizeSubscribe(client, subscription: Subscription, callback) {
      const s = state.get(client);
      if (!s) return callback(new Error('not authenticated'));
      if (!checks || checkSubscribe(s.identity, directory, subscription.topic)) return callback(null, subscription);
      const error = refuse(client, 'subscription', subscription.topic);
      if (error) return callback(error);
      // SUBACK 0x80: refused, the connection stays.
      callback(null, null);
    },
  };

  return {
    hooks,
    admit(socket) {
      const address = socket.remoteAddress ?? 'unknown';
      const fromAddress = perAddress.get(address) ?? 0;
      if (open >= limits.maxConnections || fromAddress >= limits.maxConnectionsPerAddress) {
        count('connections');
        warn({ address, open }, 'MQTT connection refused: too many connections');
        socket.destroy();
        return null;
      }
      open++;
      perAddress.set(address, fromAddress + 1);
      socket.once('close', () => {
        open--;
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
      return guardConnection(socket, limits.maxPacketBytes, (announced) => {
        count('tooLarge');
        warn({ address, bytes: announced, limit: limits.maxPacketBytes }, 'MQTT connection closed: packet too large');
      });
    },
    setTelemetrySink(next) {
      sink = next;
    },
    revalidate(broker) {
      for (const client of Object.values(clientsOf(broker))) {
        const identity = state.get(client)?.identity;
        if (identity?.role !== 'device') continue;
        if (directory.isValid(identity.credentialId) && directory.scope(identity.equipmentId)) continue;
        count('revoked');
        log.info(
          { clientId: client.id, equipmentId: identity.equipmentId },
          'MQTT client disconnected: credential no longer valid',
        );
        client.close();
      }
    },
    counts: () => ({ ...counts }),
    trackedAddresses: () => authFailures.size,
  };
}

/**
 * A refused PUBLISH is acknowledged as MQTT 3.1.1 wants (MQTT-3.3.5-2) but goes nowhere: its topic
 * becomes one no client can subscribe to, and nothing of it is kept.
 */
function dropPacket(packet: PublishPacket): void {
  packet.topic = '$SYS/sentinela/refused';
  packet.payload = Buffer.alloc(0);
  packet.retain = false;
}
