import { z } from 'zod';
import { pageInput, pageOf } from './page';
import {
  countsOf,
  deviceItemBase,
  deviceListFilters,
  equipmentIdSchema,
  equipmentStatusValues,
  facilityIdSchema,
  roomIdSchema,
} from './plant';

// The motors page (/motors): summary cards, the server-paged list with each motor's latest
// readings, the motor's command history and the facility/room filter options.

export const MOTORS_PAGE_SIZE_MAX = 200;
export const MOTOR_COMMANDS_MAX = 50;

/** The metrics a motor publishes (virtual plant and real drives alike): °C, mm/s, A, %, rpm, kW. */
export type MotorMetric = 'temperature' | 'vibration' | 'current' | 'efficiency' | 'rpm' | 'powerKw';

export const motorPowerFilters = ['on', 'off'] as const;

/** Where the summary looks (the whole site when neither is given). */
export const motorScopeInput = z
  .object({ facilityId: facilityIdSchema.optional(), roomId: roomIdSchema.optional() })
  .default({});

export const motorListInput = z
  .object({
    ...deviceListFilters,
    /** The motor's confirmed control state. */
    power: z.enum(motorPowerFilters).optional(),
    ...pageInput(25, MOTORS_PAGE_SIZE_MAX),
  })
  .default({ search: undefined, page: 1, pageSize: 25 });

export const motorCommandsInput = z.object({
  id: equipmentIdSchema,
  limit: z.number().int().min(1).max(MOTOR_COMMANDS_MAX).default(10),
});

const reading = z.number().nullable();

export const motorReadingsSchema = z.object({
  temperature: reading,
  vibration: reading,
  current: reading,
  /** Only when the motor's newest message carried it: a stopped motor reports none. */
  efficiency: reading,
  rpm: reading,
  powerKw: reading,
});
export type MotorReadings = z.infer<typeof motorReadingsSchema>;

export const motorItemSchema = deviceItemBase.extend({
  /** The last state the device confirmed (equipment.state.on). */
  on: z.boolean(),
  /** Nameplate values: powerKw, currentA, rpm, voltageV, efficiency. */
  rated: z.record(z.string(), z.number()),
  lastSeenAt: z.date().nullable(),
  /** When the newest of the readings was taken. */
  readingsAt: z.date().nullable(),
  readings: motorReadingsSchema,
});
export type MotorItem = z.infer<typeof motorItemSchema>;

export const motorListOutput = pageOf(motorItemSchema);

export const motorSummaryOutput = z.object({
  total: z.number().int(),
  byStatus: countsOf(equipmentStatusValues),
  /** Online and switched on (confirmed state). */
  operating: z.number().int(),
  /** Mean of the latest temperature of the online motors, °C. */
  averageTemperature: z.number().nullable(),
  temperatureCount: z.number().int(),
  /** Mean of the latest efficiency of the operating motors that reported one, %. */
  averageEfficiency: z.number().nullable(),
  efficiencyCount: z.number().int(),
  /** Sum of the latest active power of the online motors, kW. */
  totalPowerKw: z.number(),
  /** Sum of the nameplate power of all the motors in scope, kW. */
  ratedPowerKw: z.number(),
  readingsAt: z.date().nullable(),
});
export type MotorSummary = z.infer<typeof motorSummaryOutput>;

export const motorCommandSchema = z.object({
  id: z.string(),
  action: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(['pending', 'confirmed', 'failed', 'timeout']),
  requestedAt: z.date(),
  completedAt: z.date().nullable(),
  error: z.string().nullable(),
  /** A refusal's reason as a code the client translates; null when the device gave none. */
  errorCode: z.string().nullable(),
  /** Null when the system (a schedule, the demo history) sent it or the user is gone. */
  requestedByName: z.string().nullable(),
});
export type MotorCommand = z.infer<typeof motorCommandSchema>;
export const motorCommandsOutput = z.array(motorCommandSchema);

export const motorLocationsOutput = z.array(
  z.object({
    facilityId: z.string(),
    facilityName: z.string(),
    roomId: z.string().nullable(),
    roomName: z.string().nullable(),
    count: z.number().int(),
  }),
);
export type MotorLocation = z.infer<typeof motorLocationsOutput>[number];
