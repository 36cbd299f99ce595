import type { Database } from '@sentinela/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import { startCommandGateway, type CommandGateway } from '../platform/commands/command-gateway';
import type { DeviceDirectory } from './device-directory';
import { embeddedBrokerHealth, startBrokerHealth, type BrokerHealthMonitor } from './broker-health';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { startIngest, type Ingest } from './ingest';
import { LiveBus } from './live-bus';
import type { MqttTarget } from '../platform/mqtt-connection';
import { loadPlantDevices } from './simulator/plant-devices';
import { startVirtualPlant } from './simulator/virtual-plant';

export interface TelemetryRuntime {
  bus: LiveBus;
  commands: CommandGateway;
  ingest: Ingest;
  broker: EmbeddedBroker | null;
  /** What system.health shows of the broker (an external one's $SYS counters). */
  brokerHealth: Pick<BrokerHealthMonitor, 'report'>;
  target: MqttTarget;
  /**
   * Follows the registry: the ingest refuses the points of equipment retired since, and the
   * virtual plant (SIMULATOR=on) plays what the registry now holds.
   */
  followRegistry(): Promise<void>;
  /**
   * A device credential changed here: the embedded broker's directory is read again at once and
   * the connections of revoked or expired secrets end (an external broker needs its files written
   * again: npm run mqtt:credentials).
   */
  credentialsChanged(): Promise<void>;
  stop(): Promise<void>;
}

/** The MQTT side of the process: broker (embedded or external), ingest, command gateway. */
export async function startTelemetry(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  options: { directory?: DeviceDirectory } = {},
): Promise<TelemetryRuntime> {
  const bus = new LiveBus();
  const broker = config.mqtt.url
    ? null
    : await startEmbeddedBroker(config.mqtt.port, config.mqtt.host, log, {
        ...(options.directory ? { directory: options.directory } : {}),
        limits: config.mqtt.limits,
        ...(config.mqtt.tls ? { tls: config.mqtt.tls } : {}),
      });
  const target: MqttTarget = broker
    ? { kind: 'embedded', broker: broker.broker }
    : { kind: 'url', url: config.mqtt.url!, ...config.mqtt.credentials };
  // Several shared-subscription connections to an external broker: each holds at most its
  // in-flight window of unacknowledged messages until a batch commits (ADR 008).
  // Its rollups run as a job of the server's scheduler (server.ts).
  const ingest = await startIngest({
    db,
    bus,
    log,
    target,
    external: !broker,
    ...(broker ? { intake: broker.guard } : {}),
    connections: 12,
    rollups: 'scheduler',
  });
  const commands = startCommandGateway(target, log);
  const externalHealth = target.kind === 'url' ? startBrokerHealth({ db, bus, log, target }) : undefined;

  const plant = config.simulator.enabled
    ? await startVirtualPlant({
        // Against an external broker it logs in as SIMULATOR_MQTT_USERNAME (a gateway), else as the server.
        target: target.kind === 'url' ? { ...target, ...config.simulator.credentials } : target,
        devices: await loadPlantDevices(db),
        intervalMs: config.simulator.intervalMs,
        seed: config.simulator.seed,
        faults: config.simulator.faults,
        log,
      })
    : undefined;
  const credentialsChanged = async () => {
    if (!options.directory || !broker) return;
    await options.directory.reload();
    broker.guard.revalidate(broker.broker);
  };
  return {
    bus,
    commands,
    ingest,
    broker,
    brokerHealth: externalHealth ?? embeddedBrokerHealth(broker ? () => broker.guard.counts() : undefined),
    target,
    async followRegistry() {
      await ingest.reloadEquipment();
      await credentialsChanged();
      if (plant) await plant.sync(await loadPlantDevices(db));
    },
    credentialsChanged,
    async stop() {
      // The plant first: it must not publish into a stopped ingest.
      await plant?.stop();
      await commands.stop();
      await externalHealth?.stop();
      await ingest.stop();
      await broker?.close();
    },
  };
}
