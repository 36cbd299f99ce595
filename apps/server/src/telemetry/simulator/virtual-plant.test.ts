import type { Client } from 'aedes';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_NAME, ackMessage, telemetryMessage } from '@sentinela/shared/telemetry';
import { startEmbeddedBroker, type EmbeddedBroker } from '../embedded-broker';
import { connectMqtt, whenConnected, type MqttTarget } from '../../platform/mqtt-connection';
import type { PlantDevice } from './plant-devices';
import { startVirtualPlant, type VirtualPlant } from './virtual-plant';

const log = pino({ level: 'silent' });
const motorRated = { powerKw: 15, currentA: 28.5, rpm: 1765, voltageV: 380, efficiency: 92.4 };

function siteDevices(site: string): PlantDevice[] {
  return [
    { id: 'mtr-t-001', site, kind: 'motor', rated: motorRated, state: { on: true }, roomId: 'room-1' },
    {
      id: 'mtr-t-002',
      site,
      kind: 'motor',
      rated: motorRated,
      state: { on: false },
      status: 'maintenance',
      roomId: 'room-1',
    },
    {
      id: 'lgt-t-001',
      site,
      kind: 'light',
      rated: { powerW: 150 },
      state: { on: true, brightness: 100, mode: 'normal' },
      roomId: 'room-1',
    },
    {
      id: 'hvac-t-001',
      site,
      kind: 'hvac',
      rated: { coolingKw: 35, powerKw: 10.9 },
      state: { on: true, setpoint: 23, mode: 'cool' },
      roomId: 'room-1',
    },
    {
      id: 'emt-t-001',
      site,
      kind: 'meter',
      rated: { maxKw: 100, voltageV: 380, baseKw: 5, powerFactor: 0.95 },
      state: {},
      roomId: 'room-1',
    },
    {
      id: 'emt-t-002',
      site,
      kind: 'meter',
      rated: { maxKw: 500, voltageV: 380, baseKw: 1.5, powerFactor: 0.95 },
      state: {},
      roomId: null,
    },
    { id: 'rck-t-001', site, kind: 'server', rated: { powerKw: 8 }, state: {}, roomId: 'room-2' },
    { id: 'sns-t-001', site, kind: 'sensor', rated: {}, state: {}, roomId: 'room-2' },
  ];
}

const METRICS: Record<string, string[]> = {
  motor: ['current', 'efficiency', 'powerKw', 'rpm', 'temperature', 'vibration'],
  light: ['brightness', 'on', 'powerW'],
  hvac: ['humidity', 'on', 'powerKw', 'returnTemp', 'setpoint', 'supplyTemp'],
  meter: ['energyKwh', 'powerFactor', 'powerKw', 'voltageV'],
  server: ['inletTemp', 'powerKw'],
  sensor: ['humidity', 'temperature'],
};

interface Received {
  topic: string;
  text: string;
  retain: boolean;
}

/** A plain MQTT client that records everything under sentinela/. */
class Listener {
  readonly messages: Received[] = [];
  constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) =>
      this.messages.push({ topic, text: payload.toString(), retain: packet.retain }),
    );
  }

  telemetry(site: string, id: string, from = 0): Record<string, number>[] {
    return this.messages
      .slice(from)
      .filter((m) => m.topic === `sentinela/${site}/${id}/telemetry`)
      .map((m) => telemetryMessage.parse(JSON.parse(m.text)).metrics);
  }

  async until<T>(find: () => T | undefined, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error('timed out waiting for MQTT messages');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async command(site: string, id: string, command: Record<string, unknown>) {
    const commandId = String(command.id);
    this.client.publish(`sentinela/${site}/${id}/cmd`, JSON.stringify(command), { qos: 1 });
    return this.until(() => {
      const ack = this.messages.find(
        (m) => m.topic === `sentinela/${site}/${id}/ack` && m.text.includes(`"${commandId}"`),
      );
      return ack ? ackMessage.parse(JSON.parse(ack.text)) : undefined;
    });
  }
}

