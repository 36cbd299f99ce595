// Bundles the server (and the workspace packages it imports) into dist/main.mjs; packages from
// node_modules stay external and are loaded from there at run time.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.mjs',
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
