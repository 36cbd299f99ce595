import { z } from 'zod';
import { alertMessageParamsSchema, alertSeverities, alertStatuses } from './alerts';
import { equipmentStatusValues } from './plant';

/** The dashboard's recent alerts: the newest open ones. */
export const RECENT_ALERTS = 5;
/** The dashboard's energy chart covers this many days (spec §9). */
export const DASHBOARD_ENERGY_DAYS = 7;
export const DASHBOARD_ENERGY_MAX_DAYS = 31;

const count = z.number().int().min(0);

export const dashboardSummaryOutput = z.object({
  equipment: z.object({
    total: count,
    byStatus: z.object({ online: count, offline: count, maintenance: count, error: count }),
  }),
  alerts: z.object({
    /** Raised and not yet acknowledged: what needs someone now. */
    active: count,
    activeCritical: count,
    /** Active or acknowledged (not cleared). */
    open: count,
  }),
  /** Work orders scheduled this week (Monday to Sunday, facility time; not cancelled), and of them those still open. */
  maintenance: z.object({ scheduledThisWeek: count, openThisWeek: count }),
  /** The newest open alerts. */
  recentAlerts: z.array(
    z.object({
      id: z.string(),
      severity: z.enum(alertSeverities),
      status: z.enum(alertStatuses),
      /** Portuguese: the fallback when there is no key (as an alert item's). */
      message: z.string(),
      messageKey: z.string().nullable(),
      messageParams: alertMessageParamsSchema.nullable(),
      /** The four are null for a site alert (no equipment); the time zone is its facility's. */
      equipmentId: z.string().nullable(),
      equipmentName: z.string().nullable(),
      facilityName: z.string().nullable(),
      facilityTimezone: z.string().nullable(),
      raisedAt: z.date(),
    }),
  ),
  health: z.object({
    database: z.object({
      reachable: z.boolean(),
      kind: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().nullable(),
    }),
    /** The server's MQTT link (command gateway) exists: a broker is configured and started. */
    broker: z.enum(['available', 'unavailable']),
    /** From the newest time any device was heard: receiving within the silence window, else stale; none ever. */
    ingest: z.enum(['receiving', 'stale', 'none']),
    lastDataAt: z.date().nullable(),
    /** Devices not heard from for SILENT_AFTER_SECONDS (or never). */
    silentDevices: count,
    silentAfterSeconds: z.number().int(),
  }),
  generatedAt: z.date(),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryOutput>;

export const dashboardMotorsOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    facilityName: z.string(),
    /** The facility's IANA time zone: the motor's times show in it. */
    facilityTimezone: z.string(),
    status: z.enum(equipmentStatusValues),
  }),
);
export type DashboardMotor = z.infer<typeof dashboardMotorsOutput>[number];

export const dashboardEnergyInput = z
  .object({
    days: z
      .number('validation.dashboardDays')
      .int('validation.dashboardDays')
      .min(1, 'validation.dashboardDays')
      .max(DASHBOARD_ENERGY_MAX_DAYS, 'validation.dashboardDays')
      .default(DASHBOARD_ENERGY_DAYS),
  })
  .default({ days: DASHBOARD_ENERGY_DAYS });

const period = z.object({
  from: z.date(),
  to: z.date(),
  kwh: z.number(),
  /** kWh × the tariff of each hour (peak or off-peak); null without a tariff. */
  costBRL: z.number().nullable(),
});

export const dashboardEnergyOutput = z.object({
  /** The site's time zone: days and months are counted in it. */
  timezone: z.string(),
  /** Oldest first; the last is today (so far). kWh null: no meter data that day. */
  days: z.array(z.object({ day: z.iso.date(), kwh: z.number().nullable(), partial: z.boolean() })),
  /** Which meters were summed: a facility's main meter, or its room meters when it has none. */
  meters: z.object({ main: count, sub: count }),
  month: z
    .object({
      /** The 1st of this month, 00:00 local. */
      monthStart: z.date(),
      /** All of this month so far. */
      monthToDateKwh: z.number(),
      /**
       * The compared windows: this month from `current.from` to now, and the same span `shiftDays`
       * earlier (whole weeks: the same number of days and the same weekdays).
       */
      current: period,
      previous: period.extend({ kwh: z.number().nullable() }),
      shiftDays: z.number().int(),
      /** The windows start after the 1st because one month's data starts later (history, outage). */
      limitedByHistory: z.boolean(),
      /** (current − previous) / previous × 100; null without last month's data. */
      changePercent: z.number().nullable(),
    })
    .nullable(),
  /** The energy tariff the costs use (settings key `energyTariff`); null: no cost. */
  tariff: z
    .object({ peakRate: z.number(), offPeakRate: z.number(), peakStart: z.string(), peakEnd: z.string() })
    .nullable(),
});
export type DashboardEnergy = z.infer<typeof dashboardEnergyOutput>;
