import {
  silenceAlertMessage,
  thresholdAlertMessage,
  type AlertMessage,
  type AlertRuleNameKey,
} from '@sentinela/shared/alert-messages';
import type { alertRules, alerts } from '../schema/plant';
import type { Incident } from './demo-incidents';
import { MINUTE_MS } from './site-calendar';

export type NewAlertRule = typeof alertRules.$inferInsert;
type NewAlert = typeof alerts.$inferInsert;
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

/** Which rules an incident trips, worst last (a critical one is raised after, and cleared before, its warning). */
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

/** The alert log the incidents leave behind. `ruleIds` maps rule keys to the inserted ids. */
export function alertsFromIncidents(
  incidents: Incident[],
  ruleIds: Record<RuleKey, string>,
  personOf: PersonOf = () => null,
): NewAlert[] {
  const rows: NewAlert[] = [];
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
    const keys = RULES_OF[incident.kind] ?? [];
    const duration = (incident.end ?? incident.start + 60 * MINUTE_MS) - incident.start;
    keys.forEach((key, level) => {
      if (!key) return;
      const rule = defaultAlertRules[key];
      const above = rule.comparison === 'above';
      if (above ? incident.peak <= rule.threshold : incident.peak >= rule.threshold) return;
      // The value that raised it: just past the threshold on the way to the peak.
      const value = Math.round((rule.threshold + (incident.peak - rule.threshold) * 0.3) * 1000) / 1000;
      const raisedAt = incident.start + (level === 0 ? 0 : Math.round(duration * 0.35));
      const clearedAt =
        incident.end === null ? null : level === 0 ? incident.end : incident.start + Math.round(duration * 0.7);
      rows.push({
        source: `threshold:${ruleIds[key]}`,
        ruleId: ruleIds[key],
        equipmentId,
        severity: rule.severity,
        message: `${rule.name}: ${decimal(value)}${UNITS[rule.metric] ?? ''} (limite ${decimal(rule.threshold)}${UNITS[rule.metric] ?? ''})`,
        ...keyed(thresholdAlertMessage(rule, value)),
        value,
        ...lifecycle(incident, raisedAt, clearedAt, personOf),
      });
    });
  }
  return rows.sort((a, b) => (a.raisedAt?.getTime() ?? 0) - (b.raisedAt?.getTime() ?? 0));
}

export const alertRuleKeys = Object.keys(defaultAlertRules) as RuleKey[];
