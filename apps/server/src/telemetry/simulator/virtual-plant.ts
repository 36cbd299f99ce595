import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createRandom, streamSeed } from '@sentinela/db/seed/seeded-random';
import {
  TOPIC_ROOT,
  commandMessage,
  deviceTopic,
  parseDeviceTopic,
  type AckMessage,
} from '@sentinela/shared/telemetry';
import { applyCommand } from '../device-commands';
import {
  createSimDevice,
  drawKw,
  outdoorTemperatureAt,
  stepDevice,
  type PlantEnvironment,
  type SimDevice,
} from '../device-models';
import { connectMqtt, PLANT_USERNAME, whenConnected, type MqttTarget } from '../../platform/mqtt-connection';
import type { PlantDevice } from './plant-devices';
import { activeFault, updateFaults, type FaultType } from './plant-faults';

export type PlantLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;

export interface VirtualPlantOptions {
  target: MqttTarget;
  devices: PlantDevice[];
  /** How often each device publishes (default 5000); devices are spread over the interval. */
  intervalMs?: number;
  seed: number;
  /** Now and then a motor overheats, vibrates, a device goes silent… Off: a calm plant. */
  faults: boolean;
  log: PlantLogger;
  now?: () => number;
  /** Its MQTT client id (the server derives it from INSTANCE_ID); default: a random one. */
  clientId?: string;
}

export interface VirtualPlant {
  /** Publishes 'offline' for every device, then disconnects. */
  stop(): Promise<void>;
  /** Steps and publishes every device at once (tests). */
  publishOnce(): void;
  /**
   * Follows the registry: plays the devices it did not know, stops playing (and marks offline)
   * those no longer given, and takes the new place and nameplate of the others.
   */
  sync(devices: PlantDevice[]): Promise<{ added: number; removed: number }>;
}

// Below this, timers cost more than they spread: several devices share a tick.
const MIN_TICK_MS = 20;
const STOP_PUBLISH_WAIT_MS = 2000;

function meterEnvironment(sims: SimDevice[], now: () => number): PlantEnvironment {
  const inRoom = new Map<string, SimDevice[]>();
  const roomMeters = new Map<string, SimDevice[]>();
  for (const sim of sims) {
    const { roomId, kind, site } = sim.device;
    if (typeof roomId !== 'string') continue;
    const map = kind === 'meter' ? roomMeters : inRoom;
    const key = kind === 'meter' ? site : roomId;
    map.set(key, [...(map.get(key) ?? []), sim]);
  }
  return {
    get outdoorC() {
      return outdoorTemperatureAt(now());
    },
    get nowMs() {
      return now();
    },
    meteredKw(meter) {
      const { roomId, site } = meter.device;
      if (typeof roomId === 'string') return (inRoom.get(roomId) ?? []).reduce((kw, s) => kw + drawKw(s), 0);
      // The main meter (no room) sees every room meter of its site, plus cabling and transformer losses.
      if (roomId === null)
        return (roomMeters.get(site) ?? []).reduce((kw, s) => kw + (s.metrics.powerKw ?? 0), 0) * 1.015;
      return 0;
    },
  };
}

function canStartFault(sim: SimDevice, type: FaultType): boolean {
  const model = sim.model;
  if (type === 'overheat') return model.kind === 'motor' && model.spin >= 0.9;
  if (type === 'vibration') return model.kind === 'motor' && model.spin > 0.5;
  if (type === 'supplyAir') return model.kind === 'hvac' && model.on;
  return true;
}

/**
 * The virtual plant: an ordinary MQTT client of the device contract (packages/shared/src/telemetry.ts)
 * that plays every given device. Publishes telemetry, obeys and acknowledges commands, and, with
 * `faults`, misbehaves now and then so the alarms have something to find. Deterministic for a seed.
 */
