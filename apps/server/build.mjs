// Bundles the server (and the workspace packages it imports) into dist/main.mjs and
// dist/backup.mjs; packages from node_modules stay external and are loaded from there at run time.
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options.mjs';

const started = performance.now();
await build(
  serverBundleOptions(
    {
      // main.mjs: the portal; backup.mjs: `npm run backup` and `npm run restore` (ADR 036);
      // pglite-worker.mjs: the thread that runs PGlite, found beside main.mjs (ADR 037).
      main: 'src/main.ts',
      backup: 'src/backup-cli.ts',
      'pglite-worker': '../../packages/db/src/pglite-worker.mjs',
    },
    'dist',
  ),
);
console.log(`server bundle built in ${Math.round(performance.now() - started)} ms`);
