import {
  existsSync,
  openSync,
  closeSync,
  readSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import path from 'node:path';
import { DataDirLockedError } from '@sentinela/db/data-dir-lock';
import { EnvError, loadStorageConfig } from './env';
import { BackupError, pgDump, pgRestore, restoreEmbeddedBackup, takeEmbeddedBackup } from './platform/backup';

// `npm run backup [file]` and `npm run restore <file>` (ADR 036), as apps/server/src/backup-cli.ts
// (tsx) or apps/server/dist/backup.mjs (built). Relative paths are relative to the working
// directory, which for `npm run` is the repository's root (as DATA_DIR's default is).
const USAGE = 'usage: npm run backup [file]   |   npm run restore <file>';

function fail(line: string): never {
  process.stderr.write(`sentinela: ${line}\n`);
  process.exit(1);
}

function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

function size(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** "pgdump" (pg_dump's custom format), "tar" (an embedded backup) or undefined. */
function kindOf(file: string): 'pgdump' | 'tar' | undefined {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(512);
    const read = readSync(fd, head, 0, 512, 0);
    if (read >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pgdump';
    if (read === 512 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
    return undefined;
  } finally {
    closeSync(fd);
  }
}

async function backup(target: string | undefined): Promise<void> {
  const config = loadStorageConfig();
  const now = new Date();
  const file = path.resolve(target ?? `sentinela-backup-${stamp(now)}.${config.databaseUrl ? 'pgdump' : 'tar'}`);
  if (existsSync(file)) fail(`${file} already exists: choose another file name`);
  const partial = `${file}.partial`;
  try {
    let how: string;
    if (config.databaseUrl) {
      await pgDump(config.databaseUrl, partial, config.toolEnv);
      chmodSync(partial, 0o600);
      how = 'pg_dump of DATABASE_URL';
    } else {
      const { backup, online } = await takeEmbeddedBackup(config.dataDir);
      writeFileSync(partial, backup, { mode: 0o600 });
      how = online ? 'taken by the running portal' : 'the portal is not running: taken from the folder';
    }
    renameSync(partial, file);
    process.stdout.write(`Backup written: ${file} (${size(readFileSync(file).length)}; ${how})\n`);
  } finally {
    rmSync(partial, { force: true });
  }
}

async function restore(source: string | undefined): Promise<void> {
  if (!source) fail(`restore needs the backup file\n${USAGE}`);
  const config = loadStorageConfig();
  const file = path.resolve(source);
  if (!existsSync(file)) fail(`${file} does not exist`);
  const kind = kindOf(file);
  if (config.databaseUrl) {
    if (kind !== 'pgdump')
      fail(`${file} is not a pg_dump file (custom format); unset DATABASE_URL to restore an embedded backup`);
    await pgRestore(config.databaseUrl, file, config.toolEnv);
    process.stdout.write(
      `Restored ${file} into DATABASE_URL. Start the portal with the same SESSION_SECRET as before.\n`,
    );
    return;
  }
  if (kind === 'pgdump') fail(`${file} is a PostgreSQL dump: set DATABASE_URL to a new, empty database to restore it`);
  if (kind !== 'tar') fail(`${file} is not a Sentinela backup`);
  await restoreEmbeddedBackup(config.dataDir, readFileSync(file));
  process.stdout.write(`Restored ${file} into ${config.dataDir}. Start the portal with DATA_DIR=${config.dataDir}.\n`);
}

async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  if (rest.length > 0 || (command !== 'backup' && command !== 'restore')) fail(USAGE);
  try {
    await (command === 'backup' ? backup(file) : restore(file));
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    if (error instanceof DataDirLockedError) {
      fail(
        command === 'restore'
          ? `DATA_DIR is in use by a running portal (PID ${error.ownerPid}): stop it, or restore into another DATA_DIR`
          : `${error.message} (it does not answer on its backup socket: restart it with this version)`,
      );
    }
    if (error instanceof BackupError) fail(error.message);
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`sentinela: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
