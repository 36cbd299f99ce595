import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite takes no lock on its folder, and two processes writing one folder corrupt it. The
 * owner writes its PID into a lock file created exclusively; a later process reads it and is
 * refused while that PID lives. A lock left by a crashed process (dead PID) is taken over.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database folder is in use by another Sentinela process (PID ${ownerPid}); ` +
        `stop it or choose another DATA_DIR. Lock file: ${lockFile}`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  since: string;
}

function readOwner(file: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? (parsed as LockContent) : undefined;
  } catch {
    return undefined; // unreadable or half-written lock: treated as stale
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(file: string): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      const sameHost = !owner || owner.host === hostname();
      if (owner && owner.pid !== process.pid && (!sameHost || isAlive(owner.pid))) {
        throw new DataDirLockedError(file, owner.pid);
      }
      // Stale (dead owner, or our own PID left over from a previous life): take it over.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    const content: LockContent = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    writeSync(fd, JSON.stringify(content));
    closeSync(fd);
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        // Only remove the file if it is still ours.
        if (readOwner(file)?.pid === process.pid) unlinkSync(file);
      },
    };
  }
  throw new Error(`Could not take the database lock ${file}`);
}
