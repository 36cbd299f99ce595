import type { AlertMessage } from '@sentinela/shared/alert-messages';
import {
  backToNormal,
  crossesThreshold,
  hasInvertedHysteresis,
  ruleKey,
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

export type ThresholdDecision =
  | { action: 'raise'; rule: AlarmRule; value: number; message: string; text: AlertMessage }
  | { action: 'clear'; rule: AlarmRule };

/**
 * What one rule decides for a reading, given whether its alert is open: raise (crossed, not
 * open), clear (open and back to normal past the hysteresis, or the device is idle), or nothing.
 * A device switched off (it reports on = 0) is not judged on its operating values: an HVAC unit
 * at rest blows no supply air, so the room's temperature at its outlet is no fault; what was
 * open for it clears, as the condition no longer applies.
 */
export function decideThreshold(
  rule: AlarmRule,
  open: boolean,
  value: number,
  idle: boolean,
): ThresholdDecision | undefined {
  if (idle) return open ? { action: 'clear', rule } : undefined;
  if (!open && crossesThreshold(rule, value))
    return { action: 'raise', rule, value, message: thresholdMessage(rule, value), text: thresholdText(rule, value) };
  if (open && backToNormal(rule, value)) return { action: 'clear', rule };
  return undefined;
}

/**
 * The decisions of every rule matching a reading's metrics (device kind and metric). Answers
 * undefined when nothing changes, the usual case on the hot path (no array allocated).
 */
export function evaluateReading(
  index: RuleIndex,
  kind: string,
  metrics: Record<string, number>,
  idle: boolean,
  isOpen: (rule: AlarmRule) => boolean,
): ThresholdDecision[] | undefined {
  let decisions: ThresholdDecision[] | undefined;
  for (const metric in metrics) {
    const matching = index.get(ruleKey(kind, metric));
    if (!matching) continue;
    const value = metrics[metric]!;
    for (const rule of matching) {
      const decision = decideThreshold(rule, isOpen(rule), value, idle);
      if (decision) (decisions ??= []).push(decision);
    }
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
