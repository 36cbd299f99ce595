import { isAlertMessageKey, isAlertRuleNameKey, type AlertMessageParams } from '@sentinela/shared/alert-messages';
import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { formatNumber } from './format';
import { alertStrings } from './i18n/alert-strings';
import { fillParams } from './i18n/dictionaries';
import { formatMetricValue } from './metric-format';

/** What any view of an alert has (a list item, a dashboard row, a live event). */
export interface AlertTextSource {
  message: string;
  messageKey: string | null;
  messageParams: AlertMessageParams | null;
  /** For rows older than the keys: rebuilt from source, value and rule when there. */
  source?: string;
  value?: number | null;
  rule?: Pick<NonNullable<AlertItem['rule']>, 'name' | 'nameKey' | 'metric' | 'comparison' | 'threshold'> | null;
}

type Key = keyof (typeof alertStrings)['pt'];

const numberParam = (params: AlertMessageParams, name: string): number | null => {
  const value = params[name];
  return typeof value === 'number' ? value : null;
};

/** A rule's name in the reader's language: a seeded rule's by its key, one people wrote as typed. */
export function ruleName(rule: { name: string; nameKey?: string | null }, lang: Language): string {
  return isAlertRuleNameKey(rule.nameKey) ? alertStrings[lang][`rule.${rule.nameKey}`] : rule.name;
}

/**
 * The alert's text in the reader's language, from its message key and parameters. Rows older
 * than the keys: Portuguese readers see the stored message; English readers get threshold,
 * silence and broker alerts rebuilt from rule and value; anything else (a device's event) is
 * shown as the device worded it.
 */
export function alertText(alert: AlertTextSource, lang: Language): string {
  const say = (key: Key, params?: Record<string, string | number>) => fillParams(alertStrings[lang][key], params);
  const { messageKey: key, messageParams: params } = alert;
  if (isAlertMessageKey(key) && params) {
    if (key === 'threshold.above' || key === 'threshold.below') {
      const metric = typeof params.metric === 'string' ? params.metric : undefined;
      const ruleKey = typeof params.ruleKey === 'string' ? params.ruleKey : null;
      return say(key === 'threshold.above' ? 'message.above' : 'message.below', {
        rule: ruleName({ name: String(params.rule ?? ''), nameKey: ruleKey }, lang),
        value: formatMetricValue(metric, numberParam(params, 'value'), lang),
        threshold: formatMetricValue(metric, numberParam(params, 'threshold'), lang),
      });
    }
    if (key === 'silence') {
      const seconds = numberParam(params, 'seconds');
      return seconds === null
        ? say('message.silence')
        : say('message.silenceSeconds', { seconds: formatNumber(seconds, lang, 0) });
    }
    if (key === 'demand.near' || key === 'demand.over') {
      return say(key === 'demand.over' ? 'message.demandOver' : 'message.demandNear', {
        facility: String(params.facility ?? ''),
        peak: `${formatNumber(numberParam(params, 'peak') ?? 0, lang, 1)} kW`,
        contracted: `${formatNumber(numberParam(params, 'contracted') ?? 0, lang, 0)} kW`,
        post: params.post === 'ponta' ? say('message.demandPonta') : '',
      });
    }
    const count = numberParam(params, 'count');
    if (count !== null) return say('message.brokerDropped', { count: formatNumber(count, lang, 0) });
  }
  return legacyText(alert, lang, say);
}

function legacyText(
  alert: AlertTextSource,
  lang: Language,
  say: (key: Key, params?: Record<string, string | number>) => string,
): string {
  if (lang === 'pt') return alert.message;
  const { rule, value = null, source = '' } = alert;
  if (source.startsWith('threshold:') && rule && value !== null) {
    return say(rule.comparison === 'above' ? 'message.above' : 'message.below', {
      rule: ruleName(rule, lang),
      value: formatMetricValue(rule.metric, value, lang),
      threshold: formatMetricValue(rule.metric, rule.threshold, lang),
    });
  }
  if (source === 'silence') {
    const seconds = /(\d+)\s*s\b/.exec(alert.message)?.[1];
    return seconds ? say('message.silenceSeconds', { seconds }) : say('message.silence');
  }
  if (source === 'broker:dropped' && value !== null) {
    return say('message.brokerDropped', { count: formatNumber(value, lang, 0) });
  }
  return alert.message;
}
