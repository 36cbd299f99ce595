/**
 * Alert texts as message keys with parameters, stored with the alert and worded by the client
 * in the reader's language (the alert's `message` keeps a Portuguese rendering, the fallback of
 * rows older than the keys). Plain values without zod, for the client's bundle.
 *
 * - `threshold.above` / `threshold.below`: `{ rule, ruleKey?, metric, value, threshold }`: the
 *   rule's name as typed, the name key of a seeded rule (translated by the client), the metric
 *   (for the unit), the value that raised it and the rule's threshold then.
 * - `silence`: `{ seconds }`, how long the device has been silent.
 * - `brokerDropped`: `{ count }`, the messages the MQTT broker dropped.
 * - `weather.heatWave` / `weather.storm`: `{ facility, date, value, unit }`: a forecast warning
 *   (ADR 023): the facility's name, its civil date, the figure and its unit (`C`, `kmh`, `mm`).
 * - `demand.near` / `demand.over`: `{ facility, peak, contracted, post, month }`, a facility's
 *   highest 15-minute demand of the billing month (kW) at ≥ 95 % of its contracted demand, or past
 *   it by more than the 5 % tolerance (ultrapassagem); `post` is 'ponta' or 'foraPonta' (the
 *   contracted value of that post, azul), `month` the billing period's first day.
 */
export const alertMessageKeys = [
  'threshold.above',
  'threshold.below',
  'silence',
  'brokerDropped',
  'weather.heatWave',
  'weather.storm',
  'demand.near',
  'demand.over',
] as const;
export type AlertMessageKey = (typeof alertMessageKeys)[number];
export type AlertMessageParams = Record<string, string | number>;
export interface AlertMessage {
  key: AlertMessageKey;
  params: AlertMessageParams;
}

/** The name keys of the rules a new site starts with (the seed's), translated by the client. */
export const alertRuleNameKeys = [
  'motorTempWarning',
  'motorTempCritical',
  'vibrationWarning',
  'vibrationCritical',
  'lowPowerFactor',
  'supplyAirHigh',
  'rackInletWarning',
  'rackInletCritical',
] as const;
export type AlertRuleNameKey = (typeof alertRuleNameKeys)[number];

export function isAlertMessageKey(key: string | null | undefined): key is AlertMessageKey {
  return (alertMessageKeys as readonly (string | null | undefined)[]).includes(key);
}

export function isAlertRuleNameKey(key: string | null | undefined): key is AlertRuleNameKey {
  return (alertRuleNameKeys as readonly (string | null | undefined)[]).includes(key);
}

export interface ThresholdRuleText {
  name: string;
  nameKey: string | null;
  metric: string;
  comparison: 'above' | 'below';
  threshold: number;
}

export function thresholdAlertMessage(rule: ThresholdRuleText, value: number): AlertMessage {
  return {
    key: rule.comparison === 'above' ? 'threshold.above' : 'threshold.below',
    params: {
      rule: rule.name,
      ...(rule.nameKey ? { ruleKey: rule.nameKey } : {}),
      metric: rule.metric,
      value,
      threshold: rule.threshold,
    },
  };
}

export const silenceAlertMessage = (seconds: number): AlertMessage => ({ key: 'silence', params: { seconds } });

export const brokerDroppedAlertMessage = (count: number): AlertMessage => ({ key: 'brokerDropped', params: { count } });

/** A forecast warning (heat wave or storm) at a facility on a day, as an info site alert. */
export const weatherAlertMessage = (
  kind: 'heat-wave' | 'storm',
  facility: string,
  date: string,
  value: number,
  unit: 'C' | 'kmh' | 'mm',
): AlertMessage => ({
  key: kind === 'heat-wave' ? 'weather.heatWave' : 'weather.storm',
  params: { facility, date, value, unit },
});

/** A facility's demand near or past its contracted value this billing month, as a site alert. */
export interface DemandAlertText {
  facility: string;
  peakKw: number;
  contractedKw: number;
  post: 'ponta' | 'foraPonta';
  /** The billing period's first day (YYYY-MM-DD). */
  month: string;
}

export const demandAlertMessage = (level: 'near' | 'over', text: DemandAlertText): AlertMessage => ({
  key: level === 'over' ? 'demand.over' : 'demand.near',
  params: {
    facility: text.facility,
    peak: Math.round(text.peakKw * 10) / 10,
    contracted: text.contractedKw,
    post: text.post,
    month: text.month,
  },
});
