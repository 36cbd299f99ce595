// What bench:start and bench:idle share: a free port, a median, the resident memory of a process,
// package.json's start script with the server exec'd so that its pid is the child's, and the
// server spawned and stopped with it.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Resident memory of a process, KiB (0 once it is gone). */
export function rssKb(pid) {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return Number(out) || 0;
}

/** The server's log lines (pino JSON) that say the demo history is complete or has nothing to do. */
export const HISTORY_DONE = new Set(['demo history complete', 'demo history: nothing to generate']);

/**
 * What `npm start` runs, minus npm's own start-up: the staleness check, then the server, exec'd
 * (with the variables the script sets before `node`) so that its pid is the shell's.
 */
export const startCommand = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start.replace(
  /&& ((?:[A-Z_]+=\S+ )*)node /,
  (_all, variables) => `&& exec ${variables ? `env ${variables}` : ''}node `,
);
if (!startCommand.includes('exec ')) throw new Error(`bench: cannot read the server's start from ${startCommand}`);

/** Calls `onMessage` with the `msg` of each pino JSON line the stream writes. */
export function onLogMessage(stream, onMessage) {
  let buffered = '';
  stream.on('data', (chunk) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        onMessage(JSON.parse(line).msg);
      } catch {
        // not a log line
      }
    }
  });
}

/** Resolves once `http://127.0.0.1:port/` answers 200. */
export async function untilServing(port) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * Runs `command` (startCommand, or it with other Node flags) in a shell on `dataDir`, on a free
 * port with the embedded broker on another, stdout piped (the pino lines) and `env` added to a
 * bare environment. `began`: just before the spawn. `stop()` sends SIGTERM and resolves once the
 * server has exited (the command execs node, so the signal reaches it).
 */
export async function spawnServer(command, dataDir, env = {}) {
  const port = await freePort();
  const began = performance.now();
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, MQTT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, port, began, stop };
}
