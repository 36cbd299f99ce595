import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { debugLoggingWanted, defaultInstanceId, EnvError, loadConfig, loadStorageConfig } from './env';

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('names the instance by INSTANCE_ID, else stably by host name and port (ADR 038)', () => {
    expect(loadConfig({ INSTANCE_ID: 'portal-a' }).instanceId).toBe('portal-a');
    expect(loadConfig({ PORT: '3001' }).instanceId).toBe(defaultInstanceId(hostname(), 3001));
    expect(loadConfig({ PORT: '3001' }).instanceId).toBe(loadConfig({ PORT: '3001' }).instanceId);
    expect(defaultInstanceId('web-1.example.com', 3000)).toBe('web-1.example.com-3000');
    expect(defaultInstanceId('Ünïcode host_x', 80)).toBe('n-code-host-x-80');
    expect(defaultInstanceId('', 80)).toBe('sentinela-80');
    expect(errorOf({ INSTANCE_ID: 'a b' })).toMatch(/INSTANCE_ID: expected letters, digits/);
  });

  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, sessionSecret: undefined, logLevel: 'info' });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/sentinela',
      DATABASE_URL: 'postgres://app:secret@db:5432/sentinela',
      SESSION_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/sentinela',
      databaseUrl: 'postgres://app:secret@db:5432/sentinela',
      logLevel: 'warn',
      trustProxy: { hops: 1 },
    });
  });

  it('reads the embedded broker’s listeners and limits, and wants both TLS files with a TLS port', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).mqtt).toMatchObject({
      host: '0.0.0.0',
      tls: undefined,
      limits: { maxPacketBytes: 65536, maxConnections: 2000, maxMessagesPerSecond: 1000 },
    });
    const config = loadConfig({
      MQTT_HOST: '127.0.0.1',
      MQTT_TLS_PORT: '8883',
      MQTT_TLS_CERT: 'certs/broker.pem',
      MQTT_TLS_KEY: 'certs/broker.key',
      MQTT_MAX_PAYLOAD: '131072',
      MQTT_MAX_CONNECTIONS: '50',
      MQTT_MAX_MESSAGE_RATE: '20',
    });
    expect(config.mqtt).toMatchObject({
      host: '127.0.0.1',
      tls: { port: 8883, certFile: path.resolve('certs/broker.pem'), keyFile: path.resolve('certs/broker.key') },
      limits: { maxPacketBytes: 131072, maxConnections: 50, maxMessagesPerSecond: 20 },
    });
    expect(errorOf({ MQTT_TLS_PORT: '8883' })).toMatch(/MQTT_TLS_CERT: is required when MQTT_TLS_PORT is set/);
    expect(errorOf({ MQTT_MAX_PAYLOAD: '10' })).toMatch(/MQTT_MAX_PAYLOAD: expected between 1024 and/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names the variable and the value in one line', () => {
    expect(errorOf({ PORT: 'abc' })).toBe('Invalid environment variable PORT: expected a port number (got "abc")');
    expect(errorOf({ PORT: '70000' })).toBe(
      'Invalid environment variable PORT: expected a port between 0 and 65535 (got "70000")',
    );
    expect(errorOf({ LOG_LEVEL: 'loud' })).toMatch(
      /^Invalid environment variable LOG_LEVEL: expected one of fatal, .* \(got "loud"\)$/,
    );
    expect(errorOf({ TRUST_PROXY: 'maybe' })).toContain('TRUST_PROXY');
  });

  it('reads TRUST_PROXY as off, a number of proxies or their addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '192.168.1.0/24', 'fd00::/8', 'loopback'],
    });
    for (const bad of ['11', '10.0.0.0/33', '10.0.0.256', 'proxy.local', '10.0.0.1,,10.0.0.2', '::1/129']) {
      expect(errorOf({ TRUST_PROXY: bad })).toMatch(
        /^Invalid environment variable TRUST_PROXY: expected false, true, a number of proxies \(1 to 10\) or a comma-separated list/,
      );
    }
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, without echoing it', () => {
    const message = errorOf({ DATABASE_URL: 'mysql://root:pw@localhost/db', SESSION_SECRET: 'x'.repeat(40) });
    expect(message).toMatch(/^Invalid environment variable DATABASE_URL: expected a PostgreSQL URL/);
    expect(message).not.toContain('pw@');
  });

  it('requires a long SESSION_SECRET with DATABASE_URL, and never prints secrets', () => {
    expect(errorOf({ DATABASE_URL: 'postgres://localhost/x' })).toBe(
      'Invalid environment variable SESSION_SECRET: is required when DATABASE_URL is set (every instance must share it)',
    );
    const short = errorOf({ SESSION_SECRET: 'tooshort' });
    expect(short).toContain('at least 32 characters');
    expect(short).not.toContain('tooshort');
  });

  it('sends e-mail by SMTP when SMTP_URL and SMTP_FROM are set, never echoing the URL', () => {
    expect(loadConfig({}).email).toEqual({ provider: 'outbox' });
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail:587', SMTP_FROM: 'Sentinela <a@b.c>' }).email).toEqual({
      provider: 'smtp',
      url: 'smtp://u:p@mail:587',
      from: 'Sentinela <a@b.c>',
    });
    expect(errorOf({ SMTP_URL: 'smtp://u:p@mail:587' })).toBe(
      'Invalid environment variable SMTP_FROM: is required when SMTP_URL is set',
    );
    const bad = errorOf({ SMTP_URL: 'http://u:secret@mail', SMTP_FROM: 'x@y.z' });
    expect(bad).toContain('expected an SMTP URL');
    expect(bad).not.toContain('secret');
  });

  it("reads the external broker credentials; the virtual plant uses its own or the server's", () => {
    const server = loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_USERNAME: 'sentinela', MQTT_PASSWORD: 'pw' });
    expect(server.mqtt.credentials).toEqual({ username: 'sentinela', password: 'pw' });
    expect(server.simulator.credentials).toEqual({ username: 'sentinela', password: 'pw' });
    const own = loadConfig({
      MQTT_URL: 'mqtt://broker:1883',
      MQTT_USERNAME: 'sentinela',
      MQTT_PASSWORD: 'pw',
      SIMULATOR: 'on',
      SIMULATOR_MQTT_USERNAME: 'cps-gw-sim',
      SIMULATOR_MQTT_PASSWORD: 'gw',
    });
    expect(own.simulator.credentials).toEqual({ username: 'cps-gw-sim', password: 'gw' });
    expect(loadConfig({}).mqtt.credentials).toBeUndefined();
  });

  it('refuses a password without a username and a username that cannot be written, never echoing passwords', () => {
    const message = errorOf({ MQTT_PASSWORD: 'hunter2', SIMULATOR_MQTT_PASSWORD: 'hunter3' });
    expect(message).toContain('MQTT_USERNAME: is required when MQTT_PASSWORD is set');
    expect(message).toContain('SIMULATOR_MQTT_USERNAME: is required when SIMULATOR_MQTT_PASSWORD is set');
    expect(errorOf({ MQTT_USERNAME: 'a:b' })).toContain('Invalid environment variable MQTT_USERNAME');
    expect(errorOf({ MQTT_USERNAME: 'ok', MQTT_PASSWORD: 'x'.repeat(2000) })).not.toContain('xxxx');
  });

  it('reads METRICS_TOKEN (unset: none), refusing a short one without echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    const message = errorOf({ METRICS_TOKEN: 'short' });
    expect(message).toContain('Invalid environment variable METRICS_TOKEN');
    expect(message).not.toContain('short"');
  });

  it('reads WEATHER_URL (default: Open-Meteo), refusing a URL that is not http(s)', () => {
    expect(loadConfig({}).weatherUrl).toBe('https://api.open-meteo.com');
    expect(loadConfig({ WEATHER_URL: 'http://127.0.0.1:8080' }).weatherUrl).toBe('http://127.0.0.1:8080');
    expect(errorOf({ WEATHER_URL: 'ftp://example.com' })).toContain(
      'Invalid environment variable WEATHER_URL: expected an http(s) URL',
    );
  });

  it('reads DEMO_HISTORY (default on)', () => {
    expect(loadConfig({}).demoHistory).toBe(true);
    expect(loadConfig({ DEMO_HISTORY: 'off' }).demoHistory).toBe(false);
    expect(errorOf({ DEMO_HISTORY: 'maybe' })).toMatch(/DEMO_HISTORY: expected on or off/);
  });

  it('reads ESCALATION_MINUTE_MS (default: a real minute), refusing one outside 1 s to 1 min', () => {
    expect(loadConfig({}).escalationMinuteMs).toBe(60_000);
    expect(loadConfig({ ESCALATION_MINUTE_MS: '2000' }).escalationMinuteMs).toBe(2000);
    expect(errorOf({ ESCALATION_MINUTE_MS: '10' })).toMatch(/ESCALATION_MINUTE_MS: expected between 1000 and 60000/);
    expect(errorOf({ ESCALATION_MINUTE_MS: '120000' })).toMatch(/ESCALATION_MINUTE_MS: expected between 1000/);
  });

  it('reads PUBLIC_URL (links in e-mails) without its trailing slash, refusing one that is not http(s)', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://sentinela.example.com/' }).publicUrl).toBe(
      'https://sentinela.example.com',
    );
    expect(errorOf({ PUBLIC_URL: 'sentinela.example.com' })).toContain('Invalid environment variable PUBLIC_URL');
  });
});

describe('loadStorageConfig (npm run backup / restore)', () => {
  it('reads DATA_DIR and DATABASE_URL only: no SESSION_SECRET needed beside DATABASE_URL', () => {
    const url = 'postgres://u:p@db:5432/sentinela';
    expect(loadStorageConfig({ DATABASE_URL: url, PATH: '/bin' })).toMatchObject({
      dataDir: path.resolve('./data'),
      databaseUrl: url,
      toolEnv: { PATH: '/bin' },
    });
    expect(loadStorageConfig({ DATA_DIR: 'x', PORT: 'not a port' }).dataDir).toBe(path.resolve('x'));
    expect(() => loadStorageConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});

describe('debugLoggingWanted (the debug package’s DEBUG)', () => {
  it('is true only when DEBUG names something', () => {
    expect(debugLoggingWanted({})).toBe(false);
    expect(debugLoggingWanted({ DEBUG: '' })).toBe(false);
    expect(debugLoggingWanted({ DEBUG: 'mqttjs*' })).toBe(true);
  });
});
