import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { formatMetricValue } from '../../lib/metric-format';

/** The value an alert was raised at, with its rule's unit. */
export function formatAlertValue(alert: Pick<AlertItem, 'value' | 'rule'>, lang: Language): string {
  return formatMetricValue(alert.rule?.metric, alert.value, lang);
}

export type AlertSourceKind = 'threshold' | 'silence' | 'event' | 'site';

/** The site alerts' sources (no equipment): the portal's own troubles. */
export const BROKER_DROPPED_SOURCE = 'broker:dropped';

export function sourceKind(source: string): AlertSourceKind {
  if (source === 'silence') return 'silence';
  if (source === BROKER_DROPPED_SOURCE) return 'site';
  return source.startsWith('threshold:') ? 'threshold' : 'event';
}
