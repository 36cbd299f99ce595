import { sql, type SQL } from 'drizzle-orm';
import { powerSources, type CurrentPower, type OpenAlertCounts, type StatusCounts } from '@sentinela/shared/equipment';
import { z } from 'zod';
import { sqlCount, sqlNumber, sqlTimestamp } from './sql-values';

/** Columns total, online, offline, maintenance and error: the devices of `equipment e` by status. */
export const statusCountColumns = sql`count(*)::int as total,
             (count(*) filter (where e.status = 'online'))::int as online,
             (count(*) filter (where e.status = 'offline'))::int as offline,
             (count(*) filter (where e.status = 'maintenance'))::int as maintenance,
             (count(*) filter (where e.status = 'error'))::int as error`;

/** The row fields of `statusCountColumns` (null, as from an outer join, counts 0). */
export const statusCountsRow = {
  total: sqlCount,
  online: sqlCount,
  offline: sqlCount,
  maintenance: sqlCount,
  error: sqlCount,
};

export const statusCountsOf = (row: StatusCounts): StatusCounts => ({
  total: row.total,
  online: row.online,
  offline: row.offline,
  maintenance: row.maintenance,
  error: row.error,
});

/**
 * A CTE body: open alerts (not cleared) by severity, per `group` of the alerting device
 * (`room_id` or `facility_id`), for the ids of the CTE `scope`. Columns: the group, total,
 * critical, warning, info.
 */
export function openAlertsBy(group: 'room_id' | 'facility_id'): SQL {
  const column = sql.raw(`e.${group}`);
  return sql`select ${column},
             count(*)::int as total,
             (count(*) filter (where a.severity = 'critical'))::int as critical,
             (count(*) filter (where a.severity = 'warning'))::int as warning,
             (count(*) filter (where a.severity = 'info'))::int as info
        from alerts a
        join equipment e on e.id = a.equipment_id
       where a.status <> 'cleared' and ${column} in (select id from scope)
       group by ${column}`;
}

/** The row fields of open alerts, as `alerts_total`, `alerts_critical`… beside other columns. */
export const alertCountsRow = {
  alerts_total: sqlCount,
  alerts_critical: sqlCount,
  alerts_warning: sqlCount,
  alerts_info: sqlCount,
};

type AlertCountsRow = z.output<z.ZodObject<typeof alertCountsRow>>;

export const alertCountsOf = (row: AlertCountsRow): OpenAlertCounts => ({
  total: row.alerts_total,
  critical: row.alerts_critical,
  warning: row.alerts_warning,
  info: row.alerts_info,
});

/** The row fields of a place's power now, as `power_kw`, `power_source` and `power_as_of` beside other columns. */
export const currentPowerRow = {
  power_kw: sqlNumber,
  power_source: z.enum(powerSources).nullable(),
  power_as_of: sqlTimestamp,
};

type CurrentPowerRow = z.output<z.ZodObject<typeof currentPowerRow>>;

export const currentPowerOf = (row: CurrentPowerRow): CurrentPower => ({
  kw: row.power_kw,
  source: row.power_source,
  asOf: row.power_as_of,
});

/** Where a place's power can come from: its name and the columns of its kW and time (trusted SQL text). */
interface PowerColumns {
  source: (typeof powerSources)[number];
  kw: string;
  ts: string;
}

/** Columns power_kw, power_source and power_as_of: the first source when it reports (kW not null), else the second. */
export function currentPowerColumns(first: PowerColumns, second: PowerColumns): SQL {
  const [kw1, kw2] = [sql.raw(first.kw), sql.raw(second.kw)];
  const [ts1, ts2] = [sql.raw(first.ts), sql.raw(second.ts)];
  const [source1, source2] = [sql.raw(`'${first.source}'`), sql.raw(`'${second.source}'`)];
  return sql`coalesce(${kw1}, ${kw2}) as power_kw,
             case when ${kw1} is not null then ${source1} when ${kw2} is not null then ${source2} end as power_source,
             case when ${kw1} is not null then ${ts1} else ${ts2} end as power_as_of`;
}

/** The row fields of what a room or a facility shows: its equipment by status, its power now and its open alerts. */
export const placeFiguresRow = { ...statusCountsRow, ...currentPowerRow, ...alertCountsRow };

export const placeFiguresOf = (row: z.output<z.ZodObject<typeof placeFiguresRow>>) => ({
  equipment: statusCountsOf(row),
  power: currentPowerOf(row),
  openAlerts: alertCountsOf(row),
});

/**
 * The count columns of a rooms' or facilities' stats row: the status counts of the `counts`
 * CTE joined as `c` and the open alerts of the `open_alerts` CTE joined as `o`.
 */
export const joinedCountColumns = sql`c.total, c.online, c.offline, c.maintenance, c.error,
             o.total as alerts_total, o.critical as alerts_critical, o.warning as alerts_warning, o.info as alerts_info`;

/** Columns summing status counts, current power and open alerts over stats rows (a page's summary). */
export const statsSums = sql`sum(total)::int as total, sum(online)::int as online, sum(offline)::int as offline,
             sum(maintenance)::int as maintenance, sum(error)::int as error,
             sum(power_kw)::float8 as power_kw,
             sum(alerts_total)::int as alerts_total, sum(alerts_critical)::int as alerts_critical,
             sum(alerts_warning)::int as alerts_warning, sum(alerts_info)::int as alerts_info`;

/** The row fields of `statsSums`. */
export const statsSumsRow = { ...statusCountsRow, power_kw: sqlNumber, ...alertCountsRow };

/** The summary figures shared by the rooms and facilities pages. */
export const statsSummaryOf = (row: z.output<z.ZodObject<typeof statsSumsRow>>) => ({
  equipment: statusCountsOf(row),
  /** Sum of the current power (rows without a figure count as nothing). */
  powerKw: row.power_kw,
  openAlerts: alertCountsOf(row),
});
