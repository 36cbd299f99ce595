import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { freePort } from './free-port';

/** The shipped broker configuration (issue 10): its queue limits are the ones tested, once it exists. */
const shippedConfig = fileURLToPath(new URL('../../../deploy/mosquitto/mosquitto.conf', import.meta.url));
const QUEUE_SETTING = /^\s*(max_queued_messages|max_queued_bytes|max_inflight_messages|max_inflight_bytes)\s+\S+/;

export interface PrivateMosquitto {
  url: string;
  /** Its configuration file (persistence on, anonymous clients allowed). */
  configFile: string;
  stop(): Promise<void>;
}

/**
 * A mosquitto of the test's own on a free port (never the machine's shared one), with persistence
 * in a folder of its own. Queue limits: those of deploy/mosquitto/mosquitto.conf when that file
 * exists, else room for a few seconds of flood while the portal is down.
 */
export async function startPrivateMosquitto(): Promise<PrivateMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'sentinela-mosquitto-'));
  mkdirSync(path.join(dir, 'persistence'));
  const shipped = existsSync(shippedConfig)
    ? readFileSync(shippedConfig, 'utf8')
        .split('\n')
        .filter((line) => QUEUE_SETTING.test(line))
    : [];
  const queue = shipped.length > 0 ? shipped : ['max_queued_messages 1000000', 'max_queued_bytes 0'];
  const configFile = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${path.join(dir, 'persistence')}/`,
      'sys_interval 1',
      ...queue,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('mosquitto', ['-c', configFile], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `mqtt://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 500 });
      probe.once('connect', () => probe.end(true, () => resolve(true)));
      probe.once('error', () => probe.end(true, () => resolve(false)));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    configFile,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
