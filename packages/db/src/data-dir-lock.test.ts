import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

describe('data folder lock', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const lockFile = () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sentinela-lock-'));
    return path.join(dir, 'pglite.lock');
  };

  it('writes the owner PID and removes the file on release', () => {
    const file = lockFile();
    const lock = acquireDataDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a folder whose owner is alive', async () => {
    const file = lockFile();
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => owner.once('spawn', resolve));
      writeFileSync(file, JSON.stringify({ pid: owner.pid, host: hostname(), since: new Date().toISOString() }));
      expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(file)).toThrow(`PID ${owner.pid}`);
      // The refused attempt leaves the owner's lock in place.
      expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(owner.pid);
    } finally {
      owner.kill();
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const file = lockFile();
    const dead = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(file, JSON.stringify({ pid: dead.pid, host: hostname(), since: new Date().toISOString() }));
    const lock = acquireDataDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const file = lockFile();
    writeFileSync(file, 'not json');
    const lock = acquireDataDirLock(file);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('does not remove a lock that another process took after ours was released', () => {
    const file = lockFile();
    const lock = acquireDataDirLock(file);
    writeFileSync(file, JSON.stringify({ pid: 999999, host: hostname(), since: '' }));
    lock.release();
    expect(existsSync(file)).toBe(true);
  });
});
