// `npm run bench:start`: how long `npm start` takes to answer (time to listen) and to finish the
// demo history it generates in the background (issue 11), on a first start (empty DATA_DIR) and
// on starts with existing data (no rebuild), and how much memory the process holds once up.
// Prints figures; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  HISTORY_DONE,
  median,
  onLogMessage,
  root,
  rssKb,
  spawnServer,
  startCommand,
  untilServing,
} from './start-util.mjs';

const runs = Number(process.argv[2] ?? 5);

async function startOnce(dataDir) {
  // What `npm start` runs, minus npm's own start-up: the staleness check, then the server.
  const { child, port, began, stop } = await spawnServer(startCommand, dataDir, { LOG_LEVEL: 'debug' });
  let historyMs = null;
  const historyDone = new Promise((resolve) => {
    onLogMessage(child.stdout, (message) => {
      if (!HISTORY_DONE.has(message)) return;
      historyMs ??= performance.now() - began;
      resolve();
    });
  });
  await untilServing(port);
  const listenMs = performance.now() - began;
  await fetch(`http://127.0.0.1:${port}/api/trpc/system.health`);
  await historyDone;
  const rss = rssKb(child.pid);
  await stop();
  return { listenMs, historyMs, rss };
}

spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-'));
try {
  const first = await startOnce(dataDir);
  console.log(
    `first start on an empty DATA_DIR: listening after ${first.listenMs.toFixed(0)} ms, demo history complete after ${first.historyMs.toFixed(0)} ms`,
  );
  const listen = [];
  const history = [];
  let rss = 0;
  for (let i = 0; i < runs; i++) {
    const run = await startOnce(dataDir);
    listen.push(run.listenMs);
    history.push(run.historyMs);
    rss = Math.max(rss, run.rss);
  }
  console.log(
    `start on existing data, ${runs} runs: listening after median ${median(listen).toFixed(0)} ms (min ${Math.min(...listen).toFixed(0)}, max ${Math.max(...listen).toFixed(0)}), demo history complete after median ${median(history).toFixed(0)} ms`,
  );
  console.log(`resident memory after start: ${(rss / 1024).toFixed(0)} MB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
