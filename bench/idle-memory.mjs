// `npm run bench:idle`: the server's resident memory at rest (issue 18: ≤ 250 MB idle after start),
// started as `npm start` starts it, first on an empty DATA_DIR (the demo history written in the
// background) and then again on the same folder. RSS is read every 5 s and printed every 30 s for
// BENCH_IDLE_SECONDS (240) per start; the figure to compare is the median of the last minute.
// BENCH_NODE_FLAGS (space-separated) replaces the server's Node flags, to compare.
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
import { benchServerNodeFlags } from '../scripts/server-node-flags.mjs';

const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 240);
const command =
  process.env.BENCH_NODE_FLAGS === undefined
    ? startCommand
    : startCommand.replace(
        /(exec (?:env \S+ )?node ).*( \S+\.mjs)$/,
        `$1${benchServerNodeFlags(process.env).join(' ')}$2`,
      );
if (process.env.BENCH_NODE_FLAGS !== undefined) console.log(`server started as: ${command}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => Math.round(kb / 1024);
async function watch(label, dataDir) {
  const { child, port, began, stop } = await spawnServer(command, dataDir);
  let historyS = null;
  onLogMessage(child.stdout, (message) => {
    if (HISTORY_DONE.has(message)) historyS ??= (performance.now() - began) / 1000;
  });
  await untilServing(port);
  const samples = [];
  let peak = 0;
  const line = [];
  for (let t = 5; t <= seconds; t += 5) {
    await sleep(began + t * 1000 - performance.now());
    const rss = rssKb(child.pid);
    samples.push({ t, rss });
    peak = Math.max(peak, rss);
    if (t % 30 === 0) line.push(`${t} s ${mb(rss)}`);
  }
  await stop();
  const lastMinute = samples.filter((s) => s.t > seconds - 60).map((s) => s.rss);
  console.log(`${label}: demo history done after ${historyS?.toFixed(0) ?? '—'} s; RSS MB at ${line.join(', ')}`);
  console.log(`  peak ${mb(peak)} MB; last minute median ${mb(median(lastMinute))} MB (target ≤ 250)`);
}

spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinela-bench-idle-'));
try {
  await watch('first start (empty DATA_DIR)', dataDir);
  await watch('restart (same DATA_DIR)', dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
