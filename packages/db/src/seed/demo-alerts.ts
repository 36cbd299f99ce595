import { randomUUID } from 'node:crypto';
import {
  silenceAlertMessage,
  thresholdAlertMessage,
  type AlertMessage,
  type AlertRuleNameKey,
} from '@sentinela/shared/alert-messages';
import type { alertChanges, alertRules, alerts } from '../schema/plant';
import type { Incident } from './demo-incidents';
import { MINUTE_MS } from './site-calendar';

export type NewAlertRule = typeof alertRules.$inferInsert;
type NewAlert = typeof alerts.$inferInsert;
type NewAlertChange = typeof alertChanges.$inferInsert;
type RuleKey = keyof typeof defaultAlertRules;

/** The rules a new site starts with; thresholds and hysteresis as the standards cited say. */
export const defaultAlertRules = {
  motorTempWarning: {
    nameKey: 'motorTempWarning',
    name: 'Temperatura do motor alta',
    kind: 'motor',
    metric: 'temperature',
    comparison: 'above',
    threshold: 80,
    clearAt: 75,
    severity: 'warning',
  },
  motorTempCritical: {
    nameKey: 'motorTempCritical',
    name: 'Temperatura do motor crítica',
    kind: 'motor',
    metric: 'temperature',
    comparison: 'above',
    threshold: 95,
    clearAt: 90,
    severity: 'critical',
  },
  // ISO 10816 class II (medium machines): zone C above 4.5 mm/s RMS, zone D above 7.1.
  vibrationWarning: {
    nameKey: 'vibrationWarning',
    name: 'Vibração do motor: zona C (ISO 10816, classe II)',
    kind: 'motor',
    metric: 'vibration',
    comparison: 'above',
    threshold: 4.5,
    clearAt: 4,
    severity: 'warning',
  },
  vibrationCritical: {
    nameKey: 'vibrationCritical',
    name: 'Vibração do motor: zona D (ISO 10816, classe II)',
    kind: 'motor',
    metric: 'vibration',
    comparison: 'above',
    threshold: 7.1,
    clearAt: 6.5,
    severity: 'critical',
  },
  // Brazilian utilities bill reactive excess below 0.92 (ANEEL).
  lowPowerFactor: {
    nameKey: 'lowPowerFactor',
    name: 'Fator de potência baixo',
    kind: 'meter',
    metric: 'powerFactor',
    comparison: 'below',
    threshold: 0.92,
    clearAt: 0.93,
    severity: 'warning',
  },
  supplyAirHigh: {
    nameKey: 'supplyAirHigh',
    name: 'Temperatura de insuflamento alta',
    kind: 'hvac',
    metric: 'supplyTemp',
    comparison: 'above',
    threshold: 18,
    clearAt: 16,
    severity: 'warning',
  },
  // ASHRAE: recommended inlet 18–27 °C, class A1 allowable up to 32 °C.
  rackInletWarning: {
    nameKey: 'rackInletWarning',
    name: 'Entrada do rack acima da faixa recomendada (ASHRAE)',
    kind: 'server',
    metric: 'inletTemp',
    comparison: 'above',
    threshold: 27,
    clearAt: 26,
    severity: 'warning',
  },
  rackInletCritical: {
    nameKey: 'rackInletCritical',
    name: 'Entrada do rack acima do limite permitido (ASHRAE A1)',
    kind: 'server',
    metric: 'inletTemp',
    comparison: 'above',
    threshold: 32,
    clearAt: 30,
    severity: 'critical',
  },
} satisfies Record<AlertRuleNameKey, NewAlertRule & { nameKey: AlertRuleNameKey }>;

const UNITS: Record<string, string> = {
  temperature: ' °C',
  vibration: ' mm/s',
  supplyTemp: ' °C',
  inletTemp: ' °C',
  powerFactor: '',
};
const decimal = (n: number) => String(Math.round(n * 100) / 100).replace('.', ',');

/**
 * Which bands of one metric an incident trips, worst last: one alert, raised at the first,
 * escalated to the second on the way to the peak and de-escalated before it clears.
 */
const RULES_OF: Partial<Record<Incident['kind'], [RuleKey, RuleKey?]>> = {
  overheat: ['motorTempWarning', 'motorTempCritical'],
  vibration: ['vibrationWarning', 'vibrationCritical'],
  lowPowerFactor: ['lowPowerFactor'],
  supplyAir: ['supplyAirHigh'],
  rackInlet: ['rackInletWarning', 'rackInletCritical'],
};

const keyed = ({ key, params }: AlertMessage) => ({ messageKey: key, messageParams: params });

/** Who acknowledged (and cleared with a note) an incident's alerts: one of the demo users, in turn. */
export type PersonOf = (incident: Incident) => string | null;

