import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Database } from '@sentinela/db/client';
import { brokerDroppedAlertMessage } from '@sentinela/shared/alert-messages';
import type { BrokerHealth, BrokerSys } from '@sentinela/shared/system';
import { connectMqtt, type MqttTarget } from '../platform/mqtt-connection';
import { lastSiteAlertValue, raiseSiteAlert } from '../platform/site-alerts';
import type { LiveBus } from './live-bus';

/** The site alert raised when an external broker reports dropped messages. */
export const BROKER_DROPPED_SOURCE = 'broker:dropped';

/** Mosquitto's `$SYS` topics read (2.0 publishes them every sys_interval, retained). */
const SYS_TOPICS: Record<string, Exclude<keyof BrokerSys, 'updatedAt'>> = {
  '$SYS/broker/publish/messages/dropped': 'droppedMessages',
  '$SYS/broker/clients/connected': 'clientsConnected',
  '$SYS/broker/messages/received': 'messagesReceived',
  '$SYS/broker/messages/sent': 'messagesSent',
  '$SYS/broker/messages/stored': 'messagesStored',
};

const ptNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** The Portuguese rendering stored beside the message key (the client words the key). */
export function brokerDroppedMessage(count: number): string {
  return `Broker MQTT descartou mensagens: ${ptNumber.format(count)}`;
}

export interface BrokerHealthMonitor {
  report(): BrokerHealth;
  /** Resolves once what has arrived so far is handled (tests). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export interface BrokerHealthOptions {
  db: Database;
  bus: LiveBus;
  log: FastifyBaseLogger;
  /** The external broker, with the server's login (which may read `$SYS/#`). */
  target: Extract<MqttTarget, { kind: 'url' }>;
  now?: () => Date;
  /** Its MQTT client id (the server derives it from INSTANCE_ID); default: a random one. */
  clientId?: string;
}

/**
 * Follows an external Mosquitto's `$SYS` counters over one connection of its own. Mosquitto
 * drops a QoS 1 message it has already acknowledged to the device when a subscriber's queue
 * is full (max_queued_messages / max_queued_bytes, deploy/mosquitto); its dropped counter is
 * the only trace. When that counter passes the value of the last such alert (0 after the broker
 * restarted: its counters start again), a site alert is raised, or the open one updated: one
 * open at a time, cleared by people.
 */
export function startBrokerHealth(options: BrokerHealthOptions): BrokerHealthMonitor {
  const { db, bus, log } = options;
  const now = options.now ?? (() => new Date());
  const sys: BrokerSys = {
    droppedMessages: null,
    clientsConnected: null,
    messagesReceived: null,
    messagesSent: null,
    messagesStored: null,
    updatedAt: null,
  };
  let connected = false;
  /** The dropped count already alerted; undefined until read from the last alert. */
  let alerted: number | undefined;
  let chain: Promise<void> = Promise.resolve();

  async function onDropped(count: number): Promise<void> {
    alerted ??= (await lastSiteAlertValue(db, BROKER_DROPPED_SOURCE)) ?? 0;
    if (count < alerted) alerted = 0; // the broker restarted
    if (count <= alerted) return;
    const { raised } = await raiseSiteAlert(db, bus, {
      source: BROKER_DROPPED_SOURCE,
      severity: 'critical',
      message: brokerDroppedMessage(count),
      text: brokerDroppedAlertMessage(count),
      value: count,
      at: now(),
    });
    log.warn({ dropped: count, since: alerted, raised }, 'the MQTT broker dropped acknowledged messages');
    alerted = count;
  }

  const client: MqttClient = connectMqtt(options.target, {
    clientId: options.clientId ?? `sentinela-health-${randomBytes(4).toString('hex')}`,
    clean: true,
  });
  client.on('connect', () => {
    connected = true;
    client.subscribe(Object.keys(SYS_TOPICS), { qos: 0 }, (error) => {
      if (error) log.warn({ err: error }, 'could not subscribe to the broker $SYS counters');
    });
  });
  client.on('close', () => {
    connected = false;
  });
  client.on('error', (error) => log.debug({ err: error }, 'broker health connection error'));
  client.on('message', (topic, payload) => {
    const key = SYS_TOPICS[topic];
    const value = Number(payload.toString());
    if (key === undefined || !Number.isFinite(value)) return;
    sys[key] = value;
    sys.updatedAt = now();
    if (key === 'droppedMessages') {
      chain = chain
        .then(() => onDropped(value))
        .catch((error: unknown) => log.error({ err: error }, 'could not raise the broker dropped-messages alert'));
    }
  });

  return {
    report: () => ({ kind: 'external', connected, sys: { ...sys } }),
    settled: () => chain,
    async stop() {
      await client.endAsync(true);
      await chain;
    },
  };
}

/** The embedded broker's report: connected while it runs (its refusals are added by its checks). */
export function embeddedBrokerHealth(refusals?: () => Record<string, number>): Pick<BrokerHealthMonitor, 'report'> {
  return {
    report: () => ({ kind: 'embedded', connected: true, ...(refusals ? { refusals: refusals() } : {}) }),
  };
}
