import type { Database, DatabaseHandle } from '@sentinela/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import { startCommandGateway, type CommandGateway } from '../platform/commands/command-gateway';
import type { DeviceDirectory } from './device-directory';
import { embeddedBrokerHealth, startBrokerHealth, type BrokerHealthMonitor } from './broker-health';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { startIngest, type Ingest } from './ingest';
import { LiveBus } from './live-bus';
import { startLiveRelay, type LiveRelay, type LiveRelayStats } from './live-relay';
import type { MqttTarget } from '../platform/mqtt-connection';
import { loadPlantDevices } from './simulator/plant-devices';
import { startVirtualPlant, type VirtualPlant } from './simulator/virtual-plant';
import { runOnOneInstance, type OnOneInstance } from '../platform/one-instance';

/** The advisory lock the virtual plant runs under: one instance plays it (ADR 038). */
export const VIRTUAL_PLANT_LOCK = 'sentinela.virtual-plant';

/**
 * The MQTT client ids of an instance, from its INSTANCE_ID (ADR 038): distinct between
 * instances, so none kicks another off the broker, and the same after a restart, so the
 * ingest's persistent sessions resume (its connections add `-0`, `-1`…; they share one
 * subscription group across instances).
 */
export function mqttClientIds(instanceId: string) {
  return {
    ingest: `sentinela-ingest-${instanceId}`,
    commands: `sentinela-commands-${instanceId}`,
    health: `sentinela-health-${instanceId}`,
    plant: `sentinela-virtual-plant-${instanceId}`,
  };
}

export interface TelemetryRuntime {
  bus: LiveBus;
  commands: CommandGateway;
  ingest: Ingest;
  broker: EmbeddedBroker | null;
  /** What system.health shows of the broker (an external one's $SYS counters). */
  brokerHealth: Pick<BrokerHealthMonitor, 'report'>;
  target: MqttTarget;
  /** The live relay's counters; null without one (PGlite: a single instance). */
  relayStats(): LiveRelayStats | null;
  /** Whether the virtual plant runs in this process (with several instances, on one of them). */
  plantRunsHere(): boolean;
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
  options: {
    directory?: DeviceDirectory;
    /**
     * PostgreSQL: the virtual plant runs on the instance holding its lock (default: here), and the
     * live bus is relayed to the other instances through LISTEN/NOTIFY (PGlite: in-process only).
     */
    database?: Pick<DatabaseHandle, 'kind' | 'sessionLock' | 'notifications' | 'copyIn'>;
  } = {},
): Promise<TelemetryRuntime> {
  const clientIds = mqttClientIds(config.instanceId);
  const bus = new LiveBus();
  // Before anything publishes: what this instance's ingest and alarms publish reaches browsers
  // connected to the other instances, and theirs reaches this one's (ADR 038).
  const relay: LiveRelay | undefined = options.database?.notifications
    ? await startLiveRelay({ bus, instanceId: config.instanceId, notifications: options.database.notifications, log })
    : undefined;
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
    ...(options.database?.copyIn ? { copyIn: options.database.copyIn } : {}),
    bus,
    log,
    target,
    external: !broker,
    ...(broker ? { intake: broker.guard } : {}),
    connections: 12,
    clientIdPrefix: clientIds.ingest,
    rollups: 'scheduler',
    // PGlite: one process, so this ingest writes every raw point and counts the rollups itself.
    ...(options.database?.kind === 'pglite' ? { rollupsFrom: 'memory' as const } : {}),
  });
  const commands = startCommandGateway(target, log, clientIds.commands);
  const externalHealth =
    target.kind === 'url' ? startBrokerHealth({ db, bus, log, target, clientId: clientIds.health }) : undefined;

  // Several instances on one database: one plays the plant (the same device ids twice would be
  // one device publishing twice), another takes over when it dies.
  const plant: OnOneInstance<VirtualPlant> | undefined = config.simulator.enabled
    ? await runOnOneInstance({
        database: options.database ?? {},
        lock: VIRTUAL_PLANT_LOCK,
        what: 'virtual plant',
        log,
        start: async () =>
          startVirtualPlant({
            // Against an external broker it logs in as SIMULATOR_MQTT_USERNAME (a gateway), else as the server.
            target: target.kind === 'url' ? { ...target, ...config.simulator.credentials } : target,
            devices: await loadPlantDevices(db),
            intervalMs: config.simulator.intervalMs,
            seed: config.simulator.seed,
            faults: config.simulator.faults,
            log,
            clientId: clientIds.plant,
          }),
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
    relayStats: () => (relay ? { ...relay.stats } : null),
    plantRunsHere: () => Boolean(plant?.current()),
    async followRegistry() {
      await ingest.reloadEquipment();
      await credentialsChanged();
      const playing = plant?.current();
      if (playing) await playing.sync(await loadPlantDevices(db));
    },
    credentialsChanged,
    async stop() {
      // The plant first: it must not publish into a stopped ingest.
      await plant?.stop();
      await commands.stop();
      await externalHealth?.stop();
      await ingest.stop();
      await broker?.close();
      await relay?.stop();
    },
  };
}
