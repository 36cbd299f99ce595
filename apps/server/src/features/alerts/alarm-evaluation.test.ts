import { describe, expect, it } from 'vitest';
import { decideMetric, evaluateReading, indexRules, runningFrom, silentAfter, type OpenBand } from './alarm-evaluation';
import type { AlarmRule } from './alarm-rules';

const rule = (id: string, fields: Omit<AlarmRule, 'id' | 'name' | 'nameKey'>): AlarmRule => ({
  id,
  name: id,
  nameKey: null,
  ...fields,
});

// ISO 10816 class II: zone C above 4.5 mm/s RMS, zone D above 7.1 (the demo rules).
const zoneC = rule('zoneC', {
  kind: 'motor',
  metric: 'vibration',
  comparison: 'above',
  threshold: 4.5,
  clearAt: 4,
  severity: 'warning',
});
const zoneD = rule('zoneD', {
  kind: 'motor',
  metric: 'vibration',
  comparison: 'above',
  threshold: 7.1,
  clearAt: 6.5,
  severity: 'critical',
});
const lowPowerFactor = rule('pf', {
  kind: 'meter',
  metric: 'powerFactor',
  comparison: 'below',
  threshold: 0.92,
  clearAt: 0.93,
  severity: 'warning',
});
const supplyAir = rule('supply', {
  kind: 'hvac',
  metric: 'supplyTemp',
  comparison: 'above',
  threshold: 30,
  clearAt: 28,
  severity: 'warning',
});

/** Readings of one metric run through the rules, the open alert's band kept as the engine keeps it. */
function run(rules: AlarmRule[], kind: string, metric: string, values: number[], idle = false): string[][] {
  const { index } = indexRules(rules);
  const open = new Map<string, OpenBand>();
  return values.map((value) => {
    const decisions = evaluateReading(index, kind, { [metric]: value }, idle, (m) => open.get(m)) ?? [];
    return decisions.map((d) => {
      if (d.action === 'clear') {
        open.delete(d.metric);
        return 'clear';
      }
      open.set(d.metric, { ruleId: d.rule.id, severity: d.rule.severity });
      return `${d.action} ${d.rule.id}`;
    });
  });
}

describe('alarm evaluation', () => {
  it('walks the ISO 10816 zones up and down: raise, escalate, de-escalate, clear, with hysteresis', () => {
    const values = [3, 4.6, 5, 7.2, 6.8, 6.4, 4.2, 3.9];
    expect(run([zoneC, zoneD], 'motor', 'vibration', values)).toEqual([
      [],
      ['raise zoneC'],
      [],
      ['escalate zoneD'], // one alert per metric: zone D escalates the zone C alert
      [],
      ['deescalate zoneC'], // below zone D's clear point, still in zone C
      [],
      ['clear'],
    ]);
  });

  it('raises only the worst band a reading crosses, and clears from any band once below every clear point', () => {
    expect(run([zoneC, zoneD], 'motor', 'vibration', [8, 7.5, 3.9, 7.2, 4.1])).toEqual([
      ['raise zoneD'],
      [],
      ['clear'], // from zone D straight to normal: no stop in zone C
      ['raise zoneD'],
      ['deescalate zoneC'], // inside zone C's hysteresis: still zone C
    ]);
    // Rules listed in either order: the worse band wins.
    expect(run([zoneD, zoneC], 'motor', 'vibration', [9])).toEqual([['raise zoneD']]);
  });

  it('keeps an alert whose band rule is gone while a band as bad holds, and clears it when none does', () => {
    const critical: OpenBand = { ruleId: 'removed', severity: 'critical' };
    expect(decideMetric([zoneC, zoneD], critical, 6.8, false)).toBeUndefined();
    expect(decideMetric([zoneC, zoneD], critical, 5, false)).toMatchObject({ action: 'deescalate', rule: zoneC });
    expect(decideMetric([zoneC, zoneD], { ruleId: null, severity: 'warning' }, 3, false)).toEqual({
      action: 'clear',
      metric: 'vibration',
    });
  });

  it('raises a low power factor at the threshold and clears it only at clearAt', () => {
    expect(run([lowPowerFactor], 'meter', 'powerFactor', [0.95, 0.92, 0.925, 0.91, 0.93, 0.94])).toEqual([
      [],
      ['raise pf'],
      [],
      [],
      ['clear'],
      [],
    ]);
  });

  it('judges only the rules of the device kind and metric', () => {
    expect(run([zoneC], 'hvac', 'vibration', [9])).toEqual([[]]);
    expect(run([zoneC], 'motor', 'temperature', [9])).toEqual([[]]);
  });

  it('does not judge a device switched off, and clears what was open for it', () => {
    const open: OpenBand = { ruleId: 'supply', severity: 'warning' };
    expect(decideMetric([supplyAir], undefined, 40, true)).toBeUndefined();
    expect(decideMetric([supplyAir], open, 40, true)).toEqual({ action: 'clear', metric: 'supplyTemp' });
    expect(decideMetric([supplyAir], undefined, 40, false)).toEqual({
      action: 'raise',
      metric: 'supplyTemp',
      rule: supplyAir,
      value: 40,
      message: 'supply acima do limite: 40 (limite 30)',
      text: { key: 'threshold.above', params: { rule: 'supply', metric: 'supplyTemp', value: 40, threshold: 30 } },
    });
  });

  it('clears a rule with clearAt on the wrong side at its threshold, and reports it', () => {
    const inverted = rule('bad', {
      kind: 'motor',
      metric: 'temperature',
      comparison: 'above',
      threshold: 90,
      clearAt: 95,
      severity: 'warning',
    });
    expect(indexRules([zoneC, inverted]).inverted).toEqual([inverted]);
    expect(run([inverted], 'motor', 'temperature', [91, 92, 90])).toEqual([['raise bad'], [], ['clear']]);
  });

  it('reads whether a device runs from its on metric', () => {
    expect(runningFrom({ on: 1, power: 2 })).toBe(true);
    expect(runningFrom({ on: 0 })).toBe(false);
    expect(runningFrom({ power: 2 })).toBeUndefined();
  });

  it('finds silent devices, unless the engine heard from them after the cutoff', () => {
    const lastData = new Map([
      ['m1', 5000],
      ['m2', 20_000],
    ]);
    expect(silentAfter(['m1', 'm2', 'm3'], lastData, 10_000)).toEqual(['m1', 'm3']);
  });
});
