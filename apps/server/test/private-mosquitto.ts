import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { freePort } from './free-port';

const shippedConfig = fileURLToPath(new URL('../../../deploy/mosquitto/mosquitto.conf', import.meta.url));

/** Polls `check` every 100 ms until it answers true (or throws after `ms`). */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once something accepts MQTT connections on the port (any CONNACK, even a refusal). */
export async function untilMqttAnswers(port: number, ms = 10_000): Promise<void> {
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const probe = mqtt.connect(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0, connectTimeout: 500 });
        probe.once('connect', () => probe.end(true, () => resolve(true)));
        probe.once('error', (error: Error & { code?: unknown }) =>
          probe.end(true, () => resolve(typeof error.code === 'number')),
        );
      }),
    'mosquitto',
    ms,
  );
}

export interface PrivateMosquitto {
  url: string;
  port: number;
  dir: string;
  /** Writes the password and ACL files and has mosquitto read them again (SIGHUP). */
  writeFiles(passwd: string, acl: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A mosquitto of its own for a test: deploy/mosquitto/mosquitto.conf as shipped, on a free
 * port of 127.0.0.1, with its password file, ACL file and persistence in a temporary folder.
 * `overrides` replace settings of the shipped file by name (`{ max_queued_messages: '10' }`).
 */
export async function startPrivateMosquitto(
  files: { passwd: string; acl: string },
  overrides: Record<string, string> = {},
): Promise<PrivateMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'sentinela-mosquitto-'));
  mkdirSync(path.join(dir, 'data'));
  const settings: Record<string, string> = {
    listener: `${port} 127.0.0.1`,
    password_file: path.join(dir, 'passwd'),
    acl_file: path.join(dir, 'acl'),
    persistence_location: `${path.join(dir, 'data')}/`,
    // Started as root, mosquitto becomes the user `mosquitto`, which cannot read this folder.
    ...(process.getuid?.() === 0 ? { user: 'root' } : {}),
    ...overrides,
  };
  const unused = new Set(Object.keys(settings));
  const lines = readFileSync(shippedConfig, 'utf8')
    .split('\n')
    .map((line) => {
      const name = /^([a-z_]+)\s/.exec(line)?.[1];
      if (name === undefined || !(name in settings)) return line;
      unused.delete(name);
      return `${name} ${settings[name]}`;
    });
  for (const name of unused) lines.push(`${name} ${settings[name]}`);
  writeFileSync(path.join(dir, 'mosquitto.conf'), `${lines.join('\n')}\n`);
  writeFileSync(path.join(dir, 'passwd'), files.passwd, { mode: 0o600 });
  writeFileSync(path.join(dir, 'acl'), files.acl, { mode: 0o600 });
  const child: ChildProcess = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], {
    stdio: 'ignore',
    cwd: dir,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await untilMqttAnswers(port);
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    dir,
    async writeFiles(passwd, acl) {
      writeFileSync(path.join(dir, 'passwd'), passwd, { mode: 0o600 });
      writeFileSync(path.join(dir, 'acl'), acl, { mode: 0o600 });
      child.kill('SIGHUP');
      await new Promise((r) => setTimeout(r, 300));
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