export async function startVirtualPlant(options: VirtualPlantOptions): Promise<VirtualPlant> {
  const { target, devices, seed, faults, log } = options;
  const intervalMs = options.intervalMs ?? 5000;
  const now = options.now ?? Date.now;
  let sims = devices.map((device) => createSimDevice(device, seed, outdoorTemperatureAt(now())));
  const byId = new Map(sims.map((s) => [s.device.id, s]));
  let sites = new Set(devices.map((d) => d.site));
  let env = meterEnvironment(sims, now);
  const commandRandom = createRandom(streamSeed(seed, 'commands'));
  const plantTopic = `${TOPIC_ROOT}/${devices[0]?.site ?? 'plant'}/virtual-plant/status`;

  // On the embedded broker, one in-process connection as the gateway of every device it plays.
  const client = connectMqtt(target, {
    ...(target.kind === 'embedded' ? { username: PLANT_USERNAME } : {}),
    clientId: options.clientId ?? `sentinela-virtual-plant-${randomBytes(4).toString('hex')}`,
    clean: true,
    // Telemetry is only worth its moment: not queued while disconnected.
    queueQoSZero: false,
    // One will per client: the plant as a whole goes offline if this connection dies.
    will: { topic: plantTopic, payload: Buffer.from('offline'), qos: 1, retain: true },
  });
  try {
    await whenConnected(client);
    await client.subscribeAsync(`${TOPIC_ROOT}/+/+/cmd`, { qos: 1 });
  } catch (error) {
    await client.endAsync(true);
    throw error;
  }

  const isSilent = (sim: SimDevice) => activeFault(sim.faults, 'silence', sim.t) !== undefined;
  const publishStatuses = (status: 'online' | 'offline') =>
    Promise.all([
      ...sims.map((s) =>
        client.publishAsync(deviceTopic(s.device.site, s.device.id, 'status'), status, { qos: 1, retain: true }),
      ),
      client.publishAsync(plantTopic, status, { qos: 1, retain: true }),
    ]);
  const ignoreError = (error?: Error) => {
    if (error) log.debug({ err: error }, 'virtual plant: publish failed');
  };

  function tick(sim: SimDevice): void {
    if (faults) {
      const before = sim.faults.length;
      sim.faults = updateFaults(sim.faults, sim.device.kind, sim.random, sim.t, intervalMs, (type) =>
        canStartFault(sim, type),
      );
      const started = sim.faults.length > before ? sim.faults.at(-1) : undefined;
      if (started) {
        log.info(
          {
            equipmentId: sim.device.id,
            fault: started.type,
            seconds: Math.round((started.end - started.start) / 1000),
          },
          'virtual plant: fault begins',
        );
      }
    }
    const metrics = stepDevice(sim, env, intervalMs);
    if (isSilent(sim)) return;
    const topic = deviceTopic(sim.device.site, sim.device.id, 'telemetry');
    client.publish(topic, JSON.stringify({ ts: now(), metrics }), { qos: 0 }, ignoreError);
  }

  function ack(site: string, equipmentId: string, message: AckMessage): void {
    client.publish(deviceTopic(site, equipmentId, 'ack'), JSON.stringify(message), { qos: 1 }, ignoreError);
  }

  const pending = new Set<NodeJS.Timeout>();
  client.on('message', (topic, payload) => {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.kind !== 'cmd' || !sites.has(parsed.site)) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return log.debug({ topic }, 'virtual plant: command is not JSON, ignored');
    }
    const command = commandMessage.safeParse(json);
    if (!command.success) {
      const id = (json as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && id.length > 0 && id.length <= 64) {
        ack(parsed.site, parsed.equipmentId, {
          id,
          ok: false,
          code: 'invalidParams',
          error: `invalid command: ${command.error.issues[0]?.message ?? 'rejected'}`,
        });
      }
      return;
    }
    const { id, action, params } = command.data;
    const sim = byId.get(parsed.equipmentId);
    if (!sim || sim.device.site !== parsed.site) {
      return ack(parsed.site, parsed.equipmentId, {
        id,
        ok: false,
        code: 'unknownEquipment',
        error: `unknown equipment ${parsed.equipmentId}`,
      });
    }
    // A silent device hears nothing: the command times out.
    if (isSilent(sim)) return log.debug({ equipmentId: sim.device.id, id }, 'virtual plant: silent device, no ack');
    const timer = setTimeout(
      () => {
        pending.delete(timer);
        const outcome = applyCommand(sim.model, action, params);
        log.debug({ equipmentId: sim.device.id, action, ok: outcome.ok }, 'virtual plant: command');
        ack(parsed.site, parsed.equipmentId, { id, ...outcome });
      },
      commandRandom.range(100, 300),
    );
    pending.add(timer);
  });

  await publishStatuses('online');
  // After a reconnect the broker may have lost the retained statuses (an embedded one restarted).
  client.on(
    'connect',
    () =>
      void publishStatuses('online').catch((error: unknown) =>
        log.warn({ err: error }, 'virtual plant: status publish failed'),
      ),
  );

  // Devices are spread over the interval in slots; the timer is set again when their number changes.
  const slotsFor = (count: number) => Math.max(1, Math.min(count, Math.floor(intervalMs / MIN_TICK_MS)));
  let slots = 0;
  let tickCount = 0;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const next = slotsFor(sims.length);
    if (next === slots && timer) return;
    clearInterval(timer);
    slots = next;
    timer = setInterval(() => {
      const slot = tickCount++ % slots;
      for (let i = slot; i < sims.length; i += slots) {
        const sim = sims[i];
        if (sim) tick(sim);
      }
    }, intervalMs / slots);
  };
  schedule();
  log.info({ devices: sims.length, intervalMs, faults, seed }, 'virtual plant started');

  let stopped = false;
  return {
    publishOnce() {
      for (const sim of sims) tick(sim);
    },
    async sync(next) {
      if (stopped) return { added: 0, removed: 0 };
      const given = new Map(next.map((device) => [device.id, device]));
      const gone = sims.filter((sim) => !given.has(sim.device.id));
      const added: SimDevice[] = [];
      for (const device of next) {
        const sim = byId.get(device.id);
        if (sim) {
          // Same model (its temperatures, its on/off); a new place or nameplate.
          sim.device = { ...sim.device, site: device.site, roomId: device.roomId, rated: device.rated };
        } else {
          const created = createSimDevice(device, seed, outdoorTemperatureAt(now()));
          byId.set(device.id, created);
          added.push(created);
        }
      }
      for (const sim of gone) byId.delete(sim.device.id);
      sims = [...sims.filter((sim) => given.has(sim.device.id)), ...added];
      sites = new Set(sims.map((sim) => sim.device.site));
      // Rooms may have changed too: the meters' sums are rebuilt every time (cheap).
      env = meterEnvironment(sims, now);
      if (added.length === 0 && gone.length === 0) return { added: 0, removed: 0 };
      schedule();
      const publish = (sim: SimDevice, status: 'online' | 'offline') =>
        client.publishAsync(deviceTopic(sim.device.site, sim.device.id, 'status'), status, { qos: 1, retain: true });
      await Promise.all([...added.map((sim) => publish(sim, 'online')), ...gone.map((sim) => publish(sim, 'offline'))]);
      if (added.length > 0 || gone.length > 0) {
        log.info(
          { added: added.length, removed: gone.length, devices: sims.length },
          'virtual plant follows the registry',
        );
      }
      return { added: added.length, removed: gone.length };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      for (const t of pending) clearTimeout(t);
      pending.clear();
      if (client.connected) {
        await Promise.race([publishStatuses('offline'), sleep(STOP_PUBLISH_WAIT_MS, undefined, { ref: false })]);
      }
      await client.endAsync(!client.connected);
      log.info('virtual plant stopped');
    },
  };
}
