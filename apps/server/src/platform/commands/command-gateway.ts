import { randomUUID } from 'node:crypto';
import { ackMessage, deviceTopic, parseDeviceTopic, type CommandAction } from '@sentinela/shared/telemetry';
import type { FastifyBaseLogger } from 'fastify';
import { connectMqtt, type MqttTarget } from '../mqtt-connection';

export interface CommandOutcome {
  status: 'confirmed' | 'failed' | 'timeout';
  state?: Record<string, unknown>;
  /** A refusal's reason as a code (DeviceRefusalCode, or the device's own). */
  code?: string;
  error?: string;
}

export interface CommandGateway {
  /** Publishes the command to the device and waits for its ack (or the timeout). */
  send(
    site: string,
    equipmentId: string,
    id: string,
    action: CommandAction,
    params: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<CommandOutcome>;
  stop(): Promise<void>;
}

export const COMMAND_TIMEOUT_MS = 5000;

/** `clientId`: the server derives it from INSTANCE_ID (default: a random one). */
export function startCommandGateway(
  target: MqttTarget,
  log: FastifyBaseLogger,
  clientId = `sentinela-commands-${randomUUID().slice(0, 8)}`,
): CommandGateway {
  const client = connectMqtt(target, { clientId, clean: true });
  const pending = new Map<
    string,
    { equipmentId: string; resolve: (o: CommandOutcome) => void; timer: NodeJS.Timeout }
  >();

  client.on('connect', () => {
    client.subscribe('sentinela/+/+/ack', { qos: 1 }, (error) => {
      if (error) log.error({ err: error }, 'could not subscribe to command acks');
    });
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT command connection error'));
  client.on('message', (topic, payload) => {
    const parsedTopic = parseDeviceTopic(topic);
    if (parsedTopic?.kind !== 'ack') return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const ack = ackMessage.safeParse(json);
    if (!ack.success) return;
    const waiting = pending.get(ack.data.id);
    // An ack must come from the device the command went to.
    if (!waiting || waiting.equipmentId !== parsedTopic.equipmentId) return;
    pending.delete(ack.data.id);
    clearTimeout(waiting.timer);
    waiting.resolve(
      ack.data.ok
        ? { status: 'confirmed', ...(ack.data.state ? { state: ack.data.state } : {}) }
        : {
            status: 'failed',
            ...(ack.data.code ? { code: ack.data.code } : {}),
            error: ack.data.error ?? 'refused by the device',
          },
    );
  });

  return {
    send(site, equipmentId, id, action, params, timeoutMs = COMMAND_TIMEOUT_MS) {
      return new Promise<CommandOutcome>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve({ status: 'timeout' });
        }, timeoutMs);
        pending.set(id, { equipmentId, resolve, timer });
        client.publish(
          deviceTopic(site, equipmentId, 'cmd'),
          JSON.stringify({ id, action, params }),
          { qos: 1 },
          (error) => {
            if (error && pending.delete(id)) {
              clearTimeout(timer);
              resolve({ status: 'failed', error: error.message });
            }
          },
        );
      });
    },
    async stop() {
      for (const [id, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.resolve({ status: 'timeout' });
        pending.delete(id);
      }
      await client.endAsync();
    },
  };
}
