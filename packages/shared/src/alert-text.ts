import type { AlertMessageParams } from './alert-messages';
import { isAlertMessageKey, isAlertRuleNameKey } from './alert-messages';
import type { Language } from './language';

/**
 * An alert's sentence in the reader's language, from its message key and parameters
 * (alert-messages.ts): one module for the web (the alerts page, the dashboard, live toasts, the
 * events timeline) and the server (the events CSV, notification e-mails and SMS), so both say the
 * same. Also the names of the rules a site starts with, and a metric's value in the reader's
 * units (°C for pt, °F for en; mm/s, A, kW…). Plain code, no zod: it is in the client's bundle.
 */

export const alertTexts = {
  pt: {
    'message.above': '{rule} acima do limite: {value} (limite {threshold})',
    'message.below': '{rule} abaixo do limite: {value} (limite {threshold})',
    'message.silence': 'Equipamento sem comunicação',
    'message.silenceSeconds': 'Equipamento sem comunicação há mais de {seconds} s',
    'message.weatherHeat': '{facility}: onda de calor prevista em {date}, máxima de {value}',
    'message.weatherStorm': '{facility}: tempestade prevista em {date}, {value}',
    'message.demandOver':
      'Ultrapassagem de demanda em {facility}: {peak} em 15 min, contratada {contracted}{post} (tolerância de 5 %)',
    'message.demandNear': 'Demanda perto da contratada em {facility}: {peak} em 15 min, contratada {contracted}{post}',
    'message.demandPonta': ' na ponta',
    'message.brokerDropped': 'Broker MQTT descartou mensagens: {count}',
    'rule.motorTempWarning': 'Temperatura do motor alta',
    'rule.motorTempCritical': 'Temperatura do motor crítica',
    'rule.vibrationWarning': 'Vibração do motor: zona C (ISO 10816, classe II)',
    'rule.vibrationCritical': 'Vibração do motor: zona D (ISO 10816, classe II)',
    'rule.lowPowerFactor': 'Fator de potência baixo',
    'rule.supplyAirHigh': 'Temperatura de insuflamento alta',
    'rule.rackInletWarning': 'Entrada do rack acima da faixa recomendada (ASHRAE)',
    'rule.rackInletCritical': 'Entrada do rack acima do limite permitido (ASHRAE A1)',
  },
  en: {
    'message.above': '{rule} above the limit: {value} (limit {threshold})',
    'message.below': '{rule} below the limit: {value} (limit {threshold})',
    'message.silence': 'Equipment not reporting',
    'message.silenceSeconds': 'Equipment not reporting for more than {seconds} s',
    'message.weatherHeat': '{facility}: heat wave forecast on {date}, a high of {value}',
    'message.weatherStorm': '{facility}: storm forecast on {date}, {value}',
    'message.demandOver':
      'Demand overrun at {facility}: {peak} over 15 min, contracted {contracted}{post} (5 % tolerance)',
    'message.demandNear':
      'Demand close to the contracted value at {facility}: {peak} over 15 min, contracted {contracted}{post}',
    'message.demandPonta': ' at peak hours',
    'message.brokerDropped': 'MQTT broker dropped messages: {count}',
    'rule.motorTempWarning': 'Motor temperature high',
    'rule.motorTempCritical': 'Motor temperature critical',
    'rule.vibrationWarning': 'Motor vibration: zone C (ISO 10816, class II)',
    'rule.vibrationCritical': 'Motor vibration: zone D (ISO 10816, class II)',
    'rule.lowPowerFactor': 'Low power factor',
    'rule.supplyAirHigh': 'Supply air temperature high',
    'rule.rackInletWarning': 'Rack inlet above the recommended range (ASHRAE)',
    'rule.rackInletCritical': 'Rack inlet above the allowable limit (ASHRAE A1)',
  },
} as const satisfies Record<Language, Record<string, string>>;

type Key = keyof (typeof alertTexts)['pt'];

// ——— numbers in the reader's digits and units (the web's format.ts, to the character) ———

const EMPTY_VALUE = '—';
const NBSP = '\u00a0';
const locales: Record<Language, string> = { pt: 'pt-BR', en: 'en-US' };
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Language, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales[lang], {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
    });
    numberFormats.set(key, format);
  }
  return format;
}

const usable = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A plain number in the reader's digits ('1.234,5' / '1,234.5'), `digits` decimals at most. */
export function alertNumber(value: number | null | undefined, lang: Language, digits = 0): string {
  return usable(value) ? numberFormat(lang, 0, digits).format(value) : EMPTY_VALUE;
}

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