describe('virtual plant', () => {
  let embedded: EmbeddedBroker;
  let target: MqttTarget;
  let listener: Listener;
  let plant: VirtualPlant;

  beforeAll(async () => {
    embedded = await startEmbeddedBroker(0, '127.0.0.1', log);
    target = { kind: 'embedded', broker: embedded.broker };
    const client = connectMqtt(target, { clientId: 'plant-test-listener' });
    await whenConnected(client);
    await client.subscribeAsync('sentinela/#', { qos: 1 });
    listener = new Listener(client);
    plant = await startVirtualPlant({
      target,
      devices: siteDevices('teste'),
      intervalMs: 50,
      seed: 42,
      faults: false,
      log,
    });
  });
  afterAll(async () => {
    await plant.stop();
    await listener.client.endAsync();
    await embedded.close();
  });

  it('announces every device online and publishes its metrics on its own topic', async () => {
    const devices = siteDevices('teste');
    await listener.until(() =>
      devices.every((d) => listener.telemetry('teste', d.id).length >= 3) ? true : undefined,
    );
    for (const device of devices) {
      const status = listener.messages.find((m) => m.topic === `sentinela/teste/${device.id}/status`);
      expect(status?.text).toBe('online');
      const [first] = listener.telemetry('teste', device.id);
      // A stopped motor has no efficiency to report.
      const expected = METRICS[device.kind]?.filter((name) => device.state.on !== false || name !== 'efficiency');
      expect(Object.keys(first ?? {}).sort()).toEqual(expected);
      for (const name of Object.keys(first ?? {})) expect(name).toMatch(METRIC_NAME);
    }
    expect(listener.messages.find((m) => m.topic === 'sentinela/teste/virtual-plant/status')?.text).toBe('online');
    // The room meter adds up its room, the main meter the room meters; registers only go up.
    const room = listener.telemetry('teste', 'emt-t-001');
    const main = listener.telemetry('teste', 'emt-t-002');
    // The HVAC follows the outdoor temperature (time of day): the room draws about 20 kW on the coldest
    // night and more by day, so the floor is set below the night's figure.
    expect(room.at(-1)?.powerKw).toBeGreaterThan(15);
    expect(main.at(-1)?.powerKw).toBeGreaterThan(room.at(-1)?.powerKw ?? Infinity);
    const energy = room.map((m) => m.energyKwh ?? 0);
    expect(energy).toEqual([...energy].sort((a, b) => a - b));
    expect(energy.at(-1)).toBeGreaterThan(energy[0] ?? Infinity);
  });

  it('stops a motor on command: acknowledged, then it spins down over a few intervals', async () => {
    const sent = Date.now();
    const ack = await listener.command('teste', 'mtr-t-001', {
      id: 'c-off',
      action: 'setPower',
      params: { on: false },
    });
    expect(Date.now() - sent).toBeGreaterThanOrEqual(90);
    expect(ack).toEqual({ id: 'c-off', ok: true, state: { on: false } });
    const from = listener.messages.length;
    const rpm = await listener.until(() => {
      const values = listener.telemetry('teste', 'mtr-t-001', from).map((m) => m.rpm ?? -1);
      return values.includes(0) ? values : undefined;
    });
    const spinning = rpm.slice(0, rpm.indexOf(0) + 1);
    expect(spinning.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < spinning.length; i++) expect(spinning[i]).toBeLessThan(spinning[i - 1] ?? 0);
    expect(listener.telemetry('teste', 'mtr-t-001').at(-1)?.efficiency).toBeUndefined();

    const on = await listener.command('teste', 'mtr-t-001', { id: 'c-on', action: 'setPower', params: { on: true } });
    expect(on.state).toEqual({ on: true });
  });

  it('dims a light to 50 % in eco mode and sets an HVAC set-point', async () => {
    const eco = await listener.command('teste', 'lgt-t-001', {
      id: 'c-eco',
      action: 'setLight',
      params: { mode: 'eco' },
    });
    expect(eco).toEqual({ id: 'c-eco', ok: true, state: { on: true, brightness: 50, mode: 'eco' } });
    const from = listener.messages.length;
    const next = await listener.until(() => listener.telemetry('teste', 'lgt-t-001', from)[0]);
    expect(next.brightness).toBe(50);
    expect(next.powerW).toBeLessThan(100);
    const setpoint = await listener.command('teste', 'hvac-t-001', {
      id: 'c-sp',
      action: 'setSetpoint',
      params: { setpoint: 21 },
    });
    expect(setpoint).toMatchObject({ ok: true, state: { on: true, setpoint: 21 } });
  });

  it('refuses what a device cannot do, with a code the client translates and a reason', async () => {
    const refusals: [string, Record<string, unknown>, string, RegExp][] = [
      ['mtr-t-001', { id: 'b-1', action: 'setLight', params: { on: true } }, 'unsupported', /not supported by a motor/],
      ['hvac-t-001', { id: 'b-2', action: 'setSetpoint', params: { setpoint: 40 } }, 'outOfRange', /out of range/],
      ['mtr-t-001', { id: 'b-3', action: 'setPower', params: { on: 'yes' } }, 'invalidParams', /invalid params/],
      ['mtr-t-999', { id: 'b-4', action: 'setPower', params: { on: true } }, 'unknownEquipment', /unknown equipment/],
      ['mtr-t-002', { id: 'b-5', action: 'setPower', params: { on: true } }, 'maintenanceLockout', /maintenance/],
      ['mtr-t-001', { id: 'b-6', action: 'explode', params: {} }, 'invalidParams', /invalid command/],
      [
        'lgt-t-001',
        { id: 'b-7', action: 'setLight', params: { mode: 'eco', brightness: 80 } },
        'conflict',
        /conflicts with mode eco/,
      ],
    ];
    const acks = await Promise.all(refusals.map(([id, command]) => listener.command('teste', id, command)));
    acks.forEach((ack, i) => {
      expect(ack.ok, ack.id).toBe(false);
      expect(ack.code, ack.id).toBe(refusals[i]?.[2]);
      expect(ack.error).toMatch(refusals[i]?.[3] ?? /./);
    });
  });

  it('stays calm with faults off: no temperature or vibration in an alarm band', () => {
    for (const id of ['mtr-t-001', 'mtr-t-002']) {
      for (const m of listener.telemetry('teste', id)) {
        expect(m.temperature).toBeLessThan(80);
        expect(m.vibration).toBeLessThan(4.5);
      }
    }
  });

  it('is deterministic for a seed, and says offline for every device when it stops', async () => {
    const now = () => Date.UTC(2026, 2, 18, 15, 0, 0);
    const run = async (seed: number) => {
      const from = listener.messages.length;
      const devices = siteDevices('det');
      const p = await startVirtualPlant({ target, devices, intervalMs: 600_000, seed, faults: true, log, now });
      p.publishOnce();
      p.publishOnce();
      const texts = await listener.until(() => {
        const got = listener.messages
          .slice(from)
          .filter((m) => m.topic.startsWith('sentinela/det/') && m.topic.endsWith('/telemetry'));
        return got.length === devices.length * 2 ? got.map((m) => `${m.topic} ${m.text}`) : undefined;
      });
      await p.stop();
      const offline = listener.messages
        .slice(from)
        .filter((m) => m.topic.startsWith('sentinela/det/') && m.text === 'offline');
      expect(offline.length).toBe(devices.length + 1);
      return texts;
    };
    const first = await run(7);
    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
  });

  it('leaves its will when the connection dies, and comes back online by itself', async () => {
    const connected = new Promise<Client>((resolve) => embedded.broker.once('client', resolve));
    const p = await startVirtualPlant({
      target,
      devices: siteDevices('lwt'),
      intervalMs: 600_000,
      seed: 1,
      faults: false,
      log,
    });
    const from = listener.messages.length;
    (await connected).conn.destroy();
    await listener.until(() =>
      listener.messages
        .slice(from)
        .find((m) => m.topic === 'sentinela/lwt/virtual-plant/status' && m.text === 'offline'),
    );
    await listener.until(() =>
      listener.messages
        .slice(from)
        .find((m) => m.topic === 'sentinela/lwt/virtual-plant/status' && m.text === 'online'),
    );
    await p.stop();
  });
});

