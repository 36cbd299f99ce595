import { createServer } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from './embedded-broker';
import { connectMqtt, whenConnected } from '../platform/mqtt-connection';

describe('embedded broker', () => {
  it('runs in-process only, with a warning naming MQTT_PORT and MQTT_URL, when its port is taken', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const broker = await startEmbeddedBroker(taken, '127.0.0.1', log);
    try {
      expect(broker.port).toBeNull();
      expect(lines.join('')).toMatch(/MQTT_PORT/);
      expect(lines.join('')).toMatch(/MQTT_URL/);
      // The process's own clients still meet on it.
      const a = connectMqtt({ kind: 'embedded', broker: broker.broker }, { clientId: 'a' });
      const b = connectMqtt({ kind: 'embedded', broker: broker.broker }, { clientId: 'b' });
      await Promise.all([whenConnected(a), whenConnected(b)]);
      await a.subscribeAsync('sentinela/x/y/telemetry');
      const got = new Promise<string>((resolve) => a.once('message', (_t, payload) => resolve(payload.toString())));
      await b.publishAsync('sentinela/x/y/telemetry', 'hello');
      expect(await got).toBe('hello');
      await Promise.all([a.endAsync(), b.endAsync()]);
    } finally {
      await broker.close();
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('listens for devices on a free port', async () => {
    const broker = await startEmbeddedBroker(0, '127.0.0.1', pino({ level: 'silent' }));
    try {
      expect(broker.port).toBeGreaterThan(0);
      const device = connectMqtt(
        { kind: 'url', url: `mqtt://127.0.0.1:${broker.port}` },
        { clientId: 'device', reconnectPeriod: 0 },
      );
      await whenConnected(device);
      await device.endAsync();
    } finally {
      await broker.close();
    }
  });
});