/** A metric's value in the reader's units (°C/°F by language, mm/s, power factor…). */
export function formatMetricValue(metric: string | undefined, value: number | null, lang: Language): string {
  if (!usable(value)) return EMPTY_VALUE;
  if (metric && temperatureMetrics.has(metric)) {
    return lang === 'en'
      ? `${numberFormat('en', 1, 1).format((value * 9) / 5 + 32)}${NBSP}°F`
      : `${numberFormat('pt', 1, 1).format(value)}${NBSP}°C`;
  }
  if (metric === 'powerFactor') return alertNumber(value, lang, 3);
  const unit = metric ? units[metric] : undefined;
  return unit ? `${alertNumber(value, lang, unit[1])}${NBSP}${unit[0]}` : alertNumber(value, lang, 2);
}

const KMH_PER_MPH = 1.609344;

/** A weather figure of a forecast alert: °C/°F, km/h or mph, mm. */
function weatherValue(value: number | null, unit: unknown, lang: Language): string {
  if (!usable(value)) return EMPTY_VALUE;
  if (unit === 'C') return formatMetricValue('temperature', value, lang);
  if (unit === 'kmh')
    return lang === 'en'
      ? `${alertNumber(value / KMH_PER_MPH, lang, 0)}${NBSP}mph`
      : `${alertNumber(value, lang, 0)}${NBSP}km/h`;
  return `${numberFormat(lang, 1, 1).format(value)}${NBSP}mm`;
}

/** A facility's civil date ('2026-03-03') as a short day: 'ter., 03/03' / 'Tue, 3/3'. */
function forecastDay(date: string, lang: Language): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: 'UTC',
    weekday: 'short',
    day: lang === 'pt' ? '2-digit' : 'numeric',
    month: lang === 'pt' ? '2-digit' : 'numeric',
  }).format(at);
}

// ——— the sentences ———

/** What any view of an alert has (a list item, a dashboard row, a live event, an events entry). */
export interface AlertTextSource {
  message: string;
  messageKey: string | null;
  messageParams: AlertMessageParams | null;
  /** For rows older than the keys: rebuilt from source, value and rule when there. */
  source?: string;
  value?: number | null;
  rule?: {
    name: string;
    nameKey?: string | null;
    metric: string;
    comparison: 'above' | 'below';
    threshold: number;
  } | null;
}

const fill = (text: string, params?: Record<string, string | number>) =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;

const numberParam = (params: AlertMessageParams, name: string): number | null => {
  const value = params[name];
  return typeof value === 'number' ? value : null;
};

/** A rule's name in the reader's language: a seeded rule's by its key, one people wrote as typed. */
export function ruleName(rule: { name: string; nameKey?: string | null }, lang: Language): string {
  return isAlertRuleNameKey(rule.nameKey) ? alertTexts[lang][`rule.${rule.nameKey}`] : rule.name;
}

/**
 * The alert's text in the reader's language, from its message key and parameters. Rows older
 * than the keys: Portuguese readers see the stored message; English readers get threshold,
 * silence and broker alerts rebuilt from rule and value; anything else (a device's event) is
 * shown as the device worded it.
 */
export function alertText(alert: AlertTextSource, lang: Language): string {
  const say = (key: Key, params?: Record<string, string | number>) => fill(alertTexts[lang][key], params);
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
        : say('message.silenceSeconds', { seconds: alertNumber(seconds, lang, 0) });
    }
    if (key === 'weather.heatWave' || key === 'weather.storm') {
      return say(key === 'weather.heatWave' ? 'message.weatherHeat' : 'message.weatherStorm', {
        facility: String(params.facility ?? ''),
        date: forecastDay(String(params.date ?? ''), lang),
        value: weatherValue(numberParam(params, 'value'), params.unit, lang),
      });
    }
    if (key === 'demand.near' || key === 'demand.over') {
      return say(key === 'demand.over' ? 'message.demandOver' : 'message.demandNear', {
        facility: String(params.facility ?? ''),
        peak: `${alertNumber(numberParam(params, 'peak') ?? 0, lang, 1)} kW`,
        contracted: `${alertNumber(numberParam(params, 'contracted') ?? 0, lang, 0)} kW`,
        post: params.post === 'ponta' ? say('message.demandPonta') : '',
      });
    }
    const count = numberParam(params, 'count');
    if (count !== null) return say('message.brokerDropped', { count: alertNumber(count, lang, 0) });
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
    return say('message.brokerDropped', { count: alertNumber(value, lang, 0) });
  }
  return alert.message;
}