describe('virtual plant following the registry', () => {
  it('starts playing added devices, stops (and marks offline) the ones no longer given', async () => {
    const embedded = await startEmbeddedBroker(0, '127.0.0.1', log);
    const target: MqttTarget = { kind: 'embedded', broker: embedded.broker };
    const client = connectMqtt(target, { clientId: 'plant-sync-listener' });
    await whenConnected(client);
    await client.subscribeAsync('sentinela/#', { qos: 1 });
    const listener = new Listener(client);
    const [motor, , light] = siteDevices('sync');
    // An empty site at first (DEMO_DATA=off): the plant runs with nothing to play.
    const plant = await startVirtualPlant({ target, devices: [], intervalMs: 50, seed: 1, faults: false, log });
    try {
      const gateway: PlantDevice = { id: 'gw-s-001', site: 'sync', kind: 'gateway', rated: {}, state: {} };
      expect(await plant.sync([motor!, light!, gateway])).toEqual({ added: 3, removed: 0 });
      await listener.until(() => (listener.telemetry('sync', 'gw-s-001').length >= 2 ? true : undefined));
      expect(Object.keys(listener.telemetry('sync', 'gw-s-001')[0] ?? {})).toEqual(['uptimeS']);
      expect(listener.messages.find((m) => m.topic === 'sentinela/sync/mtr-t-001/status')?.text).toBe('online');

      // The light is retired: no longer given.
      expect(await plant.sync([motor!, gateway])).toEqual({ added: 0, removed: 1 });
      expect(await plant.sync([motor!, gateway])).toEqual({ added: 0, removed: 0 });
      await listener.until(() =>
        listener.messages.find((m) => m.topic === 'sentinela/sync/lgt-t-001/status' && m.text === 'offline'),
      );
      // Retained: whoever subscribes later reads it offline.
      const late = connectMqtt(target, { clientId: 'plant-sync-late' });
      await whenConnected(late);
      const lateListener = new Listener(late);
      await late.subscribeAsync('sentinela/sync/lgt-t-001/status', { qos: 1 });
      const retained = await lateListener.until(() => lateListener.messages[0]);
      expect(retained).toMatchObject({ text: 'offline', retain: true });
      await late.endAsync();
      const from = listener.messages.length;
      await listener.until(() => (listener.telemetry('sync', 'mtr-t-001', from).length >= 3 ? true : undefined));
      expect(listener.telemetry('sync', 'lgt-t-001', from)).toEqual([]);
    } finally {
      await plant.stop();
      await client.endAsync();
      await embedded.close();
    }
  });
});
