import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { seedDemoSite } from '@sentinela/db/seed/demo-site';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { telemetryMessage } from '@sentinela/shared/telemetry';
import { startEmbeddedBroker, type EmbeddedBroker } from '../embedded-broker';
import { connectMqtt, whenConnected } from '../../platform/mqtt-connection';
import { loadPlantDevices, type PlantDevice } from './plant-devices';
import { startVirtualPlant } from './virtual-plant';

const log = pino({ level: 'silent' });

describe.each(testDatabaseKinds())('the demo site played by the virtual plant on %s', (kind) => {
  let handle: DatabaseHandle;
  let devices: PlantDevice[];
  let embedded: EmbeddedBroker;
  let listener: MqttClient;
  const telemetry = new Map<string, Record<string, number>>();

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoSite(handle.db, { now: new Date(), seed: 3 });
    devices = await loadPlantDevices(handle.db);
    embedded = await startEmbeddedBroker(0, '127.0.0.1', log);
    listener = connectMqtt({ kind: 'embedded', broker: embedded.broker }, { clientId: 'demo-listener' });
    await whenConnected(listener);
    await listener.subscribeAsync('sentinela/+/+/telemetry');
    listener.on('message', (topic, payload) => {
      telemetry.set(topic.split('/')[2] ?? '', telemetryMessage.parse(JSON.parse(payload.toString())).metrics);
    });
  });
  afterAll(async () => {
    await listener.endAsync();
    await embedded.close();
    await handle.close();
  });

  it('loads every device with its site, room and last values', () => {
    expect(devices.length).toBeGreaterThan(400);
    expect(new Set(devices.map((d) => d.site))).toEqual(new Set(['campinas', 'joinville', 'rio']));
    const meters = devices.filter((d) => d.kind === 'meter');
    expect(meters.filter((d) => d.roomId === null)).toHaveLength(3);
    for (const meter of meters) expect(meter.last?.energyKwh).toBeGreaterThan(0);
  });

  it('publishes for every device, carrying the meter registers on', async () => {
    const plant = await startVirtualPlant({
      target: { kind: 'embedded', broker: embedded.broker },
      devices,
      intervalMs: 600_000,
      seed: 3,
      faults: false,
      log,
    });
    try {
      plant.publishOnce();
      const deadline = Date.now() + 10_000;
      while (telemetry.size < devices.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(telemetry.size).toBe(devices.length);
      for (const meter of devices.filter((d) => d.kind === 'meter')) {
        const { energyKwh = 0, powerKw = 0 } = telemetry.get(meter.id) ?? {};
        // One interval (10 min) at the published power on top of the seeded register.
        const expected = (meter.last?.energyKwh ?? 0) + (powerKw * 600_000) / 3_600_000;
        expect(Math.abs(energyKwh - expected)).toBeLessThan(0.05 * powerKw + 0.01);
      }
    } finally {
      await plant.stop();
    }
  });
});
