import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';

// The real server process, started as `npm start` starts it but from source (through tsx, as
// main.test.ts does), in its own process group so that a kill -9 takes all of it.
const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The base URL of its HTTP server. */
  base: string;
  /** What it wrote to stdout and stderr (the last 64 KB). */
  output(): string;
  exited: Promise<number | null>;
  /** kill -9 of the whole process group; resolves once the process is gone. */
  kill9(): Promise<void>;
  /** SIGTERM (a graceful stop); resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `src/main.ts` with the given environment (DATA_DIR or DATABASE_URL, MQTT_PORT or MQTT_URL…)
 * on `port`, and resolves once `system.health` answers. DEMO_DATA and SIMULATOR default to off.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...serverNodeFlags(env), '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      SIMULATOR: 'off',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    base,
    output: () => output,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/trpc/system.health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
