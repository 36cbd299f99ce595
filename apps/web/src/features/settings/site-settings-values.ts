import type { ThresholdRule } from '@sentinela/shared/site-settings';

/** Units of the metrics the threshold rules watch (the rules' own units, as the engine compares). */
export const METRIC_UNITS: Record<string, string> = {
  temperature: '°C',
  vibration: 'mm/s',
  supplyTemp: '°C',
  inletTemp: '°C',
  powerFactor: '',
};

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
