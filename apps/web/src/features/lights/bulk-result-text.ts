import type { BulkCommandResult, SkipReason } from '@sentinela/shared/plant';
import type { AreaTranslate } from '../../lib/i18n/strings';
import type { lightsStrings } from './lights.strings';

type LightsKey = keyof (typeof lightsStrings)['pt'];

/** Why a light was not sent the command, in the order the summary names them. */
const skipReasons: SkipReason[] = ['maintenance', 'error', 'lockout'];

/**
 * What a bulk action's toast says: how many confirmed, refused and timed out, then how many were
 * skipped and why ("2 ignorada(s): em manutenção"), naming the work orders that lock lights out.
 */
export function bulkResultText(t: AreaTranslate<LightsKey>, action: string, result: BulkCommandResult): string {
  const skipped = skipReasons
    .map((reason) => ({ reason, items: result.skipped.filter((s) => s.reason === reason) }))
    .filter(({ items }) => items.length > 0)
    .map(({ reason, items }) =>
      t(`action.skipped.${reason}`, {
        count: items.length,
        orders: [...new Set(items.map((s) => s.order).filter(Boolean))].join(', '),
      }),
    );
  const counts = t('action.result', {
    action,
    confirmed: result.confirmed,
    failed: result.failed,
    timeout: result.timeout,
  });
  return [counts, ...skipped].join(' · ');
}
