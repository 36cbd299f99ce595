import type { AlertMessage } from '@sentinela/shared/alert-messages';
import {
  backToNormal,
  crossesThreshold,
  hasInvertedHysteresis,
  ruleKey,
  severityRank,
  thresholdMessage,
  thresholdText,
  type AlarmRule,
} from './alarm-rules';

/** Enabled rules by (equipment kind, metric), the lookup made on every telemetry point. */
export type RuleIndex = Map<string, AlarmRule[]>;

/** The rules indexed, and those whose clearAt sits on the wrong side of the threshold (to log). */
export function indexRules(rules: Iterable<AlarmRule>): { index: RuleIndex; inverted: AlarmRule[] } {
  const index: RuleIndex = new Map();
  const inverted: AlarmRule[] = [];
  for (const rule of rules) {
    if (hasInvertedHysteresis(rule)) inverted.push(rule);
    const key = ruleKey(rule.kind, rule.metric);
    const list = index.get(key);
    if (list) list.push(rule);
    else index.set(key, [rule]);
  }
  return { index, inverted };
}

/** The band an open threshold alert is in: the rule that set it (null if unknown) and its severity. */
export interface OpenBand {
  ruleId: string | null;
  severity: AlarmRule['severity'];
}

/** Raise a new alert, move the open one to another band, or clear it. */
export type ThresholdDecision =
  | {
      action: 'raise' | 'escalate' | 'deescalate';
      metric: string;
      rule: AlarmRule;
      value: number;
      message: string;
      text: AlertMessage;
    }
  | { action: 'clear'; metric: string };

/** The worse of two bands: the higher severity, then the further threshold. */
function worse(a: AlarmRule, b: AlarmRule): AlarmRule {
  const byRank = severityRank(a.severity) - severityRank(b.severity);
  if (byRank !== 0) return byRank > 0 ? a : b;
  const further = a.comparison === 'above' ? a.threshold >= b.threshold : a.threshold <= b.threshold;
  return further ? a : b;
}

function worstOf(rules: AlarmRule[], holds: (rule: AlarmRule) => boolean): AlarmRule | undefined {
  let found: AlarmRule | undefined;
  for (const rule of rules) if (holds(rule)) found = found ? worse(found, rule) : rule;
  return found;
}

/**
 * What the bands of one metric (its rules for the device kind) decide for a reading, given the
 * open alert's band: one alert per metric and equipment. Closed: raise at the worst band
 * crossed. Open: escalate when a worse band is crossed; stay while the value has not left its
 * band past the hysteresis; else de-escalate to the worst milder band still holding (not back to
 * normal), or clear when none holds. A device switched off (it reports on = 0) is not judged on
 * its operating values: an HVAC unit at rest blows no supply air, so the room's temperature at
 * its outlet is no fault; what was open for it clears, as the condition no longer applies.
 */
export function decideMetric(
  rules: AlarmRule[],
  open: OpenBand | undefined,
  value: number,
  idle: boolean,
): ThresholdDecision | undefined {
  const metric = rules[0]?.metric ?? '';
  if (idle) return open ? { action: 'clear', metric } : undefined;
  const band = (action: 'raise' | 'escalate' | 'deescalate', rule: AlarmRule): ThresholdDecision => ({
    action,
    metric,
    rule,
    value,
    message: thresholdMessage(rule, value),
    text: thresholdText(rule, value),
  });
  const crossed = worstOf(rules, (rule) => crossesThreshold(rule, value));
  if (!open) return crossed ? band('raise', crossed) : undefined;
  const rank = severityRank(open.severity);
  if (crossed && severityRank(crossed.severity) > rank) return band('escalate', crossed);
  const current = rules.find((rule) => rule.id === open.ruleId);
  // Its rule gone (removed, disabled): it stays while a band as bad still holds.
  const stays = current
    ? !backToNormal(current, value)
    : rules.some((rule) => severityRank(rule.severity) >= rank && !backToNormal(rule, value));
  if (stays) return undefined;
  const milder = worstOf(rules, (rule) => severityRank(rule.severity) < rank && !backToNormal(rule, value));
  return milder ? band('deescalate', milder) : { action: 'clear', metric };
}

/**
 * The decisions for a reading's metrics (device kind and metric), one at most per metric.
 * Answers undefined when nothing changes, the usual case on the hot path (no array allocated).
 */
export function evaluateReading(
  index: RuleIndex,
  kind: string,
  metrics: Record<string, number>,
  idle: boolean,
  openBand: (metric: string) => OpenBand | undefined,
): ThresholdDecision[] | undefined {
  let decisions: ThresholdDecision[] | undefined;
  for (const metric in metrics) {
    const matching = index.get(ruleKey(kind, metric));
    if (!matching) continue;
    const decision = decideMetric(matching, openBand(metric), metrics[metric]!, idle);
    if (decision) (decisions ??= []).push(decision);
  }
  return decisions;
}

/** Whether a reading says the device is running (`on` metric), or undefined when it does not say. */
export function runningFrom(metrics: Record<string, number>): boolean | undefined {
  return typeof metrics.on === 'number' ? metrics.on !== 0 : undefined;
}

/**
 * The devices silent since `cutoff`: those the database last heard from before it, unless the
 * engine saw data from them since (ahead of the batched last contact).
 */
export function silentAfter(candidates: string[], lastData: ReadonlyMap<string, number>, cutoff: number): string[] {
  return candidates.filter((id) => (lastData.get(id) ?? 0) < cutoff);
}
