// `npm start` builds only when the sources changed since the last build: a fresh clone builds
// once, a restart on existing data starts at once. `--stamp` records the current sources
// (npm run build calls it last).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = path.join(root, 'node_modules', '.cache', 'sentinela-build.json');
const inputs = [
  'package-lock.json',
  'tsconfig.base.json',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/src',
  'apps/web/public',
  'apps/server/build.mjs',
  'apps/server/bundle-options.mjs',
  'apps/server/package.json',
  'apps/server/src',
  'packages/shared/src',
  'packages/db/src',
];
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.mjs', 'apps/server/dist/backup.mjs'];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) return yield entry;
  for (const name of readdirSync(full).sort()) {
    if (/\.test\.tsx?$/.test(name)) continue;
    yield* files(path.join(entry, name));
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      const { size, mtimeMs } = statSync(path.join(root, file));
      hash.update(`${file}\0${size}\0${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const current = fingerprint();
if (process.argv.includes('--stamp')) {
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ fingerprint: current, builtAt: new Date().toISOString() }));
  process.exit(0);
}

let previous;
try {
  previous = JSON.parse(readFileSync(stampFile, 'utf8')).fingerprint;
} catch {
  previous = undefined;
}
const built = outputs.every((file) => existsSync(path.join(root, file)));
if (built && previous === current) process.exit(0);

console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the app…');
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
