import type { Database } from '@sentinela/db/client';
import type { ServerMessageKey } from '@sentinela/shared/messages';
import { actedBy, auditedChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sqlState } from '../../platform/sql-state';

/** Who changes the registry and from where: every change is audited with both. */
export type RegistryCaller = ChangeCaller;

/** The fields that differ between two versions of a record, as `{ field: [old, new] }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
  }
  return changes;
}

/**
 * One audited change of the registry: `action` (e.g. `facilities.create`) on `target`, with what
 * changed. A unique key another request took meanwhile answers `conflict` (409), never a 500.
 */
export async function registryChange<T>(
  caller: RegistryCaller,
  action: string,
  target: string,
  change: (tx: Database) => Promise<T>,
  details: (result: T) => Record<string, unknown>,
  conflict: { key: ServerMessageKey; params?: Record<string, string | number> },
): Promise<T> {
  try {
    return await auditedChange(caller.db, caller.origin, change, (result) => ({
      action,
      result: 'success',
      ...actedBy(caller.actor),
      target,
      details: details(result),
    }));
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', conflict.key, conflict.params);
    throw error;
  }
}
