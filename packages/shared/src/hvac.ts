import { z } from 'zod';
import { pageInput, pageOf } from './page';
import { deviceItemBase, deviceListFilters, equipmentIdSchema, facilityIdSchema } from './plant';

// HVAC & Clima (/hvac): the units with their readings and set-points, a summary, and the
// climate of every room that has HVAC units or sensors.

/** The set-points a unit accepts, °C (the devices refuse anything outside). */
export const SETPOINT_MIN_C = 10;
export const SETPOINT_MAX_C = 35;
export const HVAC_PAGE_SIZE_MAX = 200;

/** A set-point change, always in °C (the English UI converts from °F before sending). */
export const hvacSetpointInput = z.object({
  id: equipmentIdSchema,
  setpoint: z
    .number('validation.setpointRange')
    .min(SETPOINT_MIN_C, 'validation.setpointRange')
    .max(SETPOINT_MAX_C, 'validation.setpointRange'),
});

export const hvacPowerInput = z.object({ id: equipmentIdSchema, on: z.boolean() });

export const hvacListInput = z
  .object({
    ...deviceListFilters,
    ...pageInput(25, HVAC_PAGE_SIZE_MAX),
  })
  .default({ search: undefined, page: 1, pageSize: 25 });

export const hvacScopeInput = z.object({ facilityId: facilityIdSchema.optional() }).default({});

export const hvacRoomsInput = z
  .object({
    facilityId: facilityIdSchema.optional(),
    ...pageInput(24, HVAC_PAGE_SIZE_MAX),
  })
  .default({ page: 1, pageSize: 24 });

const reading = z.number().nullable();

export const setpointLimitsSchema = z.object({ min: z.number(), max: z.number() });

export const hvacReadingsSchema = z.object({
  supplyTemp: reading,
  returnTemp: reading,
  /** The set-point the unit reported with its last readings. */
  setpoint: reading,
  humidity: reading,
  powerKw: reading,
});
export type HvacReadings = z.infer<typeof hvacReadingsSchema>;

export const hvacItemSchema = deviceItemBase.extend({
  /** The last confirmed control state (equipment.state). */
  on: z.boolean().nullable(),
  mode: z.string().nullable(),
  /** Confirmed set-point, °C (the reported one when none was ever confirmed). */
  setpoint: z.number().nullable(),
  /** Nameplate: coolingKw, powerKw. */
  rated: z.record(z.string(), z.number()),
  readingsAt: z.date().nullable(),
  readings: hvacReadingsSchema,
});
export type HvacItem = z.infer<typeof hvacItemSchema>;

export const hvacListOutput = pageOf(hvacItemSchema).extend({ setpointLimits: setpointLimitsSchema });

export const hvacSummaryOutput = z.object({
  total: z.number().int(),
  online: z.number().int(),
  /** Online and switched on. */
  running: z.number().int(),
  /** Means over the running units (supply air of a stopped unit is only room air), °C. */
  averageSupplyTemp: reading,
  averageSetpoint: reading,
  /** Means over the online units, °C and %. */
  averageReturnTemp: reading,
  averageHumidity: reading,
  /** Sum over the online units, kW. */
  totalPowerKw: z.number(),
  readingsAt: z.date().nullable(),
  setpointLimits: setpointLimitsSchema,
});
export type HvacSummary = z.infer<typeof hvacSummaryOutput>;

export const roomClimateSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  roomKind: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  hvacCount: z.number().int(),
  hvacRunning: z.number().int(),
  sensorCount: z.number().int(),
  /** Return air of the room's online HVAC units; the sensors' reading when it has no unit online. */
  temperature: reading,
  temperatureSource: z.enum(['hvac', 'sensor']).nullable(),
  humidity: reading,
  /** Mean set-point of the room's units, °C. */
  setpoint: reading,
  readingsAt: z.date().nullable(),
});
export type RoomClimate = z.infer<typeof roomClimateSchema>;

export const hvacRoomsOutput = pageOf(roomClimateSchema);

export const hvacLocationsOutput = z.array(
  z.object({ facilityId: z.string(), facilityName: z.string(), count: z.number().int() }),
);