function lifecycle(
  incident: Incident,
  raisedAt: number,
  clearedAt: number | null,
  personOf: PersonOf,
): Partial<NewAlert> {
  const ack = incident.acknowledged;
  const acknowledged = ack && (clearedAt === null || ack.at < clearedAt) ? ack : undefined;
  return {
    raisedAt: new Date(raisedAt),
    status: clearedAt !== null ? 'cleared' : acknowledged ? 'acknowledged' : 'active',
    acknowledgedBy: acknowledged ? personOf(incident) : null,
    acknowledgedAt: acknowledged ? new Date(Math.max(acknowledged.at, raisedAt + MINUTE_MS)) : null,
    acknowledgeNote: acknowledged?.note ?? null,
    // A note means someone cleared it by hand; without one it cleared itself.
    clearedBy: clearedAt !== null && incident.clearNote ? personOf(incident) : null,
    clearedAt: clearedAt !== null ? new Date(clearedAt) : null,
    clearNote: clearedAt !== null ? (incident.clearNote ?? null) : null,
  };
}

/** The alert log the incidents leave behind, with the band changes. `ruleIds` maps rule keys to the inserted ids. */
export function alertsFromIncidents(
  incidents: Incident[],
  ruleIds: Record<RuleKey, string>,
  personOf: PersonOf = () => null,
): { alerts: NewAlert[]; changes: NewAlertChange[] } {
  const rows: NewAlert[] = [];
  const changes: NewAlertChange[] = [];
  for (const incident of incidents) {
    const equipmentId = incident.device.id;
    if (incident.kind === 'silence') {
      rows.push({
        source: 'silence',
        equipmentId,
        severity: 'warning',
        message: 'Equipamento sem comunicação há mais de 60 s',
        ...keyed(silenceAlertMessage(60)),
        value: null,
        ruleId: null,
        ...lifecycle(incident, incident.start, incident.end, personOf),
      });
      continue;
    }
    if (incident.kind === 'trip') {
      rows.push({
        source: 'event:trip',
        equipmentId,
        severity: 'critical',
        message: 'Motor desarmado: proteção térmica atuou',
        value: null,
        ruleId: null,
        ...lifecycle(incident, incident.start, incident.end, personOf),
      });
      continue;
    }
    if (incident.kind === 'event' && incident.event) {
      rows.push({
        source: `event:${incident.event.name}`,
        equipmentId,
        severity: incident.event.severity,
        message: incident.event.message,
        value: null,
        ruleId: null,
        ...lifecycle(incident, incident.start, incident.end, personOf),
      });
      continue;
    }
    const bands = (RULES_OF[incident.kind] ?? []).flatMap((key) => {
      if (!key) return [];
      const rule = defaultAlertRules[key];
      const above = rule.comparison === 'above';
      if (above ? incident.peak <= rule.threshold : incident.peak >= rule.threshold) return [];
      // The value that raised it: just past the threshold on the way to the peak.
      const value = Math.round((rule.threshold + (incident.peak - rule.threshold) * 0.3) * 1000) / 1000;
      const message = `${rule.name}: ${decimal(value)}${UNITS[rule.metric] ?? ''} (limite ${decimal(rule.threshold)}${UNITS[rule.metric] ?? ''})`;
      return [{ key, rule, value, message, text: thresholdAlertMessage(rule, value) }];
    });
    const [first, worse] = bands;
    if (!first) continue;
    const duration = (incident.end ?? incident.start + 60 * MINUTE_MS) - incident.start;
    const id = randomUUID();
    const row: NewAlert = {
      id,
      source: `threshold:${first.rule.metric}`,
      ruleId: ruleIds[first.key],
      equipmentId,
      severity: first.rule.severity,
      message: first.message,
      ...keyed(first.text),
      value: first.value,
      ...lifecycle(incident, incident.start, incident.end, personOf),
    };
    if (worse) {
      const escalatedAt = incident.start + Math.round(duration * 0.35);
      changes.push({
        alertId: id,
        at: new Date(escalatedAt),
        fromSeverity: first.rule.severity,
        toSeverity: worse.rule.severity,
        value: worse.value,
      });
      // Acknowledged after the escalation (an earlier acknowledgement would have been reset).
      if (row.acknowledgedAt && row.acknowledgedAt.getTime() <= escalatedAt)
        row.acknowledgedAt = new Date(escalatedAt + MINUTE_MS);
      if (incident.end === null)
        Object.assign(row, {
          ruleId: ruleIds[worse.key],
          severity: worse.rule.severity,
          message: worse.message,
          ...keyed(worse.text),
          value: worse.value,
        });
      else
        changes.push({
          alertId: id,
          at: new Date(incident.start + Math.round(duration * 0.7)),
          fromSeverity: worse.rule.severity,
          toSeverity: first.rule.severity,
          value: first.value,
        });
    }
    rows.push(row);
  }
  rows.sort((a, b) => (a.raisedAt?.getTime() ?? 0) - (b.raisedAt?.getTime() ?? 0));
  return { alerts: rows, changes };
}

export const alertRuleKeys = Object.keys(defaultAlertRules) as RuleKey[];
