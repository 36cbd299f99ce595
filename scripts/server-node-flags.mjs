// The Node flags of every server start (ADR 039): `npm start`, the Dockerfile, the e2e and test
// servers, the benches. package.json's start script and deploy/Dockerfile spell them out too;
// scripts/server-node-flags.test.ts keeps those in step with this list.
//
// --v8-pool-size=1: V8's platform threads (background compilation and GC helpers; Node's default is
// four, even on two cores) cost ≈ 40 MB resident at rest and 60–70 MB at ingest peak; one keeps the
// live, API and ingest figures (ADR 039, "Measured again" and the addendum of 2026-11-25).
// --heap-growing-percent=25: after each full GC the main heap may grow to 1.25 × what is live (V8
// lets it grow up to 4× under a high allocation rate); at ingest peak the main heap stays ≈ 140 MB
// instead of ≈ 340 MB. Costs more full GCs: at the top ingest rate on PGlite the full app reached
// 69–72 % of COPY instead of 75–78 % (at 10,000 points/s, bench:live, no cost was seen).
export const SERVER_NODE_FLAGS = Object.freeze(['--v8-pool-size=1', '--heap-growing-percent=25']);

/**
 * The flags a bench starts its server with: SERVER_NODE_FLAGS, or, to compare, BENCH_NODE_FLAGS
 * when set (space-separated; empty means Node's defaults).
 */
export function benchServerNodeFlags(env = process.env) {
  const override = env.BENCH_NODE_FLAGS;
  if (override === undefined) return [...SERVER_NODE_FLAGS];
  return override.split(/\s+/).filter(Boolean);
}
