import { spawn } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { acquireDataDirLock } from '@sentinela/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '@sentinela/db/client';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';
import { openOwnedPglite } from './database';
import { readTar, TarFormatError, writeTar } from './tar';

/**
 * Backup and restore (ADR 036). Embedded mode: the running portal owns DATA_DIR/pglite, so it
 * answers backups itself on a unix socket in DATA_DIR (0600: only the folder's owner may ask);
 * when no portal runs, the CLI opens the folder under its lock. The file is a tar of a manifest,
 * PGlite's own data-folder dump and DATA_DIR/session-secret (TOTP secrets are sealed with a key
 * derived from it). PostgreSQL: pg_dump / pg_restore, custom format.
 */
export const BACKUP_SOCKET = 'backup.sock';
/** sun_path holds 108 bytes on Linux, 104 on macOS. */
const MAX_SOCKET_PATH = 100;
const MANIFEST = 'sentinela-backup.json';
const PGLITE_ENTRY = 'pglite.tar.gz';
const SECRET_ENTRY = 'session-secret';
const SOCKET_REQUEST = 'backup\n';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

interface Manifest {
  format: 'sentinela-backup';
  version: 1;
  database: 'pglite';
  createdAt: string;
}

/** The backup file of an embedded DATA_DIR: the manifest, PGlite's dump and the session secret. */
export function packEmbeddedBackup(dataDir: string, pgliteTarball: Uint8Array, now = new Date()): Buffer {
  const manifest: Manifest = {
    format: 'sentinela-backup',
    version: 1,
    database: 'pglite',
    createdAt: now.toISOString(),
  };
  const entries = [
    { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), mode: 0o644 },
    { name: PGLITE_ENTRY, data: pgliteTarball },
  ];
  const secretFile = path.join(dataDir, SECRET_ENTRY);
  if (existsSync(secretFile)) entries.push({ name: SECRET_ENTRY, data: readFileSync(secretFile) });
  return writeTar(entries, now);
}

export function unpackEmbeddedBackup(file: Uint8Array): { pglite: Buffer; sessionSecret: Buffer | undefined } {
  let entries;
  try {
    entries = readTar(file);
  } catch (error) {
    if (error instanceof TarFormatError) throw new BackupError(`not a Sentinela backup: ${error.message}`);
    throw error;
  }
  const manifest = entries.get(MANIFEST);
  const pglite = entries.get(PGLITE_ENTRY);
  let parsed: Partial<Manifest> | undefined;
  try {
    parsed = manifest ? (JSON.parse(manifest.toString('utf8')) as Partial<Manifest>) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed?.format !== 'sentinela-backup' || parsed.database !== 'pglite' || !pglite) {
    throw new BackupError('not a Sentinela backup of an embedded database (no manifest or no pglite.tar.gz)');
  }
  if (parsed.version !== 1)
    throw new BackupError(`backup format version ${parsed.version} is not known to this version`);
  return { pglite, sessionSecret: entries.get(SECRET_ENTRY) };
}

export interface BackupSocket {
  /** Undefined when DATA_DIR's path is too long for a unix socket (no online backup then). */
  readonly path: string | undefined;
  close(): Promise<void>;
}

/**
 * The running portal's backup socket: DATA_DIR/backup.sock, 0600. A client sends "backup\n" and
 * receives one JSON line ({"ok":true,"bytes":n} or {"ok":false,"error":…}) and then the n bytes of
 * the backup file. Backups run one at a time.
 */
