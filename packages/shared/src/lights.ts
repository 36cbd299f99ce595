import { z } from 'zod';
import { pageInput, pageOf } from './page';
import { deviceItemBase, lightModeValues } from './plant';
import { clockTimeSchema, energyRatesSchema } from './settings';

/** The lighting page (/lights): its queries, its schedules, and what they answer. */

export const LIGHTS_PAGE_SIZE_MAX = 100;
export const SCHEDULES_PAGE_SIZE_MAX = 100;
/** The window the savings figure covers. */
export const SAVINGS_WINDOW_DAYS = 30;

// guid, not uuid: any 8-4-4-4-12 hex id PostgreSQL accepts.
const facilityId = z.guid();
const roomId = z.guid();

/** Which lights: a facility, a room of it, or the whole site. */
export const lightsScopeInput = z.object({ facilityId: facilityId.optional(), roomId: roomId.optional() }).default({});

export const lightsListInput = z
  .object({
    facilityId: facilityId.optional(),
    roomId: roomId.optional(),
    search: z.string().trim().max(120).optional(),
    /** The confirmed control state (what the last acknowledged command left). */
    state: z.enum(['on', 'off']).optional(),
    ...pageInput(25, LIGHTS_PAGE_SIZE_MAX),
  })
  .default({ page: 1, pageSize: 25 });

export const lightItemSchema = deviceItemBase.extend({
  /** Nameplate power, W (null when the nameplate does not say). */
  ratedW: z.number().nullable(),
  /** The last confirmed control state. */
  on: z.boolean(),
  brightness: z.number(),
  mode: z.enum(lightModeValues),
  /** The newest readings (telemetry_latest); null when the light never reported one. */
  reading: z.object({
    on: z.boolean().nullable(),
    brightness: z.number().nullable(),
    powerW: z.number().nullable(),
    ts: z.date().nullable(),
  }),
});
export type LightItem = z.infer<typeof lightItemSchema>;

export const lightsListOutput = pageOf(lightItemSchema);

export const lightsSummaryOutput = z.object({
  total: z.number(),
  /** Lights not silent: the figures below count only these (a silent light's last value is stale). */
  reporting: z.number(),
  offline: z.number(),
  on: z.number(),
  /** Average brightness of the lights that are on, % (null when none is on). */
  averageBrightness: z.number().nullable(),
  /** Sum of the newest power readings, kW. */
  powerKw: z.number(),
  /** Lights whose confirmed mode is eco / boost. */
  eco: z.number(),
  boost: z.number(),
});
export type LightsSummary = z.infer<typeof lightsSummaryOutput>;

export const lightsSavingsOutput = z.object({
  /** The window covered: 30 days back from now, or less while the history is still being read. */
  from: z.date(),
  to: z.date(),
  /** False while the server is still reading the window's history (ask again shortly). */
  complete: z.boolean(),
  /** The first hour with readings inside the window (null: no readings yet). */
  since: z.date().nullable(),
  /** Energy not drawn thanks to reduced brightness, kWh, split by tariff period. */
  savedKwh: z.number(),
  peakKwh: z.number(),
  offPeakKwh: z.number(),
  /** What that energy would have cost, BRL. */
  amount: z.number(),
  /** Light-hours spent on at reduced brightness (eco or dimmed). */
  dimmedHours: z.number(),
  tariff: energyRatesSchema,
});
export type LightsSavings = z.infer<typeof lightsSavingsOutput>;

export const lightRoomsOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    timezone: z.string(),
    rooms: z.array(z.object({ id: z.string(), name: z.string(), lights: z.number() })),
  }),
);
export type LightFacilities = z.infer<typeof lightRoomsOutput>;

/** 0 = Sunday … 6 = Saturday (as JavaScript's getDay and PostgreSQL's dow). */
export const weekdayValues = [0, 1, 2, 3, 4, 5, 6] as const;

const scheduleDays = z
  .array(z.number().int().min(0).max(6), 'validation.scheduleDays')
  .min(1, 'validation.scheduleDays')
  .max(7, 'validation.scheduleDays')
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));

const scheduleFields = z.object({
  roomId,
  onTime: clockTimeSchema,
  offTime: clockTimeSchema,
  days: scheduleDays,
  /** The brightness the lights come on with, %. */
  brightness: z.number().int().min(1).max(100).default(100),
  enabled: z.boolean().default(true),
});

const differentTimes = (v: { onTime: string; offTime: string }) => v.onTime !== v.offTime;
const sameTimesIssue = { message: 'validation.scheduleSameTimes', path: ['offTime'] };

export const lightScheduleCreateInput = scheduleFields.refine(differentTimes, sameTimesIssue);
export const lightScheduleUpdateInput = scheduleFields.extend({ id: z.guid() }).refine(differentTimes, sameTimesIssue);
export const lightScheduleDeleteInput = z.object({ id: z.guid() });
export type LightScheduleFields = z.input<typeof lightScheduleCreateInput>;

export const lightSchedulesListInput = z
  .object({
    facilityId: facilityId.optional(),
    roomId: roomId.optional(),
    ...pageInput(20, SCHEDULES_PAGE_SIZE_MAX),
  })
  .default({ page: 1, pageSize: 20 });

export const lightScheduleSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  roomName: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  timezone: z.string(),
  lights: z.number(),
  onTime: z.string(),
  offTime: z.string(),
  days: z.array(z.number()),
  brightness: z.number(),
  enabled: z.boolean(),
  lastOnAt: z.date().nullable(),
  lastOffAt: z.date().nullable(),
  updatedAt: z.date(),
});
export type LightSchedule = z.infer<typeof lightScheduleSchema>;

export const lightSchedulesListOutput = pageOf(lightScheduleSchema);

/** The schedule that was deleted. */
export const lightScheduleDeleteOutput = z.object({ id: z.string() });
