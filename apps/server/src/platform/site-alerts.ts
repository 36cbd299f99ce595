import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alerts } from '@sentinela/db/schema/plant';
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
    .values({
      source: input.source,
      equipmentId: null,
      ruleId: null,
      severity: input.severity,
      message: input.message,
      messageKey: input.text.key,
      messageParams: input.text.params,
      value: input.value,
      status: 'active',
      raisedAt: input.at,
    })
    .onConflictDoUpdate({
      target: alerts.source,
      targetWhere: sql`equipment_id is null and status <> 'cleared'`,
      set: {
        message: input.message,
        messageKey: input.text.key,
        messageParams: input.text.params,
        value: input.value,
      },
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
