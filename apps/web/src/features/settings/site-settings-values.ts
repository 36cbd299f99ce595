import type { Language } from '@sentinela/shared/language';
import type { ThresholdRule } from '@sentinela/shared/site-settings';
import { fromDisplayUnit, temperatureUnit, toDisplayUnit } from '../../lib/temperature-units';

/** The metrics the rules keep in °C: an English reader sees and types them in °F (spec §9). */
const TEMPERATURES = new Set(['temperature', 'supplyTemp', 'inletTemp']);

/** Units of the other metrics the threshold rules watch (the rules' own units, as the engine compares). */
const OTHER_UNITS: Record<string, string> = { vibration: 'mm/s', powerFactor: '' };

/** The unit a metric's bands are read and typed in, in the reader's language ('' when it has none). */
export function metricUnit(metric: string, language: Language): string {
  return TEMPERATURES.has(metric) ? temperatureUnit(language) : (OTHER_UNITS[metric] ?? '');
}

/** A stored band value as the form shows it: °F in English for temperatures, to 0.1. */
export function bandText(value: number, metric: string, language: Language): string {
  if (!TEMPERATURES.has(metric)) return String(value);
  return String(Math.round(toDisplayUnit(value, language) * 10) / 10);
}

/** A typed band value back in the rule's own unit (°C for temperatures). */
export function bandValue(typed: number, metric: string, language: Language): number {
  return TEMPERATURES.has(metric) ? fromDisplayUnit(typed, language) : typed;
}

/** One equipment kind and metric: its bands, mildest first. */
export interface ThresholdGroup {
  key: string;
  kind: ThresholdRule['kind'];
  metric: string;
  rules: ThresholdRule[];
}

const RANK = { info: 1, warning: 2, critical: 3 } as const;

/** The rules grouped by equipment kind and metric (in the order listed), each group's bands mildest first. */
export function groupThresholds(rules: ThresholdRule[]): ThresholdGroup[] {
  const groups = new Map<string, ThresholdGroup>();
  for (const rule of rules) {
    const key = `${rule.kind}:${rule.metric}`;
    const group = groups.get(key) ?? { key, kind: rule.kind, metric: rule.metric, rules: [] };
    group.rules.push(rule);
    groups.set(key, group);
  }
  for (const group of groups.values()) group.rules.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return [...groups.values()];
}

/** A whole number of days typed in a field, or null. */
export function wholeDays(text: string): number | null {
  const t = text.trim();
  return /^\d{1,5}$/.test(t) ? Number(t) : null;
}
