/** The alert area's published service for /settings: the threshold rules' bands, listed and edited. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alertRules } from '@sentinela/db/schema/plant';
import type { SetThresholdsInput, ThresholdRule } from '@sentinela/shared/site-settings';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { ChangeDeps } from '../../trpc/procedures';
import { severityRank } from './alarm-rules';
import { alarmRuleColumns } from './alarm-store';

const ruleColumns = { ...alarmRuleColumns, enabled: alertRules.enabled };

/** Every threshold rule, by equipment kind, metric and severity (the page groups them into bands). */
export function listThresholdRules(db: Database): Promise<ThresholdRule[]> {
  return db
    .select(ruleColumns)
    .from(alertRules)
    .orderBy(asc(alertRules.kind), asc(alertRules.metric), asc(alertRules.threshold));
}

type Band = Pick<ThresholdRule, 'comparison' | 'severity' | 'threshold' | 'clearAt'>;

/**
 * Why the bands of one kind and metric cannot stand together, or null: every band clears on the
 * normal side of its threshold (or at it), and of two bands on the same side the milder one has the
 * milder threshold (above: lower; below: higher), so a reading always meets the warning first.
 */
export function bandProblem(bands: Band[]): AppError | null {
  for (const band of bands) {
    const inverted = band.comparison === 'above' ? band.clearAt > band.threshold : band.clearAt < band.threshold;
    if (inverted)
      return new AppError('BAD_REQUEST', 'settings.thresholdClearAt', {
        threshold: band.threshold,
        clearAt: band.clearAt,
      });
  }
  for (const milder of bands)
    for (const worse of bands) {
      if (milder.comparison !== worse.comparison) continue;
      if (severityRank(milder.severity) >= severityRank(worse.severity)) continue;
      const ordered =
        milder.comparison === 'above' ? milder.threshold < worse.threshold : milder.threshold > worse.threshold;
      if (!ordered)
        return new AppError('BAD_REQUEST', 'settings.thresholdBandOrder', {
          warning: milder.threshold,
          critical: worse.threshold,
        });
    }
  return null;
}

const snapshot = (rule: ThresholdRule) => ({
  id: rule.id,
  name: rule.name,
  severity: rule.severity,
  threshold: rule.threshold,
  clearAt: rule.clearAt,
});

/**
 * New thresholds and clearing values for bands of one equipment kind and metric (administrators).
 * Checked with the group's other bands, written and audited (before and after) in one
 * transaction; then a 'settings.changed' event makes the alarm engine reload its rules, so the
 * next reading is judged by the new values, and open settings pages re-read them.
 */
export async function setThresholds(
  caller: ChangeCaller,
  input: SetThresholdsInput,
  deps: ChangeDeps,
): Promise<ThresholdRule[]> {
  const changes = new Map(input.rules.map((rule) => [rule.id, rule]));
  const updated = await callerChange(
    caller,
    async (tx) => {
      const named = await tx
        .select(ruleColumns)
        .from(alertRules)
        .where(inArray(alertRules.id, [...changes.keys()]));
      if (named.length !== changes.size) throw new AppError('NOT_FOUND', 'settings.thresholdUnknownRule');
      const { kind, metric } = named[0]!;
      if (named.some((rule) => rule.kind !== kind || rule.metric !== metric))
        throw new AppError('BAD_REQUEST', 'settings.thresholdMixedGroup');
      const group = await tx
        .select(ruleColumns)
        .from(alertRules)
        .where(and(eq(alertRules.kind, kind), eq(alertRules.metric, metric)));
      const after = group.map((rule) => {
        const change = changes.get(rule.id);
        return change ? { ...rule, threshold: change.threshold, clearAt: change.clearAt } : rule;
      });
      const problem = bandProblem(after.filter((rule) => rule.enabled || changes.has(rule.id)));
      if (problem) throw problem;
      for (const change of changes.values())
        await tx
          .update(alertRules)
          .set({ threshold: change.threshold, clearAt: change.clearAt })
          .where(eq(alertRules.id, change.id));
      return { kind, metric, before: named, after: after.filter((rule) => changes.has(rule.id)) };
    },
    ({ kind, metric, before, after }) => ({
      action: 'settings.setThresholds',
      target: `${kind}:${metric}`,
      details: { before: before.map(snapshot), after: after.map(snapshot) },
    }),
  );
  deps.bus.publish({ type: 'settings.changed', equipmentId: null, section: 'alertThresholds' });
  return updated.after;
}
