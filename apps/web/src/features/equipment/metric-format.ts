import type { EquipmentKind } from '@sentinela/shared/plant';
import type { Language } from '@sentinela/shared/language';
import { celsiusToFahrenheit, formatNumber, formatQuantity, formatTemperature } from '../../lib/format';
import type { equipmentStrings } from './equipment.strings';
import type { AreaTranslate } from '../../lib/i18n/strings';

/**
 * How each telemetry metric (apps/server/src/telemetry/device-models.ts) reads: its unit and
 * decimals. Temperatures are stored in °C and follow the language (°F in English).
 */
interface MetricFormat {
  unit?: string;
  digits: number;
  temperature?: boolean;
  onOff?: boolean;
}

const metricFormats: Record<string, MetricFormat> = {
  temperature: { digits: 1, temperature: true },
  supplyTemp: { digits: 1, temperature: true },
  returnTemp: { digits: 1, temperature: true },
  setpoint: { digits: 1, temperature: true },
  inletTemp: { digits: 1, temperature: true },
  vibration: { unit: 'mm/s', digits: 2 },
  current: { unit: 'A', digits: 1 },
  rpm: { unit: 'rpm', digits: 0 },
  powerKw: { unit: 'kW', digits: 2 },
  efficiency: { unit: '%', digits: 1 },
  on: { digits: 0, onOff: true },
  brightness: { unit: '%', digits: 0 },
  powerW: { unit: 'W', digits: 1 },
  humidity: { unit: '%', digits: 1 },
  energyKwh: { unit: 'kWh', digits: 0 },
  powerFactor: { digits: 3 },
  voltageV: { unit: 'V', digits: 1 },
  uptimeS: { unit: 's', digits: 0 },
};

/** The order metrics are listed in (known ones first, the rest by name). */
const metricOrder = Object.keys(metricFormats);

export const knownMetrics = new Set(metricOrder);

export function sortMetrics(metrics: string[]): string[] {
  const rank = (m: string) => {
    const i = metricOrder.indexOf(m);
    return i === -1 ? metricOrder.length : i;
  };
  return [...metrics].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const formatOf = (metric: string): MetricFormat => metricFormats[metric] ?? { digits: 2 };

/** A reading as the user reads it ('61,5 °C', '1.745 rpm', '0,952'); on/off through `onOff`. */
export function formatMetric(metric: string, value: number, lang: Language, onOff: (on: boolean) => string): string {
  const format = formatOf(metric);
  if (format.onOff) return onOff(value >= 0.5);
  if (format.temperature) return formatTemperature(value, lang);
  return format.unit
    ? formatQuantity(value, format.unit, lang, format.digits)
    : formatNumber(value, lang, format.digits);
}

/** Whether a metric can be drawn over time (on/off is a state, not a curve worth reading). */
export function isChartable(metric: string): boolean {
  return !formatOf(metric).onOff;
}

/** A stored value in the unit the chart draws in (°F for temperatures in English). */
export function toDisplayUnit(metric: string, value: number, lang: Language): number {
  return formatOf(metric).temperature && lang === 'en' ? celsiusToFahrenheit(value) : value;
}

/** Formats a value already in the display unit (an axis tick, a chart read-out). */
export function displayFormatter(metric: string, lang: Language): (value: number) => string {
  const format = formatOf(metric);
  // Back to °C for formatTemperature, the one place temperatures are written (one decimal, °F in English).
  if (format.temperature) return (value) => formatTemperature(lang === 'en' ? ((value - 32) * 5) / 9 : value, lang);
  return (value) =>
    format.unit ? formatQuantity(value, format.unit, lang, format.digits) : formatNumber(value, lang, format.digits);
}

/** The metric the history opens on for each kind of device. */
export const defaultMetric: Record<EquipmentKind, string> = {
  motor: 'temperature',
  light: 'powerW',
  hvac: 'returnTemp',
  meter: 'powerKw',
  server: 'inletTemp',
  sensor: 'temperature',
  gateway: 'uptimeS',
};

const ratedUnits: Record<string, { unit?: string; digits: number }> = {
  powerKw: { unit: 'kW', digits: 1 },
  currentA: { unit: 'A', digits: 1 },
  rpm: { unit: 'rpm', digits: 0 },
  voltageV: { unit: 'V', digits: 0 },
  efficiency: { unit: '%', digits: 1 },
  powerW: { unit: 'W', digits: 0 },
  coolingKw: { unit: 'kW', digits: 1 },
  maxKw: { unit: 'kW', digits: 0 },
  baseKw: { unit: 'kW', digits: 1 },
  powerFactor: { digits: 2 },
  units: { unit: 'U', digits: 0 },
  ieClass: { digits: 0 },
  ctRatio: { digits: 0 },
};

export const knownRated = new Set(Object.keys(ratedUnits));

/** A nameplate value with its unit. */
export function formatRated(key: string, value: number, lang: Language): string {
  const format = ratedUnits[key] ?? { digits: 2 };
  return format.unit
    ? formatQuantity(value, format.unit, lang, format.digits)
    : formatNumber(value, lang, format.digits);
}

type EquipmentT = AreaTranslate<keyof (typeof equipmentStrings)['pt']>;
type MetricKey = Extract<Parameters<EquipmentT>[0], `metric.${string}`>;
type RatedKey = Extract<Parameters<EquipmentT>[0], `rated.${string}`>;

/** A metric's label ('Temperatura'), or its own name when the portal does not know it. */
export function metricLabel(t: EquipmentT, metric: string): string {
  return knownMetrics.has(metric) ? t(`metric.${metric}` as MetricKey) : metric;
}

/** A nameplate value's label, or its own name when unknown. */
export function ratedLabel(t: EquipmentT, key: string): string {
  return knownRated.has(key) ? t(`rated.${key}` as RatedKey) : key;
}
