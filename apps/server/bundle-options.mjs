// esbuild options of the server bundle (build.mjs) and of the benches' server (bench/bench-util.ts,
// liveServerBundle): the server and the workspace packages it imports in one file per entry point;
// packages from node_modules stay external and are loaded from there at run time.
export function serverBundleOptions(entryPoints, outdir) {
  return {
    entryPoints,
    outdir,
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
  };
}
