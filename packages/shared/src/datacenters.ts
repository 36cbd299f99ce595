import { z } from 'zod';

/** Kept in step with the database enum (the shared package never imports the database). */
export const dataCenterFunctions = ['primary', 'disaster-recovery', 'edge'] as const;
export type DataCenterFunction = (typeof dataCenterFunctions)[number];

/**
 * A site's status from its racks: every rack online → online; some not → degraded; none online
 * (or no racks at all) → offline.
 */
export const dataCenterStatuses = ['online', 'degraded', 'offline'] as const;
export type DataCenterStatus = (typeof dataCenterStatuses)[number];

export const DEFAULT_UPTIME_DAYS = 30;
/** PUE is averaged over this many hours of the hourly rollups. */
export const PUE_WINDOW_HOURS = 24;

export const dataCentersOverviewInput = z
  .object({
    uptimeDays: z
      .number('validation.uptimeDays')
      .int('validation.uptimeDays')
      .min(1, 'validation.uptimeDays')
      .max(365, 'validation.uptimeDays')
      .default(DEFAULT_UPTIME_DAYS),
  })
  .default({ uptimeDays: DEFAULT_UPTIME_DAYS });

export const dataCenterSiteSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  function: z.enum(dataCenterFunctions),
  ipAddress: z.string(),
  facility: z.object({ id: z.string(), name: z.string(), city: z.string() }).nullable(),
  status: z.enum(dataCenterStatuses),
  /** Server/rack equipment of the facility. */
  servers: z.number().int(),
  serversOnline: z.number().int(),
  /**
   * Share of the window the racks were up (0…1): 1 − (rack time offline or in error, from the
   * status history; maintenance is planned, not down) ÷ (racks × window). Null without racks.
   */
  uptime: z.number().nullable(),
  /** Rack-minutes down (offline or in error) within the window. */
  downtimeMinutes: z.number(),
  /** Mean power of the racks (IT) over the PUE window, kW; null without readings. */
  itPowerKw: z.number().nullable(),
  /** Mean power of the server rooms' meters (racks + cooling + lights + losses) over the same window, kW. */
  facilityPowerKw: z.number().nullable(),
  /** facilityPowerKw ÷ itPowerKw; null when either is missing. */
  pue: z.number().nullable(),
  /** Open alerts on the racks and on the equipment of the server rooms. */
  openAlerts: z.number().int(),
});
export type DataCenterSite = z.infer<typeof dataCenterSiteSchema>;

export const dataCenterLinkKinds = ['replication', 'edge-sync'] as const;
export type DataCenterLinkKind = (typeof dataCenterLinkKinds)[number];

export const dataCenterLinkSchema = z.object({
  /** The primary site. */
  from: z.string(),
  to: z.string(),
  /** primary ↔ disaster recovery: replication; primary ↔ edge: edge sync. */
  kind: z.enum(dataCenterLinkKinds),
  /** The worse of its two ends. */
  status: z.enum(dataCenterStatuses),
});
export type DataCenterLink = z.infer<typeof dataCenterLinkSchema>;

export const dataCentersOverviewOutput = z.object({
  summary: z.object({
    total: z.number().int(),
    /** Distinct regions with a site not offline. */
    activeRegions: z.number().int(),
    regions: z.number().int(),
    servers: z.number().int(),
    /** Mean of the sites' uptimes (sites with racks); null when none. */
    averageUptime: z.number().nullable(),
  }),
  sites: z.array(dataCenterSiteSchema),
  links: z.array(dataCenterLinkSchema),
  uptimeDays: z.number().int(),
  pueWindowHours: z.number().int(),
  /** When the figures were computed. */
  at: z.date(),
});
export type DataCentersOverview = z.infer<typeof dataCentersOverviewOutput>;
