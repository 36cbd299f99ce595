import { fileURLToPath } from 'node:url';
import { DataDirLockedError } from '@sentinela/db/data-dir-lock';
import { EnvError, loadConfig } from './env';
import { startServer } from './server';

// This file runs as apps/server/src/main.ts (tsx) and as apps/server/dist/main.mjs (built):
// both sit one level below apps/server, so the paths below hold for either.
const serverRoot = new URL('..', import.meta.url);
const webDist = fileURLToPath(new URL('../web/dist', serverRoot));
const migrationsFolder = fileURLToPath(new URL('../../packages/db/migrations', serverRoot));

function fail(line: string): never {
  process.stderr.write(`sentinela: ${line}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  let server;
  try {
    server = await startServer(config, { webDist, migrationsFolder });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`port ${config.port} is already in use; set PORT to another port`);
    if (code === 'ECONNREFUSED' && config.databaseUrl) fail(`cannot reach the database at DATABASE_URL (${code})`);
    throw error;
  }
  const log = server.app.log;
  log.info(
    { url: server.url, database: server.database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Sentinela is running on ${server.url}`,
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `sentinela: could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
