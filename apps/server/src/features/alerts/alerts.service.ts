import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { alertChanges, alertRules, alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import type {
  acknowledgeAlertInput,
  acknowledgeManyAlertsInput,
  AlertChange,
  AlertCounts,
  AlertItem,
  clearAlertInput,
  listAlertsInput,
  ListAlertsOutput,
} from '@sentinela/shared/alerts';
import type { z } from 'zod';
import { actedBy, recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { LiveBus } from '../../telemetry/live-bus';

/** What the alert actions need: the database, the fan-out for live updates, the clock. */
export interface AlertDeps {
  db: Database;
  bus: LiveBus;
  now: () => Date;
}

export interface AlertActor {
  id: string;
  email: string;
}

const acknowledger = alias(users, 'acknowledger');
const clearer = alias(users, 'clearer');

/** An alert's heading as every reader of it selects it: its id, severity, status and wording. */
export const alertHeadColumns = {
  id: alerts.id,
  severity: alerts.severity,
  status: alerts.status,
  message: alerts.message,
  messageKey: alerts.messageKey,
  messageParams: alerts.messageParams,
};

const itemColumns = {
  id: alerts.id,
  equipmentId: alerts.equipmentId,
  equipmentName: equipment.name,
  facilityName: facilities.name,
  facilityTimezone: facilities.timezone,
  severity: alerts.severity,
  message: alerts.message,
  messageKey: alerts.messageKey,
  messageParams: alerts.messageParams,
  value: alerts.value,
  status: alerts.status,
  source: alerts.source,
  raisedAt: alerts.raisedAt,
  acknowledgedAt: alerts.acknowledgedAt,
  acknowledgedByName: acknowledger.name,
  acknowledgeNote: alerts.acknowledgeNote,
  clearedAt: alerts.clearedAt,
  clearedByName: clearer.name,
  clearNote: alerts.clearNote,
  ruleName: alertRules.name,
  ruleNameKey: alertRules.nameKey,
  ruleMetric: alertRules.metric,
  ruleComparison: alertRules.comparison,
  ruleThreshold: alertRules.threshold,
  ruleClearAt: alertRules.clearAt,
  workOrder: sql<AlertItem['workOrder']>`(
    select json_build_object('id', o.id, 'number', o.number, 'status', o.status) from ${workOrders} o
    where o.alert_id = ${alerts.id}
    order by (o.status in ('scheduled', 'in_progress')) desc, o.created_at desc limit 1)`.mapWith(
    (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as AlertItem['workOrder'],
  ),
};

function selectRows(db: Database) {
  return (
    db
      .select(itemColumns)
      .from(alerts)
      // Left joins: a site alert has no equipment.
      .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
      .leftJoin(facilities, eq(facilities.id, equipment.facilityId))
      .leftJoin(acknowledger, eq(acknowledger.id, alerts.acknowledgedBy))
      .leftJoin(clearer, eq(clearer.id, alerts.clearedBy))
      .leftJoin(alertRules, eq(alertRules.id, alerts.ruleId))
  );
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** The band changes of the given alerts, oldest first, by alert. */
async function changesOf(db: Database, ids: string[]): Promise<Map<string, AlertChange[]>> {
  const byAlert = new Map<string, AlertChange[]>();
  if (ids.length === 0) return byAlert;
  const rows = await db
    .select({
      alertId: alertChanges.alertId,
      at: alertChanges.at,
      fromSeverity: alertChanges.fromSeverity,
      toSeverity: alertChanges.toSeverity,
      value: alertChanges.value,
      acknowledgementReset: alertChanges.acknowledgementReset,
    })
    .from(alertChanges)
    .where(inArray(alertChanges.alertId, ids))
    .orderBy(asc(alertChanges.at), asc(alertChanges.id));
  for (const { alertId, ...change } of rows) {
    const list = byAlert.get(alertId);
    if (list) list.push(change);
    else byAlert.set(alertId, [change]);
  }
  return byAlert;
}

/** The rows as items, each with its history. */
async function toItems(db: Database, rows: ItemRow[]): Promise<AlertItem[]> {
  const changes = await changesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toItem(row, changes.get(row.id) ?? []));
}

function toItem(
  { ruleName, ruleNameKey, ruleMetric, ruleComparison, ruleThreshold, ruleClearAt, ...row }: ItemRow,
  changes: AlertChange[],
): AlertItem {
  const rule =
    ruleName !== null &&
    ruleMetric !== null &&
    ruleComparison !== null &&
    ruleThreshold !== null &&
    ruleClearAt !== null
      ? {
          name: ruleName,
          nameKey: ruleNameKey,
          metric: ruleMetric,
          comparison: ruleComparison,
          threshold: ruleThreshold,
          clearAt: ruleClearAt,
        }
      : null;
  return { ...row, rule, changes };
}

export async function listAlerts(db: Database, input: z.output<typeof listAlertsInput>): Promise<ListAlertsOutput> {
  const conditions: SQL[] = [];
  if (input.id) conditions.push(eq(alerts.id, input.id));
  else if (input.status === 'open') conditions.push(ne(alerts.status, 'cleared'));
  else if (input.status) conditions.push(eq(alerts.status, input.status));
  if (input.severity && !input.id) conditions.push(eq(alerts.severity, input.severity));
  if (input.equipmentId && !input.id) conditions.push(eq(alerts.equipmentId, input.equipmentId));
  const where = and(...conditions);
  // Summary cards stay put while the list is filtered by status or severity.
  const countWhere = and(
    ne(alerts.status, 'cleared'),
    input.equipmentId ? eq(alerts.equipmentId, input.equipmentId) : undefined,
  );

  const [items, [totals], bySeverity] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(alerts.raisedAt), desc(alerts.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .then((rows) => toItems(db, rows)),
    db.select({ n: count() }).from(alerts).where(where),
    db.select({ severity: alerts.severity, n: count() }).from(alerts).where(countWhere).groupBy(alerts.severity),
  ]);
  const counts: AlertCounts = { total: 0, critical: 0, warning: 0, info: 0 };
  for (const row of bySeverity) {
    counts[row.severity] = row.n;
    counts.total += row.n;
  }
  return { items, total: totals?.n ?? 0, counts, page: input.page, pageSize: input.pageSize };
}

export async function getAlert(db: Database, id: string): Promise<AlertItem> {
  const [row] = await selectRows(db).where(eq(alerts.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'alerts.notFound');
  const [item] = await toItems(db, [row]);
  return item!;
}

function publish(
  bus: LiveBus,
  row: Pick<
    typeof alerts.$inferSelect,
    'id' | 'equipmentId' | 'severity' | 'status' | 'message' | 'messageKey' | 'messageParams'
  >,
) {
  bus.publish({
    type: 'alert',
    alertId: row.id,
    equipmentId: row.equipmentId,
    severity: row.severity,
    status: row.status,
    message: row.message,
    messageKey: row.messageKey,
    messageParams: row.messageParams,
  });
}

/** Why an alert could not be changed: unknown, or already cleared. */
async function refusal(db: Database, id: string): Promise<AppError | null> {
  const [row] = await db.select({ status: alerts.status }).from(alerts).where(eq(alerts.id, id));
  if (!row) return new AppError('NOT_FOUND', 'alerts.notFound');
  if (row.status === 'cleared') return new AppError('BAD_REQUEST', 'alerts.alreadyCleared');
  return null;
}

/** Active → acknowledged for the active ones among the alerts `which` selects; answers those it changed. */
function acknowledgeActive(db: Database, deps: AlertDeps, actor: AlertActor, note: string | undefined, which: SQL) {
  return db
    .update(alerts)
    .set({
      status: 'acknowledged',
      acknowledgedBy: actor.id,
      acknowledgedAt: deps.now(),
      acknowledgeNote: note ?? null,
    })
    .where(and(which, eq(alerts.status, 'active')))
    .returning();
}

/**
 * Active → acknowledged, recording who, when and the note. Acknowledging an acknowledged
 * alert changes nothing (the first acknowledgement stands); a cleared one is refused.
 */
export async function acknowledgeAlert(
  deps: AlertDeps,
  actor: AlertActor,
  origin: RequestOrigin,
  input: z.output<typeof acknowledgeAlertInput>,
): Promise<AlertItem> {
  const { db, bus } = deps;
  const audit = { action: 'alerts.acknowledge', ...actedBy(actor), target: input.id };
  const row = await db.transaction(async (tx) => {
    const [changed] = await acknowledgeActive(tx, deps, actor, input.note, eq(alerts.id, input.id));
    if (changed) await recordAudit(tx, origin, { ...audit, result: 'success', details: { note: input.note ?? null } });
    return changed;
  });
  if (row) {
    publish(bus, row);
    return getAlert(db, row.id);
  }
  const error = await refusal(db, input.id);
  if (error) {
    await recordAudit(db, origin, { ...audit, result: 'failure', details: { reason: error.key } });
    throw error;
  }
  await recordAudit(db, origin, { ...audit, result: 'success', details: { alreadyAcknowledged: true } });
  return getAlert(db, input.id);
}

/** Acknowledges the active ones among `ids`; unknown, acknowledged and cleared ones are skipped. */
export async function acknowledgeAlerts(
  deps: AlertDeps,
  actor: AlertActor,
  origin: RequestOrigin,
  input: z.output<typeof acknowledgeManyAlertsInput>,
): Promise<{ acknowledged: number }> {
  const { db, bus } = deps;
  const ids = [...new Set(input.ids)];
  const rows = await db.transaction(async (tx) => {
    const changed = await acknowledgeActive(tx, deps, actor, input.note, inArray(alerts.id, ids));
    // One audit entry per alert, so an alert's history is found by its id.
    for (const row of changed) {
      await recordAudit(tx, origin, {
        action: 'alerts.acknowledgeMany',
        result: 'success',
        ...actedBy(actor),
        target: row.id,
        details: { note: input.note ?? null, requested: ids.length },
      });
    }
    return changed;
  });
  for (const row of rows) publish(bus, row);
  return { acknowledged: rows.length };
}

/** Clears an open alert by hand: who, when and a note (required). */
export async function clearAlert(
  deps: AlertDeps,
  actor: AlertActor,
  origin: RequestOrigin,
  input: z.output<typeof clearAlertInput>,
): Promise<AlertItem> {
  const { db, bus } = deps;
  const audit = { action: 'alerts.clear', ...actedBy(actor), target: input.id };
  const row = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(alerts)
      .set({ status: 'cleared', clearedBy: actor.id, clearedAt: deps.now(), clearNote: input.note })
      .where(and(eq(alerts.id, input.id), ne(alerts.status, 'cleared')))
      .returning();
    if (changed) await recordAudit(tx, origin, { ...audit, result: 'success', details: { note: input.note } });
    return changed;
  });
  if (!row) {
    const error = (await refusal(db, input.id)) ?? new AppError('BAD_REQUEST', 'alerts.alreadyCleared');
    await recordAudit(db, origin, { ...audit, result: 'failure', details: { reason: error.key } });
    throw error;
  }
  publish(bus, row);
  return getAlert(db, row.id);
}

/** The threshold bands /settings lists and edits (alert-thresholds.service.ts). */
export { listThresholdRules, setThresholds } from './alert-thresholds.service';
