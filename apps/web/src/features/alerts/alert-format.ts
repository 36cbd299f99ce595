import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { EMPTY_VALUE, formatNumber, formatQuantity, formatTemperature } from '../../lib/format';

const temperatureMetrics = new Set(['temperature', 'supplyTemp', 'returnTemp', 'inletTemp', 'setpoint']);
const units: Record<string, [unit: string, digits: number]> = {
  vibration: ['mm/s', 2],
  current: ['A', 1],
  powerKw: ['kW', 1],
  powerW: ['W', 0],
  humidity: ['%', 0],
  voltageV: ['V', 0],
  efficiency: ['%', 1],
  rpm: ['rpm', 0],
};

/** A metric's value in the user's units (°C/°F by language, mm/s, power factor…). */
export function formatMetricValue(metric: string | undefined, value: number | null, lang: Language): string {
  if (value === null) return EMPTY_VALUE;
  if (metric && temperatureMetrics.has(metric)) return formatTemperature(value, lang);
  if (metric === 'powerFactor') return formatNumber(value, lang, 3);
  const unit = metric ? units[metric] : undefined;
  return unit ? formatQuantity(value, unit[0], lang, unit[1]) : formatNumber(value, lang, 2);
}

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

type MessageKey =
  'message.above' | 'message.below' | 'message.silence' | 'message.silenceSeconds' | 'message.brokerDropped';

/**
 * The alert's message in the reader's language. The server stores it in Portuguese (the
 * product's default), so Portuguese readers see it as written; English readers get threshold
 * and silence alerts rebuilt from their rule and value (a rule's name is data and stays as
 * written), site alerts from their value, and device events as the device worded them.
 */
export function alertMessage(
  alert: Pick<AlertItem, 'message' | 'source' | 'rule' | 'value'>,
  lang: Language,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  if (lang === 'pt') return alert.message;
  const kind = sourceKind(alert.source);
  if (kind === 'threshold' && alert.rule && alert.value !== null) {
    const { rule } = alert;
    return t(rule.comparison === 'above' ? 'message.above' : 'message.below', {
      rule: rule.name,
      value: formatMetricValue(rule.metric, alert.value, lang),
      threshold: formatMetricValue(rule.metric, rule.threshold, lang),
    });
  }
  if (kind === 'silence') {
    const seconds = /(\d+)\s*s\b/.exec(alert.message)?.[1];
    return seconds ? t('message.silenceSeconds', { seconds }) : t('message.silence');
  }
  if (alert.source === BROKER_DROPPED_SOURCE && alert.value !== null) {
    return t('message.brokerDropped', { count: formatNumber(alert.value, lang, 0) });
  }
  return alert.message;
}
