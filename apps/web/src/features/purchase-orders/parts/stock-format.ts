import type { Language } from '@sentinela/shared/language';
import { formatNumber } from '../../../lib/format';

/**
 * A stored quantity ("12.500") in the user's digits with its unit ("12,5 un"). Up to 3 decimals,
 * as stored: shown only, never computed with (sums and comparisons are the server's, exact).
 */
export function formatStock(value: string | null | undefined, unitLabel: string, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  return `${formatNumber(Number(value), lang, 3)}\u00a0${unitLabel}`;
}
