import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alertChanges, alerts } from '@sentinela/db/schema/plant';
import type { AlertMessage } from '@sentinela/shared/alert-messages';
import type { AlertSeverity } from '@sentinela/shared/alerts';
import type { LiveEvent } from '@sentinela/shared/live-events';

/**
 * Site alerts: alerts that belong to no equipment (the portal's own troubles, such as the MQTT
 * broker dropping messages). One open per source (partial unique index
 * alerts_one_open_site_idx); people acknowledge and clear them as any other.
 */
export interface SiteAlertInput {
  source: string;
  severity: AlertSeverity;
  /** The Portuguese rendering of `text`, stored as the fallback. */
  message: string;
  /** What the client words in the reader's language. */
  text: AlertMessage;
  value: number | null;
  at: Date;
}

/** The stored wording of a site alert: the Portuguese fallback and what the client words. */
const siteAlertText = (input: SiteAlertInput) => ({
  message: input.message,
  messageKey: input.text.key,
  messageParams: input.text.params,
});

/** The row of a site alert raised now (active, of no equipment and no rule). */
const newSiteAlert = (input: SiteAlertInput) => ({
  source: input.source,
  equipmentId: null,
  ruleId: null,
  severity: input.severity,
  ...siteAlertText(input),
  value: input.value,
  status: 'active' as const,
  raisedAt: input.at,
});

/**
 * Raises the site alert of `input.source`, or, while one is open, brings its value and message
 * up to date. Answers the alert and whether it is new.
 */
export async function raiseSiteAlert(
  db: Database,
  bus: { publish(event: LiveEvent): void },
  input: SiteAlertInput,
): Promise<{ id: string; raised: boolean }> {
  const [row] = await db
    .insert(alerts)
    .values(newSiteAlert(input))
    .onConflictDoUpdate({
      target: alerts.source,
      targetWhere: sql`equipment_id is null and status <> 'cleared'`,
      set: { ...siteAlertText(input), value: input.value },
    })
    .returning({
      id: alerts.id,
      status: alerts.status,
      severity: alerts.severity,
      message: alerts.message,
      messageKey: alerts.messageKey,
      messageParams: alerts.messageParams,
      // xmax is 0 on a row this statement inserted, not on one it updated.
      raised: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error(`could not raise the site alert ${input.source}`);
  bus.publish({
    type: 'alert',
    alertId: row.id,
    equipmentId: null,
    severity: row.severity,
    status: row.status,
    message: row.message,
    messageKey: row.messageKey,
    messageParams: row.messageParams,
  });
  return { id: row.id, raised: row.raised };
}

/** The value of the newest alert of a site source, cleared or not (null: none yet). */
export async function lastSiteAlertValue(db: Database, source: string): Promise<number | null> {
  const [row] = await db
    .select({ value: alerts.value })
    .from(alerts)
    .where(and(eq(alerts.source, source), isNull(alerts.equipmentId)))
    .orderBy(desc(alerts.raisedAt))
    .limit(1);
  return row?.value ?? null;
}

const SEVERITY_RANK: Record<AlertSeverity, number> = { info: 0, warning: 1, critical: 2 };

/**
 * Raises the site alert of `input.source` at `input.severity`, or moves the open one to it,
 * message, value and all: a band change is kept in alert_changes, and an escalation of an
 * acknowledged alert makes it active again (someone must see the worse state), as the alarm
 * engine does for a metric's bands. Answers the alert, whether it is new and whether its
 * severity changed.
 */
export async function raiseOrChangeSiteAlert(
  db: Database,
  bus: { publish(event: LiveEvent): void },
  input: SiteAlertInput,
): Promise<{ id: string; raised: boolean; changed: boolean }> {
  const outcome = await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: alerts.id, severity: alerts.severity, status: alerts.status })
      .from(alerts)
      .where(and(eq(alerts.source, input.source), isNull(alerts.equipmentId), ne(alerts.status, 'cleared')))
      .for('update');
    if (!open) {
      const [row] = await tx
        .insert(alerts)
        .values(newSiteAlert(input))
        .returning({ id: alerts.id, status: alerts.status });
      if (!row) throw new Error(`could not raise the site alert ${input.source}`);
      return { id: row.id, status: row.status, raised: true, changed: false };
    }
    const changed = open.severity !== input.severity;
    const reset = SEVERITY_RANK[input.severity] > SEVERITY_RANK[open.severity] && open.status === 'acknowledged';
    await tx
      .update(alerts)
      .set({
        severity: input.severity,
        ...siteAlertText(input),
        value: input.value,
        ...(reset
          ? { status: 'active' as const, acknowledgedBy: null, acknowledgedAt: null, acknowledgeNote: null }
          : {}),
      })
      .where(eq(alerts.id, open.id));
    if (changed)
      await tx.insert(alertChanges).values({
        alertId: open.id,
        at: input.at,
        fromSeverity: open.severity,
        toSeverity: input.severity,
        value: input.value,
        acknowledgementReset: reset,
      });
    return { id: open.id, status: reset ? ('active' as const) : open.status, raised: false, changed };
  });
  bus.publish({
    type: 'alert',
    alertId: outcome.id,
    equipmentId: null,
    severity: input.severity,
    status: outcome.status,
    ...siteAlertText(input),
  });
  return { id: outcome.id, raised: outcome.raised, changed: outcome.changed };
}
