import type { alertRules } from '@sentinela/db/schema/plant';
import { silenceAlertMessage, thresholdAlertMessage, type AlertMessage } from '@sentinela/shared/alert-messages';

export type AlarmRule = Pick<
  typeof alertRules.$inferSelect,
  'id' | 'name' | 'nameKey' | 'kind' | 'metric' | 'comparison' | 'threshold' | 'clearAt' | 'severity'
>;

/** A threshold alert is one per metric and equipment: its bands (ISO 10816 zones C and D) share it. */
export const thresholdSource = (metric: string) => `threshold:${metric}`;
export const SILENCE_SOURCE = 'silence';

/** The key rules are looked up by on every telemetry point. */
export const ruleKey = (kind: string, metric: string) => `${kind}\u0000${metric}`;

const SEVERITY_RANK = { info: 1, warning: 2, critical: 3 } as const;

/** How bad a severity is: critical > warning > info. */
export const severityRank = (severity: AlarmRule['severity']): number => SEVERITY_RANK[severity];

/** above: value ≥ threshold; below: value ≤ threshold. */
export function crossesThreshold(rule: AlarmRule, value: number): boolean {
  return rule.comparison === 'above' ? value >= rule.threshold : value <= rule.threshold;
}

/**
 * Hysteresis: an above-rule clears at value ≤ clearAt, a below-rule at value ≥ clearAt. A
 * clearAt on the wrong side of the threshold is taken as the threshold itself, so a badly
 * written rule cannot raise and clear on the same value.
 */
export function backToNormal(rule: AlarmRule, value: number): boolean {
  return rule.comparison === 'above'
    ? value <= Math.min(rule.clearAt, rule.threshold)
    : value >= Math.max(rule.clearAt, rule.threshold);
}

/** Whether clearAt sits on the wrong side of the threshold (logged when rules load). */
export function hasInvertedHysteresis(rule: AlarmRule): boolean {
  return rule.comparison === 'above' ? rule.clearAt > rule.threshold : rule.clearAt < rule.threshold;
}

const ptNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/**
 * What an alert says, as a message key and parameters the client words in the reader's
 * language (a seeded rule's name goes by its key, a rule people wrote by its name as typed).
 */
export function thresholdText(rule: AlarmRule, value: number): AlertMessage {
  return thresholdAlertMessage(rule, value);
}

export function silenceText(silenceAfterMs: number): AlertMessage {
  return silenceAlertMessage(Math.round(silenceAfterMs / 1000));
}

/**
 * The Portuguese rendering stored beside the key (the fallback of rows without one). Rule
 * names read as a noun phrase: 'Temperatura do motor acima do limite: 97,3 (limite 95)'.
 */
export function thresholdMessage(rule: AlarmRule, value: number): string {
  const side = rule.comparison === 'above' ? 'acima' : 'abaixo';
  return `${rule.name} ${side} do limite: ${ptNumber.format(value)} (limite ${ptNumber.format(rule.threshold)})`;
}

export function silenceMessage(silenceAfterMs: number): string {
  return `Equipamento sem comunicação há mais de ${ptNumber.format(Math.round(silenceAfterMs / 1000))} s`;
}
