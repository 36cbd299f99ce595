import type { BulkCommandResult, UnsafeStatus } from '@sentinela/shared/plant';
import type { AreaTranslate } from '../../lib/i18n/strings';
import type { lightsStrings } from './lights.strings';

type LightsKey = keyof (typeof lightsStrings)['pt'];

/** Why a light was not switched on (its status), in the order the summary names them. */
const skipReasons: UnsafeStatus[] = ['maintenance', 'error'];

/**
 * What a bulk action's toast says: how many confirmed, refused and timed out, then how many were
 * skipped and why ("2 ignorada(s): em manutenção").
 */
export function bulkResultText(t: AreaTranslate<LightsKey>, action: string, result: BulkCommandResult): string {
  const skipped = skipReasons
    .map((reason) => ({ reason, count: result.skipped.filter((s) => s.reason === reason).length }))
    .filter(({ count }) => count > 0)
    .map(({ reason, count }) => t(`action.skipped.${reason}`, { count }));
  const counts = t('action.result', {
    action,
    confirmed: result.confirmed,
    failed: result.failed,
    timeout: result.timeout,
  });
  return [counts, ...skipped].join(' · ');
}
