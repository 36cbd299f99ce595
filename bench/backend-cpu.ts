import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@sentinela/db/client';
import { rowsOf } from '@sentinela/db/sql-helpers';

/**
 * CPU time (ms) of each PostgreSQL backend of `handle`'s database opened by `application`
 * (every one when omitted), from /proc (the server runs on this machine); null on PGlite (it runs
 * in the calling process) or when /proc cannot tell.
 */
export async function backendCpu(handle: DatabaseHandle, application?: string): Promise<Map<number, number> | null> {
  if (handle.kind !== 'postgres') return null;
  const rows = rowsOf<{ pid: number }>(
    await handle.db.execute(
      application
        ? sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${application}`
        : sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ),
  );
  const ticks = 100; // USER_HZ on Linux
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks);
    } catch {
      return null;
    }
  }
  return cpu;
}

/** The CPU ms the backends spent between two readings (a backend opened in between counts whole). */
export function backendCpuSpent(atStart: Map<number, number> | null, atEnd: Map<number, number> | null): number | null {
  return atEnd ? [...atEnd].reduce((ms, [pid, end]) => ms + end - (atStart?.get(pid) ?? 0), 0) : null;
}
