import type { Database } from '@sentinela/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env';
import { startCommandGateway, type CommandGateway } from '../platform/commands/command-gateway';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker';
import { startIngest, type Ingest } from './ingest';
import { LiveBus } from './live-bus';
import type { MqttTarget } from '../platform/mqtt-connection';
import { loadPlantDevices } from './simulator/plant-devices';
import { applyRetention, type Retention } from './telemetry-writer';
import { startVirtualPlant } from './simulator/virtual-plant';

export interface TelemetryRuntime {
  bus: LiveBus;
  commands: CommandGateway;
  ingest: Ingest;
  broker: EmbeddedBroker | null;
  target: MqttTarget;
  stop(): Promise<void>;
}

/** The MQTT side of the process: broker (embedded or external), ingest, command gateway. */
export async function startTelemetry(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  /** The retention in force (an operational setting, read at every hourly run). */
  retentionInForce: () => Promise<Retention>,
): Promise<TelemetryRuntime> {
  const bus = new LiveBus();
  const broker = config.mqtt.url ? null : await startEmbeddedBroker(config.mqtt.port, config.host, log);
  const target: MqttTarget = broker
    ? { kind: 'embedded', broker: broker.broker }
    : { kind: 'url', url: config.mqtt.url! };
  // Several shared-subscription connections to an external broker: each holds at most its
  // in-flight window of unacknowledged messages until a batch commits (ADR 008).
  const ingest = await startIngest({ db, bus, log, target, external: !broker, connections: 12 });
  const commands = startCommandGateway(target, log);

  const retention = setInterval(
    () =>
      void retentionInForce()
        .then((kept) => applyRetention(db, new Date(), kept))
        .catch((error: unknown) => log.warn({ err: error }, 'retention failed')),
    60 * 60 * 1000,
  );
  retention.unref();

  const plant = config.simulator.enabled
    ? await startVirtualPlant({
        target,
        devices: await loadPlantDevices(db),
        intervalMs: config.simulator.intervalMs,
        seed: config.simulator.seed,
        faults: config.simulator.faults,
        log,
      })
    : undefined;
  return {
    bus,
    commands,
    ingest,
    broker,
    target,
    async stop() {
      clearInterval(retention);
      // The plant first: it must not publish into a stopped ingest.
      await plant?.stop();
      await commands.stop();
      await ingest.stop();
      await broker?.close();
    },
  };
}
