import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '@sentinela/db/client';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { RECENT_ALERTS, type DashboardMotor, type DashboardSummary } from '@sentinela/shared/dashboard';
import { SILENT_AFTER_SECONDS } from '@sentinela/shared/device-values';
import { alertHeadColumns } from '../alerts/alerts.service';
import { getSystemHealth } from '../system/system.service';

export interface SummaryDeps {
  db: Database;
  databaseKind: DatabaseKind;
  startedAt: Date;
  /** The MQTT command link exists (a broker is configured and the gateway started). */
  brokerAvailable: boolean;
  now: Date;
}

const counted = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);

/**
 * The dashboard's headline figures, in five queries: equipment by status (with silent devices
 * and the newest time any device was heard, one scan of `equipment`), open alerts by state,
 * the newest open alerts, this week's work orders, and the database check.
 */
export async function getDashboardSummary(deps: SummaryDeps): Promise<DashboardSummary> {
  const { db, now } = deps;
  const silentCutoff = new Date(now.getTime() - SILENT_AFTER_SECONDS * 1000).toISOString();
  const health = await getSystemHealth(db, deps.databaseKind, deps.startedAt, now);
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const [[fleet], [open], recentAlerts, [week]] = await Promise.all([
    db
      .select({
        total: counted(sql`count(*)`),
        online: counted(sql`count(*) filter (where ${equipment.status} = 'online')`),
        offline: counted(sql`count(*) filter (where ${equipment.status} = 'offline')`),
        maintenance: counted(sql`count(*) filter (where ${equipment.status} = 'maintenance')`),
        error: counted(sql`count(*) filter (where ${equipment.status} = 'error')`),
        silent: counted(
          sql`count(*) filter (where ${equipment.lastSeenAt} is null or ${equipment.lastSeenAt} < ${silentCutoff}::timestamptz)`,
        ),
        lastSeenAt: sql`max(${equipment.lastSeenAt})`.mapWith(equipment.lastSeenAt),
      })
      .from(equipment)
      .where(isNull(equipment.retiredAt)),
    db
      .select({
        open: counted(sql`count(*)`),
        active: counted(sql`count(*) filter (where ${alerts.status} = 'active')`),
        activeCritical: counted(
          sql`count(*) filter (where ${alerts.status} = 'active' and ${alerts.severity} = 'critical')`,
        ),
      })
      .from(alerts)
      .where(ne(alerts.status, 'cleared')),
    db
      .select({
        ...alertHeadColumns,
        equipmentId: alerts.equipmentId,
        equipmentName: equipment.name,
        facilityName: facilities.name,
        facilityTimezone: facilities.timezone,
        raisedAt: alerts.raisedAt,
      })
      .from(alerts)
      .leftJoin(equipment, eq(equipment.id, alerts.equipmentId))
      .leftJoin(facilities, eq(facilities.id, equipment.facilityId))
      .where(ne(alerts.status, 'cleared'))
      .orderBy(desc(alerts.raisedAt), desc(alerts.id))
      .limit(RECENT_ALERTS),
    // As maintenance.kpis counts them: Monday to Sunday in each order's facility time, not cancelled.
    db
      .select({
        scheduled: counted(sql`count(*)`),
        open: counted(sql`count(*) filter (where ${workOrders.status} in ('scheduled', 'in_progress'))`),
      })
      .from(workOrders)
      .innerJoin(facilities, eq(facilities.id, workOrders.facilityId))
      .where(
        sql`${workOrders.status} <> 'cancelled' and date_trunc('week', ${workOrders.scheduledAt} at time zone ${facilities.timezone})
          = date_trunc('week', ${nowAt} at time zone ${facilities.timezone})`,
      ),
  ]);

  const lastDataAt = fleet?.lastSeenAt ?? null;
  const ingest =
    lastDataAt === null
      ? 'none'
      : now.getTime() - lastDataAt.getTime() <= SILENT_AFTER_SECONDS * 1000
        ? 'receiving'
        : 'stale';
  return {
    equipment: {
      total: fleet?.total ?? 0,
      byStatus: {
        online: fleet?.online ?? 0,
        offline: fleet?.offline ?? 0,
        maintenance: fleet?.maintenance ?? 0,
        error: fleet?.error ?? 0,
      },
    },
    alerts: { active: open?.active ?? 0, activeCritical: open?.activeCritical ?? 0, open: open?.open ?? 0 },
    maintenance: { scheduledThisWeek: week?.scheduled ?? 0, openThisWeek: week?.open ?? 0 },
    recentAlerts,
    health: {
      database: {
        reachable: health.databaseLatencyMs !== null,
        kind: deps.databaseKind,
        latencyMs: health.databaseLatencyMs,
      },
      broker: deps.brokerAvailable ? 'available' : 'unavailable',
      ingest,
      lastDataAt,
      silentDevices: fleet?.silent ?? 0,
      silentAfterSeconds: SILENT_AFTER_SECONDS,
    },
    generatedAt: now,
  };
}

/** The motors to pick from (the real-time card), by name. */
export async function listDashboardMotors(db: Database): Promise<DashboardMotor[]> {
  return db
    .select({
      id: equipment.id,
      name: equipment.name,
      facilityName: facilities.name,
      facilityTimezone: facilities.timezone,
      status: equipment.status,
    })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(and(eq(equipment.kind, 'motor'), isNull(equipment.retiredAt)))
    .orderBy(asc(equipment.name), asc(equipment.id))
    .limit(2000);
}
