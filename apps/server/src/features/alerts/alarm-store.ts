import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alertChanges, alertRules, alerts, equipment } from '@sentinela/db/schema/plant';
import { parseRows } from '@sentinela/db/sql-helpers';
import { z } from 'zod';
import type { AlertMessage, AlertMessageParams } from '@sentinela/shared/alert-messages';
import type { AlertSeverity, AlertStatus } from '@sentinela/shared/alerts';
import { severityRank, SILENCE_SOURCE, type AlarmRule } from './alarm-rules';

/** The alarm engine's database side: reads at start, writes only on transitions. */

export interface OpenAlert {
  id: string;
  source: string;
  equipmentId: string;
  /** The band's rule of a threshold alert; null for silence (or a removed rule). */
  ruleId: string | null;
  severity: AlertSeverity;
  status: AlertStatus;
  message: string;
  messageKey: string | null;
  messageParams: AlertMessageParams | null;
}

/** The columns of an {@link OpenAlert} (the engine's alerts always belong to an equipment). */
const openAlertColumns = {
  id: alerts.id,
  source: alerts.source,
  equipmentId: sql<string>`${alerts.equipmentId}`,
  ruleId: alerts.ruleId,
  severity: alerts.severity,
  status: alerts.status,
  message: alerts.message,
  messageKey: alerts.messageKey,
  messageParams: alerts.messageParams,
};

/** What the engine judges by: a rule's identity, metric, comparison, bands and severity. */
export const alarmRuleColumns = {
  id: alertRules.id,
  name: alertRules.name,
  nameKey: alertRules.nameKey,
  kind: alertRules.kind,
  metric: alertRules.metric,
  comparison: alertRules.comparison,
  threshold: alertRules.threshold,
  clearAt: alertRules.clearAt,
  severity: alertRules.severity,
};

export function loadEnabledRules(db: Database): Promise<AlarmRule[]> {
  return db.select(alarmRuleColumns).from(alertRules).where(eq(alertRules.enabled, true));
}

export function loadEquipmentKinds(db: Database, id?: string) {
  return db
    .select({ id: equipment.id, kind: equipment.kind })
    .from(equipment)
    .where(id === undefined ? undefined : eq(equipment.id, id));
}

/** The open alerts the engine owns (threshold and silence), so it can clear what it raised before a restart. */
export function loadOpenEngineAlerts(db: Database): Promise<OpenAlert[]> {
  return db
    .select(openAlertColumns)
    .from(alerts)
    .where(
      and(
        ne(alerts.status, 'cleared'),
        isNotNull(alerts.equipmentId),
        or(sql`${alerts.source} like 'threshold:%'`, eq(alerts.source, SILENCE_SOURCE)),
      ),
    );
}

export interface RaiseInput {
  source: string;
  ruleId: string | null;
  equipmentId: string;
  severity: AlertSeverity;
  /** The Portuguese rendering (fallback) of `text`. */
  message: string;
  text: AlertMessage;
  value: number | null;
  at: Date;
}

/**
 * Inserts an alert unless one is open for (source, equipment) — the partial unique index
 * decides, so two raises can never both win. Answers the open alert and whether it is new.
 */
export async function raiseAlert(db: Database, input: RaiseInput): Promise<{ alert: OpenAlert; raised: boolean }> {
  const { source, equipmentId, severity, message } = input;
  // Two tries: the open alert that blocked the insert may be cleared by hand before we read it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await db
      .insert(alerts)
      .values({
        source,
        ruleId: input.ruleId,
        equipmentId,
        severity,
        message,
        messageKey: input.text.key,
        messageParams: input.text.params,
        value: input.value,
        status: 'active',
        raisedAt: input.at,
      })
      .onConflictDoNothing({ target: [alerts.source, alerts.equipmentId], where: sql`status <> 'cleared'` })
      .returning({ id: alerts.id });
    if (inserted) {
      const alert: OpenAlert = {
        id: inserted.id,
        source,
        equipmentId,
        ruleId: input.ruleId,
        severity,
        status: 'active',
        message,
        messageKey: input.text.key,
        messageParams: input.text.params,
      };
      return { alert, raised: true };
    }
    const [existing] = await db
      .select(openAlertColumns)
      .from(alerts)
      .where(and(eq(alerts.source, source), eq(alerts.equipmentId, equipmentId), ne(alerts.status, 'cleared')));
    if (existing) return { alert: existing, raised: false };
  }
  throw new Error(`could not raise or find the open alert ${source} for ${equipmentId}`);
}

export interface BandChange {
  ruleId: string;
  severity: AlertSeverity;
  message: string;
  text: AlertMessage;
  value: number;
  at: Date;
}

/**
 * Moves an open threshold alert to another band of its metric and records it in the alert's
 * history (alert_changes). Escalating an acknowledged alert makes it active again: the
 * acknowledgement was of a milder state, and an operator must see the worse one. Answers the
 * alert as it is now and whether its severity changed; null when it is no longer open.
 */
export async function changeBand(
  db: Database,
  id: string,
  change: BandChange,
): Promise<{ alert: OpenAlert; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(openAlertColumns)
      .from(alerts)
      .where(and(eq(alerts.id, id), ne(alerts.status, 'cleared')))
      .for('update');
    if (!before) return null;
    const changed = before.severity !== change.severity;
    const escalated = severityRank(change.severity) > severityRank(before.severity);
    const reset = escalated && before.status === 'acknowledged';
    const acknowledgement = reset
      ? { status: 'active' as const, acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null }
      : {};
    const [after] = await tx
      .update(alerts)
      .set({
        ruleId: change.ruleId,
        severity: change.severity,
        message: change.message,
        messageKey: change.text.key,
        messageParams: change.text.params,
        value: change.value,
        ...acknowledgement,
      })
      .where(eq(alerts.id, id))
      .returning(openAlertColumns);
    if (changed)
      await tx.insert(alertChanges).values({
        alertId: id,
        at: change.at,
        fromSeverity: before.severity,
        toSeverity: change.severity,
        value: change.value,
        acknowledgementReset: reset,
      });
    return { alert: after!, changed };
  });
}

/** Clears an alert automatically (no who, no note). False when it was no longer open. */
export async function autoClearAlert(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ status: 'cleared', clearedAt: at, clearedBy: null, clearNote: null })
    .where(and(eq(alerts.id, id), ne(alerts.status, 'cleared')))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** Online equipment with no data since `cutoff` (never seen counts as silent too). */
export async function findSilentEquipment(db: Database, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: equipment.id })
    .from(equipment)
    .where(
      and(
        eq(equipment.status, 'online'),
        isNull(equipment.retiredAt),
        or(isNull(equipment.lastSeenAt), lt(equipment.lastSeenAt, cutoff)),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Marks the given equipment offline if still online and silent, keeping each change in
 * equipment_status_changes (at `at`) in the same statement; answers the ones it changed.
 */
export async function markOffline(db: Database, ids: string[], cutoff: Date, at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    with changed as (
      update equipment set status = 'offline'
       where id in (${sql.join(
         ids.map((id) => sql`${id}`),
         sql`, `,
       )})
         and status = 'online' and (last_seen_at is null or last_seen_at < ${cutoff.toISOString()}::timestamptz)
      returning id
    ), history as (
      insert into equipment_status_changes (equipment_id, at, from_status, to_status)
      select id, ${at.toISOString()}::timestamptz, 'online', 'offline' from changed
    )
    select id from changed`);
  return parseRows(z.object({ id: z.string() }), result).map((r) => r.id);
}
