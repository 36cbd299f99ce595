import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { alerts, facilities } from '@sentinela/db/schema/plant';
import { parseRows } from '@sentinela/db/sql-helpers';
import {
  MAINTENANCE_KPI_WINDOW_DAYS,
  type MaintenanceKpis,
  type maintenanceKpisInput,
} from '@sentinela/shared/maintenance';
import { sumMoney } from '@sentinela/shared/money';
import { runningHoursSince } from './running-hours';

const DAY_MS = 86_400_000;

const countsRow = z.object({
  scheduled: z.coerce.number(),
  in_progress: z.coerce.number(),
  low: z.coerce.number(),
  medium: z.coerce.number(),
  high: z.coerce.number(),
  urgent: z.coerce.number(),
  overdue: z.coerce.number(),
  this_week: z.coerce.number(),
  completed: z.coerce.number(),
  completed_preventive: z.coerce.number(),
  completed_corrective: z.coerce.number(),
  on_time: z.coerce.number(),
  failures: z.coerce.number(),
  mttr_hours: z.coerce.number().nullable(),
  cost_month: z.string().nullable(),
  total: z.coerce.number(),
  cost_total: z.string().nullable(),
});

/**
 * The maintenance figures, over every order (or a facility's, or an equipment's), each computed as
 * the page says: open by status and priority, overdue (open past its scheduled end), this week's,
 * completed by kind, MTBF (running hours ÷ corrective orders), MTTR (failure to completion), the
 * on-time rate (completed by the end of the scheduled day, facility time), this month's cost, and
 * every order ever and the cost of all completed ones.
 * Week and month are the facility's (São Paulo's for the whole site).
 */
export async function maintenanceKpis(
  db: Database,
  input: z.output<typeof maintenanceKpisInput>,
  now: Date,
): Promise<MaintenanceKpis> {
  const since = new Date(now.getTime() - MAINTENANCE_KPI_WINDOW_DAYS * DAY_MS);
  const scope: SQL[] = [sql`true`];
  if (input.facilityId) scope.push(sql`o.facility_id = ${input.facilityId}`);
  if (input.equipmentId) scope.push(sql`o.equipment_id = ${input.equipmentId}`);
  const where = sql.join(scope, sql` and `);
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const local = (column: SQL) => sql`(${column} at time zone f.timezone)`;
  // The figures and the running hours at once (PostgreSQL runs them on two connections).
  const [result, runningHours] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where o.status = 'scheduled') as scheduled,
        count(*) filter (where o.status = 'in_progress') as in_progress,
        count(*) filter (where o.status in ('scheduled', 'in_progress') and o.priority = 'low') as low,
        count(*) filter (where o.status in ('scheduled', 'in_progress') and o.priority = 'medium') as medium,
        count(*) filter (where o.status in ('scheduled', 'in_progress') and o.priority = 'high') as high,
        count(*) filter (where o.status in ('scheduled', 'in_progress') and o.priority = 'urgent') as urgent,
        count(*) filter (where o.status in ('scheduled', 'in_progress')
          and o.scheduled_at + o.duration_hours * interval '1 hour' < ${nowAt}) as overdue,
        count(*) filter (where o.status <> 'cancelled'
          and date_trunc('week', ${local(sql`o.scheduled_at`)}) = date_trunc('week', ${local(nowAt)})) as this_week,
        count(*) filter (where o.status = 'completed' and o.completed_at >= ${since.toISOString()}::timestamptz) as completed,
        count(*) filter (where o.status = 'completed' and o.kind = 'preventive'
          and o.completed_at >= ${since.toISOString()}::timestamptz) as completed_preventive,
        count(*) filter (where o.status = 'completed' and o.kind = 'corrective'
          and o.completed_at >= ${since.toISOString()}::timestamptz) as completed_corrective,
        count(*) filter (where o.status = 'completed' and o.completed_at >= ${since.toISOString()}::timestamptz
          and ${local(sql`o.completed_at`)} < date_trunc('day', ${local(sql`o.scheduled_at`)}) + interval '1 day') as on_time,
        count(*) filter (where o.kind = 'corrective' and o.status <> 'cancelled'
          and coalesce(a.raised_at, o.created_at) >= ${since.toISOString()}::timestamptz) as failures,
        avg(extract(epoch from o.completed_at - coalesce(a.raised_at, o.created_at)) / 3600)
          filter (where o.kind = 'corrective' and o.status = 'completed'
            and o.completed_at >= ${since.toISOString()}::timestamptz) as mttr_hours,
        (sum(coalesce(o.parts_cost, 0) + coalesce(o.other_cost, 0)) filter (where o.status = 'completed'
          and date_trunc('month', ${local(sql`o.completed_at`)}) = date_trunc('month', ${local(nowAt)})))::text as cost_month,
        count(*) as total,
        (sum(coalesce(o.parts_cost, 0) + coalesce(o.other_cost, 0)) filter (where o.status = 'completed'))::text as cost_total
      from ${workOrders} o
      join ${facilities} f on f.id = o.facility_id
      left join ${alerts} a on a.id = o.alert_id
      where ${where}`),
    scopeRunningHours(db, input, since),
  ]);
  const [row] = parseRows(countsRow, result);
  if (!row) throw new Error('the figures query answers one row');
  return {
    total: row.total,
    open: { total: row.scheduled + row.in_progress, scheduled: row.scheduled, in_progress: row.in_progress },
    openByPriority: { low: row.low, medium: row.medium, high: row.high, urgent: row.urgent },
    overdue: row.overdue,
    scheduledThisWeek: row.this_week,
    completed: {
      total: row.completed,
      preventive: row.completed_preventive,
      corrective: row.completed_corrective,
    },
    mtbfHours: row.failures > 0 ? runningHours / row.failures : null,
    runningHours,
    failures: row.failures,
    mttrHours: row.mttr_hours,
    onTimeRate: row.completed > 0 ? row.on_time / row.completed : null,
    costThisMonth: sumMoney([row.cost_month]),
    costTotal: sumMoney([row.cost_total]),
    windowDays: MAINTENANCE_KPI_WINDOW_DAYS,
  };
}

/** Running hours over the window of the equipment in scope that can fail: motors and HVAC (or the one asked). */
async function scopeRunningHours(
  db: Database,
  input: z.output<typeof maintenanceKpisInput>,
  since: Date,
): Promise<number> {
  const which = input.equipmentId
    ? [input.equipmentId]
    : input.facilityId
      ? sql`e.kind in ('motor', 'hvac') and e.facility_id = ${input.facilityId}`
      : sql`e.kind in ('motor', 'hvac')`;
  const hours = await runningHoursSince(db, which, since);
  return [...hours.values()].reduce((a, b) => a + b, 0);
}
