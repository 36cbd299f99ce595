import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { commandMessage } from '@sentinela/shared/telemetry';
import { startCommandGateway, type CommandGateway } from '../../platform/commands/command-gateway';
import { applyCommand } from '../../telemetry/device-commands';
import type { LightModel } from '../../telemetry/device-models';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../telemetry/embedded-broker';
import { connectMqtt, whenConnected } from '../../platform/mqtt-connection';

/**
 * For the lights tests: an embedded broker, the real command gateway, and lights on the other
 * side of MQTT that obey commands as the virtual plant's do (same command rules), except the
 * ones told to refuse or to stay silent.
 */
export interface FakeLightDevices {
  gateway: CommandGateway;
  /** The lights' control state as the devices hold it. */
  models: Map<string, LightModel>;
  /** Ids that answer with a refusal. */
  refusing: Set<string>;
  /** Ids that never answer (the command times out). */
  silent: Set<string>;
  /** Every command a device received, in order. */
  received: { equipmentId: string; params: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startFakeLightDevices(): Promise<FakeLightDevices> {
  const log = pino({ level: 'silent' });
  const broker: EmbeddedBroker = await startEmbeddedBroker(0, '127.0.0.1', log);
  const target = { kind: 'embedded' as const, broker: broker.broker };
  const gateway = startCommandGateway(target, log);
  const device: MqttClient = connectMqtt(target, { clientId: 'fake-lights' });
  await whenConnected(device);
  await device.subscribeAsync('sentinela/+/+/cmd', { qos: 1 });
  const models = new Map<string, LightModel>();
  const refusing = new Set<string>();
  const silent = new Set<string>();
  const received: FakeLightDevices['received'] = [];
  device.on('message', (topic, payload) => {
    const [, site = '', equipmentId = ''] = topic.split('/');
    const command = commandMessage.parse(JSON.parse(payload.toString('utf8')));
    received.push({ equipmentId, params: command.params });
    if (silent.has(equipmentId)) return;
    let model = models.get(equipmentId);
    if (!model) {
      model = { kind: 'light', on: false, brightness: 100, mode: 'normal' };
      models.set(equipmentId, model);
    }
    const outcome = refusing.has(equipmentId)
      ? { ok: false as const, error: 'driver fault' }
      : applyCommand(model, command.action, command.params);
    const ack = outcome.ok
      ? { id: command.id, ok: true, state: outcome.state }
      : { id: command.id, ok: false, error: outcome.error };
    device.publish(`sentinela/${site}/${equipmentId}/ack`, JSON.stringify(ack), { qos: 1 });
  });
  // The gateway subscribes to acks once connected: probe until an ack comes back.
  for (let attempt = 0; ; attempt++) {
    const probe = await gateway.send('probe', 'probe', randomUUID(), 'setLight', { on: true }, 200);
    if (probe.status === 'confirmed') break;
    if (attempt > 50) throw new Error('the command gateway never heard the fake devices');
  }
  models.delete('probe');
  received.length = 0;
  return {
    gateway,
    models,
    refusing,
    silent,
    received,
    async close() {
      await device.endAsync();
      await gateway.stop();
      await broker.close();
    },
  };
}
