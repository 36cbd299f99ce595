// Bundles the server (and the workspace packages it imports) into dist/main.mjs and
// dist/backup.mjs; packages from node_modules stay external and are loaded from there at run time.
import { build } from 'esbuild';

const started = performance.now();
await build({
  // main.mjs: the portal; backup.mjs: `npm run backup` and `npm run restore` (ADR 036);
  // pglite-worker.mjs: the thread that runs PGlite, found beside main.mjs (ADR 037).
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/backup-cli.ts',
    'pglite-worker': '../../packages/db/src/pglite-worker.mjs',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@sentinela/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`server bundle built in ${Math.round(performance.now() - started)} ms`);
