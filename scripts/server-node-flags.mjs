// The Node flags of every server start (ADR 039): `npm start`, the Dockerfile, the e2e and test
// servers, the benches. package.json's start script and deploy/Dockerfile spell them out too;
// scripts/server-node-flags.test.ts keeps those in step with this list.
//
// --v8-pool-size=1: V8's platform threads (background compilation and GC helpers; Node's default is
// four, even on two cores) cost ≈ 40 MB resident at rest and 60–70 MB at ingest peak; one keeps the
// live, page and ingest figures (ADR 039, "Measured again").
export const SERVER_NODE_FLAGS = Object.freeze(['--v8-pool-size=1']);

/**
 * The flags a bench starts its server with: SERVER_NODE_FLAGS, or, to compare, BENCH_NODE_FLAGS
 * when set (space-separated; empty means Node's defaults).
 */
export function benchServerNodeFlags(env = process.env) {
  const override = env.BENCH_NODE_FLAGS;
  if (override === undefined) return [...SERVER_NODE_FLAGS];
  return override.split(/\s+/).filter(Boolean);
}
