import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { staticDirectory } from './device-directory';
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

  it('listens for devices on a free port, and over TLS when given a certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentinela-tls-'));
    const certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const broker = await startEmbeddedBroker(0, '127.0.0.1', pino({ level: 'silent' }), {
      directory: staticDirectory({ 'mtr-1': { site: 'cps', secret: 'the-secret-of-mtr-1' } }),
      tls: { port: 0, certFile, keyFile },
    });
    try {
      expect(broker.port).toBeGreaterThan(0);
      expect(broker.tlsPort).toBeGreaterThan(0);
      const credentials = { username: 'mtr-1', password: 'the-secret-of-mtr-1', reconnectPeriod: 0 };
      const plain = connectMqtt(
        { kind: 'url', url: `mqtt://127.0.0.1:${broker.port}` },
        { clientId: 'a', ...credentials },
      );
      const secure = connectMqtt(
        { kind: 'url', url: `mqtts://127.0.0.1:${broker.tlsPort}` },
        { clientId: 'b', ...credentials, ca: readFileSync(certFile), rejectUnauthorized: false },
      );
      await Promise.all([whenConnected(plain), whenConnected(secure)]);
      await Promise.all([plain.endAsync(), secure.endAsync()]);
    } finally {
      await broker.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
