import type { Language } from '@sentinela/shared/language';
import { EMPTY_VALUE, formatNumber, formatQuantity, formatTemperature } from './format';

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
