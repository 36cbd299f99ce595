import { z } from 'zod';
import { pageInput } from './page';
import { timeInput } from './time-input';

export const equipmentKindValues = ['motor', 'light', 'hvac', 'meter', 'server', 'sensor', 'gateway'] as const;
export const equipmentStatusValues = ['online', 'offline', 'maintenance', 'error'] as const;
export type EquipmentKind = (typeof equipmentKindValues)[number];
export type EquipmentStatus = (typeof equipmentStatusValues)[number];

/** A device id: lower-case letters, digits and dashes. */
export const equipmentIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/, 'validation.equipmentId');

// guid, not uuid: any 8-4-4-4-12 hex id PostgreSQL accepts (seeded rows need not be RFC 4122).
export const facilityIdSchema = z.guid('validation.facilityId');
export const roomIdSchema = z.guid('validation.roomId');

/** An object of integer counts, one per key: `countsOf(['total', ...equipmentStatusValues])`. */
export function countsOf<const K extends readonly string[]>(keys: K) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.number().int()]));
  return z.object(shape as Record<K[number], z.ZodNumber>);
}

/** What every device list item carries: who it is, its status and where it is. */
export const deviceItemBase = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(equipmentStatusValues),
  location: z.string().nullable(),
  facilityId: z.string(),
  facilityName: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  /** The work order in progress that locks it out: no command reaches it (null: none). */
  lockedBy: z.string().nullable(),
});

/**
 * The filters of a device kind's list (motors, HVAC): a search (blank means none), a status and
 * where. Spread into the kind's input beside its own filters and `pageInput`.
 */
export const deviceListFilters = {
  search: z
    .string()
    .trim()
    .max(120)
    .optional()
    .transform((s) => (s ? s : undefined)),
  status: z.enum(equipmentStatusValues).optional(),
  facilityId: facilityIdSchema.optional(),
  roomId: roomIdSchema.optional(),
};

export const equipmentListInput = z
  .object({
    search: z.string().trim().max(120).optional(),
    status: z.enum(equipmentStatusValues).optional(),
    kind: z.enum(equipmentKindValues).optional(),
    facilityId: z.uuid().optional(),
    roomId: z.uuid().optional(),
    ...pageInput(50, 500),
  })
  .default({ page: 1, pageSize: 50 });

export const telemetryLatestInput = z
  .object({ equipmentIds: z.array(equipmentIdSchema).max(1000).optional() })
  .default({});

export const telemetrySeriesInput = z
  .object({
    equipmentId: equipmentIdSchema,
    metric: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,47}$/, 'validation.metric'),
    from: timeInput,
    to: timeInput,
    maxPoints: z.number().int().min(2).max(5000).default(500),
  })
  .refine((v) => v.from < v.to, { message: 'validation.timeRange', path: ['to'] })
  .refine((v) => v.to.getTime() - v.from.getTime() <= 400 * 24 * 3600 * 1000, {
    message: 'validation.timeRange',
    path: ['from'],
  });

export const setPowerInput = z.object({ id: equipmentIdSchema, on: z.boolean() });

export const lightModeValues = ['normal', 'eco', 'boost'] as const;
export const lightSetInput = z
  .object({
    id: equipmentIdSchema,
    on: z.boolean().optional(),
    brightness: z.number().int().min(0).max(100).optional(),
    mode: z.enum(lightModeValues).optional(),
  })
  .refine(
    (v) => v.on !== undefined || v.brightness !== undefined || v.mode !== undefined,
    'validation.nothingToChange',
  );

export const lightsBulkActions = ['allOn', 'allOff', 'eco', 'max'] as const;
export const lightsBulkInput = z.object({
  action: z.enum(lightsBulkActions),
  facilityId: z.uuid().optional(),
  roomId: z.uuid().optional(),
});

export const setpointInput = z.object({ id: equipmentIdSchema, setpoint: z.number().min(10).max(35) });

/** How one device command ended: the device's ack (confirmed / refused) or no answer in time. */
export const commandResultSchema = z.object({
  commandId: z.string(),
  equipmentId: z.string(),
  status: z.enum(['confirmed', 'failed', 'timeout']),
  /** The device's control state after a confirmed command. */
  state: z.record(z.string(), z.unknown()).optional(),
  /** A refusal's reason as a code the client translates (DeviceRefusalCode, or the device's own). */
  code: z.string().optional(),
  /** A refusal's reason in the device's words (shown when the code is unknown or missing). */
  error: z.string().optional(),
});
export type CommandResultOutput = z.infer<typeof commandResultSchema>;

/** Why a command that would switch on (or raise) a device was not sent: the device's status. */
export const unsafeStatusValues = ['maintenance', 'error'] as const;
export type UnsafeStatus = (typeof unsafeStatusValues)[number];

/** Why a command was not sent: switching on in an unsafe status, or any command under a lockout. */
export const skipReasonValues = [...unsafeStatusValues, 'lockout'] as const;
export type SkipReason = (typeof skipReasonValues)[number];

/**
 * How a command sent to many devices ended, counted by outcome; the devices it was not sent to
 * (switching on one in maintenance or error, or any command to one locked out by a work order in
 * progress, `order` naming it) are listed with the reason.
 */
export const bulkCommandResultSchema = countsOf(['total', 'confirmed', 'failed', 'timeout']).extend({
  skipped: z.array(
    z.object({
      equipmentId: z.string(),
      name: z.string(),
      reason: z.enum(skipReasonValues),
      order: z.string().optional(),
    }),
  ),
});
export type BulkCommandResult = z.infer<typeof bulkCommandResultSchema>;

/** The newest value of one metric of one device. */
export const telemetryLatestOutput = z.array(
  z.object({ equipmentId: z.string(), metric: z.string(), ts: z.date(), value: z.number() }),
);

export const seriesSources = ['raw', '1m', '1h'] as const;
export type SeriesSource = (typeof seriesSources)[number];

/** A metric's history, downsampled: one point per bucket (average, minimum, maximum, how many). */
export const telemetrySeriesOutput = z.object({
  source: z.enum(seriesSources),
  bucketSeconds: z.number(),
  points: z.array(
    z.object({ ts: z.date(), avg: z.number(), min: z.number(), max: z.number(), count: z.number().int() }),
  ),
});
