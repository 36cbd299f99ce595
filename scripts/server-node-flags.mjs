import { pathToFileURL } from 'node:url';

// The Node flags of every server start (ADR 039): `npm start` and the Docker image (both ask this
// file: `node scripts/server-node-flags.mjs` prints the flags for the environment), the e2e and
// test servers, the benches. scripts/server-node-flags.test.ts keeps those in step with this file.
//
// --v8-pool-size=1, always: V8's platform threads (background compilation and GC helpers; Node's
// default is four, even on two cores) cost ≈ 40 MB resident at rest and 60–70 MB at ingest peak;
// one keeps the live, API and ingest figures (ADR 039, "Measured again" and the addendum of
// 2026-11-25).
export const SERVER_NODE_FLAGS = Object.freeze(['--v8-pool-size=1']);

// With the embedded database only (no DATABASE_URL), where the memory targets are (issue 18: peak
// ≤ 400 MB under ingest, ≤ 250 MB at rest, PGlite's WASM memory and thread included). With
// PostgreSQL the server holds no database memory and has no such target, and the two flags cost
// its full app's ingest a fifth or more of its rate in garbage collection (ADR 039, addendum "The
// memory flags on the embedded database only", 2026-12-02).
// --heap-growing-percent=25: after each full GC the main heap may grow to 1.25 × what is live (V8
// lets it grow up to 4× under a high allocation rate); at ingest peak the main heap stays ≈ 140 MB
// instead of ≈ 340 MB. Costs more full GCs: at the top ingest rate on PGlite the full app reached
// 69–72 % of COPY instead of 75–78 % (at 10,000 points/s, bench:live, no cost was seen).
// --max-semi-space-size=8: the young generation at most 16 MB instead of 32. The memory tidy's
// low-memory collection shrinks it, and the simulator's allocation grows it back within two
// minutes: 8 MB a semi-space held a first start's idle at 250 MB against 260–274 (restart 233
// against 242–261), with the full app's top ingest rate on PGlite unchanged (ADR 039, addendum of
// 2026-12-02; 4 MB cost 25 % of it).
export const EMBEDDED_NODE_FLAGS = Object.freeze(['--heap-growing-percent=25', '--max-semi-space-size=8']);

// With PostgreSQL (DATABASE_URL), where the ingest is fastest and no memory target holds:
// --max-semi-space-size=64, a young generation of up to 128 MB instead of 32. At the top ingest
// rate the messages of a batch (≤ 5,000 points, held up to 250 ms until it commits) outlived the
// young generation's scavenges and were promoted, to be collected again by full GCs: the full
// app's server spent 7.8 µs of CPU a point on average over five runs, 6.3 with this flag, and
// ingested ≈ 18 % more (0.82 → 0.93 of the isolated ingest of the same runs); peak RSS under
// ingest ≈ 50–90 MB higher (ADR 039, addendum of 2026-12-03).
export const POSTGRES_NODE_FLAGS = Object.freeze(['--max-semi-space-size=64']);

/**
 * The flags of a server started with `env`: SERVER_NODE_FLAGS, then POSTGRES_NODE_FLAGS when
 * DATABASE_URL names a PostgreSQL database and EMBEDDED_NODE_FLAGS when it does not (an empty one
 * counts as unset, as in the server's configuration).
 */
export function serverNodeFlags(env = process.env) {
  return [...SERVER_NODE_FLAGS, ...(env.DATABASE_URL ? POSTGRES_NODE_FLAGS : EMBEDDED_NODE_FLAGS)];
}

// GLIBC_TUNABLES for glibc's malloc (ignored by other C libraries), set by `npm start` and the
// Dockerfile beside the flags above (ADR 039, "glibc's malloc thresholds"). glibc raises its mmap
// threshold to the size of each large block freed, so after a burst of large blocks (writing the
// demo history, ingest at full rate) later ones come from its arenas, which keep the pages once
// freed; fixed thresholds of 256 KiB give large blocks back to the system when freed. Measured:
// ≈ 45 MB less at ingest peak and ≈ 50 MB less at rest after a first start, ≈ 10 MB less after a
// restart; the top ingest rate within the runs' spread on PGlite + embedded, a few points lower on
// PGlite + Mosquitto (64 KiB cost more there for the same memory).
export const SERVER_GLIBC_TUNABLES = 'glibc.malloc.mmap_threshold=262144:glibc.malloc.trim_threshold=262144';

/**
 * The flags a bench starts its server with: serverNodeFlags of the server's environment
 * (`serverEnv`: its DATABASE_URL says which database), or, to compare, BENCH_NODE_FLAGS of the
 * bench's when set (space-separated; empty means Node's defaults).
 */
export function benchServerNodeFlags(serverEnv = {}, env = process.env) {
  const override = env.BENCH_NODE_FLAGS;
  if (override === undefined) return serverNodeFlags(serverEnv);
  return override.split(/\s+/).filter(Boolean);
}

/**
 * The environment a bench adds to its server's: GLIBC_TUNABLES as `npm start` sets it, or, to
 * compare, BENCH_GLIBC_TUNABLES when set (empty means glibc's defaults).
 */
export function benchServerEnv(env = process.env) {
  return { GLIBC_TUNABLES: env.BENCH_GLIBC_TUNABLES ?? SERVER_GLIBC_TUNABLES };
}

// `node scripts/server-node-flags.mjs`: the flags for this environment, on one line (npm start's
// and the Docker image's command line take them from here).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(serverNodeFlags().join(' '));
}