export async function startBackupSocket(options: {
  dataDir: string;
  database: DatabaseHandle;
  log: Logger;
}): Promise<BackupSocket> {
  const { dataDir, database, log } = options;
  const dump = database.dumpDataDir ? () => database.dumpDataDir!() : undefined;
  const file = path.join(dataDir, BACKUP_SOCKET);
  if (!dump || Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn({ file }, 'online backup unavailable: DATA_DIR path too long for a unix socket');
    return { path: undefined, close: async () => {} };
  }
  // A socket left by a killed process: the caller holds the data folder's lock, so it is ours.
  rmSync(file, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.setTimeout(10_000, () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('latin1');
      if (!request.includes('\n')) {
        if (request.length > SOCKET_REQUEST.length) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.setTimeout(0);
      if (request !== SOCKET_REQUEST) {
        socket.end(JSON.stringify({ ok: false, error: 'unknown request' }) + '\n');
        return;
      }
      const started = performance.now();
      const run = queue.then(async () => packEmbeddedBackup(dataDir, await dump()));
      queue = run.catch(() => {});
      run.then(
        (backup) => {
          log.info({ bytes: backup.length, ms: Math.round(performance.now() - started) }, 'backup taken');
          socket.write(JSON.stringify({ ok: true, bytes: backup.length }) + '\n');
          socket.end(backup);
        },
        (error: unknown) => {
          log.error({ err: error }, 'backup failed');
          socket.end(JSON.stringify({ ok: false, error: 'the backup failed; see the portal log' }) + '\n');
        },
      );
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(file, 0o600);
  return {
    path: file,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(file, { force: true });
    },
  };
}

/**
 * Asks the portal running on `dataDir` for a backup. Undefined when none listens there (no
 * socket, or one left by a process that is gone).
 */
export function requestOnlineBackup(dataDir: string, timeoutMs = 600_000): Promise<Buffer | undefined> {
  const file = path.join(dataDir, BACKUP_SOCKET);
  if (!existsSync(file)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(file);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(timeoutMs, () => socket.destroy(new BackupError('the portal did not answer the backup request')));
    socket.on('connect', () => {
      connected = true;
      socket.write(SOCKET_REQUEST);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT')) resolve(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      let header: { ok?: boolean; bytes?: number; error?: string } = {};
      try {
        header = JSON.parse(all.subarray(0, newline).toString('utf8')) as typeof header;
      } catch {
        // handled below
      }
      if (newline < 0 || typeof header.ok !== 'boolean') {
        reject(new BackupError('the portal answered the backup request with something unexpected'));
      } else if (!header.ok) {
        reject(new BackupError(`the portal could not take the backup: ${header.error ?? 'unknown error'}`));
      } else if (all.length - newline - 1 !== header.bytes) {
        reject(new BackupError('the backup from the portal was cut short'));
      } else {
        resolve(all.subarray(newline + 1));
      }
    });
  });
}

/** A backup of an embedded DATA_DIR: from the running portal, or from the folder itself under its lock. */
export async function takeEmbeddedBackup(dataDir: string): Promise<{ backup: Buffer; online: boolean }> {
  const online = await requestOnlineBackup(dataDir);
  if (online) return { backup: online, online: true };
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  // Throws DataDirLockedError when a portal without a backup socket holds it.
  const handle = await openOwnedPglite(dataDir);
  try {
    return { backup: packEmbeddedBackup(dataDir, await handle.dumpDataDir!()), online: false };
  } finally {
    await handle.close();
  }
}

/**
 * Restores an embedded backup into `dataDir`, which must be empty (or absent) and not held by a
 * running portal. The portal migrates it forward at its next start.
 */
export async function restoreEmbeddedBackup(dataDir: string, file: Uint8Array): Promise<void> {
  const { pglite, sessionSecret } = unpackEmbeddedBackup(file);
  mkdirSync(dataDir, { recursive: true });
  // Throws DataDirLockedError while a portal runs on it.
  const lock = acquireDataDirLock(path.join(dataDir, 'pglite.lock'));
  const pgliteDir = path.join(dataDir, 'pglite');
  try {
    const present = readdirSync(dataDir).filter((name) => name !== 'pglite.lock');
    if (present.length > 0) {
      throw new BackupError(
        `DATA_DIR ${dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): ` +
          'restore only into an empty or new folder',
      );
    }
    try {
      const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir, loadDataDir: new Blob([pglite]) });
      try {
        await handle.db.execute(sql`select 1`);
      } finally {
        await handle.close();
      }
      if (sessionSecret) {
        writeFileSync(path.join(dataDir, SECRET_ENTRY), sessionSecret, { mode: 0o600 });
      }
    } catch (error) {
      rmSync(pgliteDir, { recursive: true, force: true });
      rmSync(path.join(dataDir, SECRET_ENTRY), { force: true });
      throw error;
    }
  } finally {
    lock.release();
  }
}

/** pg_dump or pg_restore: on PATH, else the newest /usr/lib/postgresql/<n>/bin. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', searchPath: string): string {
  const candidates = searchPath.split(path.delimiter).filter(Boolean);
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  for (const dir of candidates) {
    const tool = path.join(dir, name);
    try {
      accessSync(tool, constants.X_OK);
      return tool;
    } catch {
      // next
    }
  }
  throw new BackupError(`${name} not found: install the PostgreSQL client tools (the server's major version or newer)`);
}

/** The environment the PostgreSQL tools run in (PATH, PG* variables…): the CLI's own. */
export type ToolEnv = Record<string, string | undefined>;

/** The URL without its password, which goes to the tool in PGPASSWORD (not on its command line). */
function connection(url: string, toolEnv: ToolEnv): { dbname: string; env: ToolEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...toolEnv, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(tool: string, args: string[], env: ToolEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

/** pg_dump of DATABASE_URL in the custom format (one snapshot: consistent while the portal runs). */
export async function pgDump(url: string, file: string, toolEnv: ToolEnv): Promise<void> {
  const { dbname, env } = connection(url, toolEnv);
  await run(
    findPgTool('pg_dump', toolEnv.PATH ?? ''),
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** pg_restore into DATABASE_URL, which must hold no tables (a fresh database), in one transaction. */
export async function pgRestore(url: string, file: string, toolEnv: ToolEnv): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
  try {
    const [row] = parseRows(
      z.object({ n: z.number() }),
      await handle.db.execute(sql`
        select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S')
          and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_%'`),
    );
    if ((row?.n ?? 0) > 0) {
      throw new BackupError('the database at DATABASE_URL is not empty: restore only into a new, empty database');
    }
  } finally {
    await handle.close();
  }
  const { dbname, env } = connection(url, toolEnv);
  await run(
    findPgTool('pg_restore', toolEnv.PATH ?? ''),
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}
