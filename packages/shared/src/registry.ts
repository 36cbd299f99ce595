import { z } from 'zod';
import { equipmentIdSchema, equipmentKindValues, facilityIdSchema, roomIdSchema, type EquipmentKind } from './plant';
import { optionalNumber, optionalText, requiredText } from './fields';
import { METRIC_NAME } from './telemetry';

/**
 * The plant registry: what an administrator writes to describe a real site (facilities, rooms,
 * equipment). The forms and the server validate with these same schemas; each refusal names a
 * message key (messages.ts) so it reads in the user's language.
 */

export const roomKindValues = [
  'production',
  'utility',
  'office',
  'warehouse',
  'server-room',
  'cold-storage',
  'outdoor',
] as const;
export type RoomKind = (typeof roomKindValues)[number];

/** A facility's code: the `<site>` of its MQTT topics. */
export const facilityCodeSchema = z
  .string()
  .trim()
  .min(2, 'validation.facilityCode')
  .max(32, 'validation.facilityCode')
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'validation.facilityCode');

/** An IANA time zone this runtime knows (America/Sao_Paulo, UTC…). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1, 'validation.timeZone')
  .max(64, 'validation.timeZone')
  .refine(isTimeZone, 'validation.timeZone');

export function isTimeZone(value: string): boolean {
  // Offsets such as "+03:00" are accepted by Intl but are not zones: a site keeps daylight rules.
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const facilityFields = z
  .object({
    name: requiredText(120),
    address: optionalText(200),
    city: requiredText(80),
    state: optionalText(40),
    latitude: optionalNumber(-90, 90),
    longitude: optionalNumber(-180, 180),
    timezone: timeZoneSchema,
  })
  .refine((f) => (f.latitude == null) === (f.longitude == null), {
    message: 'validation.coordinates',
    path: ['longitude'],
  });

export const facilityCreateInput = facilityFields.and(z.object({ code: facilityCodeSchema }));
/** The code is not edited: the site's devices publish under it. */
export const facilityUpdateInput = facilityFields.and(z.object({ id: facilityIdSchema }));
export const facilityIdInput = z.object({ id: facilityIdSchema });

export const facilityRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
});
export type FacilityRecord = z.infer<typeof facilityRecordSchema>;

/** Climate set-points a room's HVAC may be given, °C. */
export const ROOM_SETPOINT_MIN = 5;
export const ROOM_SETPOINT_MAX = 35;

export const roomFields = z
  .object({
    facilityId: facilityIdSchema,
    name: requiredText(120),
    kind: z.enum(roomKindValues, 'validation.roomKind'),
    areaM2: optionalNumber(0.1, 1_000_000),
    setpointMin: optionalNumber(ROOM_SETPOINT_MIN, ROOM_SETPOINT_MAX),
    setpointMax: optionalNumber(ROOM_SETPOINT_MIN, ROOM_SETPOINT_MAX),
  })
  .refine((r) => r.setpointMin == null || r.setpointMax == null || r.setpointMin < r.setpointMax, {
    message: 'validation.setpointOrder',
    path: ['setpointMax'],
  });

export const roomCreateInput = roomFields;
export const roomUpdateInput = roomFields.and(z.object({ id: roomIdSchema }));
export const roomIdInput = z.object({ id: roomIdSchema });

export const roomRecordSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  name: z.string(),
  kind: z.string(),
  areaM2: z.number().nullable(),
  setpointMin: z.number().nullable(),
  setpointMax: z.number().nullable(),
});
export type RoomRecord = z.infer<typeof roomRecordSchema>;

/** Every equipment kind the registry knows. */
export const registryKindValues = equipmentKindValues;

/** One nameplate value of a kind: its key in `rated`, its unit, its bounds. */
export interface NameplateField {
  key: string;
  unit: string;
  min: number;
  max: number;
  /** Whole numbers only (rpm, IE class). */
  integer?: boolean;
}

/** The nameplate data each kind carries (motors: rated kW, voltage, current, rpm, IE class…). */
export const nameplateFields: Record<EquipmentKind, readonly NameplateField[]> = {
  motor: [
    { key: 'powerKw', unit: 'kW', min: 0.01, max: 100_000 },
    { key: 'voltageV', unit: 'V', min: 1, max: 100_000 },
    { key: 'currentA', unit: 'A', min: 0.01, max: 100_000 },
    { key: 'rpm', unit: 'rpm', min: 1, max: 100_000, integer: true },
    { key: 'ieClass', unit: 'IE', min: 1, max: 5, integer: true },
  ],
  light: [{ key: 'powerW', unit: 'W', min: 0.1, max: 100_000 }],
  hvac: [
    { key: 'coolingKw', unit: 'kW', min: 0.1, max: 100_000 },
    { key: 'powerKw', unit: 'kW', min: 0.01, max: 100_000 },
  ],
  meter: [
    { key: 'ctRatio', unit: ':5', min: 1, max: 100_000 },
    { key: 'maxKw', unit: 'kW', min: 0.1, max: 1_000_000 },
    { key: 'voltageV', unit: 'V', min: 1, max: 100_000 },
  ],
  server: [{ key: 'powerKw', unit: 'kW', min: 0.01, max: 10_000 }],
  sensor: [],
  gateway: [],
};

/** 1 kW of cooling in BTU/h, for the HVAC capacity shown both ways. */
export const BTU_PER_KW = 3412.14;

/** The metrics a kind's device model sends, the default of a new device's list. */
export const defaultMetrics: Record<EquipmentKind, readonly string[]> = {
  motor: ['temperature', 'vibration', 'current', 'efficiency', 'rpm', 'powerKw'],
  light: ['on', 'brightness', 'powerW'],
  hvac: ['supplyTemp', 'returnTemp', 'setpoint', 'humidity', 'powerKw', 'on'],
  meter: ['energyKwh', 'powerKw', 'powerFactor', 'voltageV'],
  server: ['powerKw', 'inletTemp'],
  sensor: ['temperature', 'humidity'],
  gateway: ['uptimeS'],
};

export const MAX_EQUIPMENT_METRICS = 50;

const metricsSchema = z
  .array(z.string().trim().regex(METRIC_NAME, 'validation.metric'))
  .max(MAX_EQUIPMENT_METRICS, 'validation.metricsCount')
  .transform((names) => [...new Set(names)]);

/** A calendar day, `YYYY-MM-DD`, not after today (UTC, a day of slack for time zones). */
const installDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'validation.date')
  .refine((s) => new Date(`${s}T00:00:00Z`).getTime() <= Date.now() + 86_400_000, 'validation.dateFuture')
  .nullish()
  .transform((s) => s ?? null);

/** An equipment code, or blank / null for none. */
const gatewayIdSchema = z
  .string()
  .trim()
  .max(64, 'validation.equipmentId')
  .regex(/^[a-z0-9-]*$/, 'validation.equipmentId')
  .nullish()
  .transform((id) => (id ? id : null));

const ratedSchema = z.record(z.string().max(40), z.number('validation.number')).default({});

/**
 * An equipment's fields. `id` is its code: the `<equipmentId>` of its MQTT topics, unique in the
 * portal (telemetry, commands and alerts are keyed by it).
 */
export const equipmentFields = z
  .object({
    facilityId: facilityIdSchema,
    roomId: roomIdSchema.nullish().transform((id) => id ?? null),
    kind: z.enum(registryKindValues, 'validation.equipmentKind'),
    name: requiredText(120),
    location: optionalText(200),
    manufacturer: optionalText(120),
    model: optionalText(120),
    serial: optionalText(120),
    installDate: installDateSchema,
    rated: ratedSchema,
    /** Omitted: the kind's defaults. */
    metrics: metricsSchema.optional(),
    /**
     * The field gateway that speaks for it over MQTT (an equipment of kind `gateway` in service in
     * the same facility: the server checks), or null when it connects with its own credential.
     */
    gatewayId: gatewayIdSchema,
  })
  .superRefine((e, ctx) => {
    if (e.kind === 'gateway' && e.gatewayId) {
      ctx.addIssue({ code: 'custom', message: 'validation.gatewayOfGateway', path: ['gatewayId'] });
    }
    const fields = nameplateFields[e.kind];
    for (const [key, value] of Object.entries(e.rated)) {
      const field = fields.find((f) => f.key === key);
      if (!field) {
        ctx.addIssue({ code: 'custom', message: 'validation.nameplateKey', path: ['rated', key] });
      } else if (value < field.min || value > field.max || (field.integer && !Number.isInteger(value))) {
        ctx.addIssue({ code: 'custom', message: 'validation.numberRange', path: ['rated', key] });
      }
    }
  });

/** An equipment with its code: it is not its own gateway. */
const withId = () =>
  equipmentFields.and(z.object({ id: equipmentIdSchema })).superRefine((e, ctx) => {
    if (e.gatewayId && e.gatewayId === e.id) {
      ctx.addIssue({ code: 'custom', message: 'validation.gatewaySelf', path: ['gatewayId'] });
    }
  });
export const equipmentCreateInput = withId();
export const equipmentUpdateInput = withId();
export const equipmentIdInput = z.object({ id: equipmentIdSchema });

export const equipmentRecordSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  roomId: z.string().nullable(),
  kind: z.enum(registryKindValues),
  name: z.string(),
  location: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  installDate: z.string().nullable(),
  rated: z.record(z.string(), z.number()),
  metrics: z.array(z.string()),
  gatewayId: z.string().nullable(),
  retiredAt: z.date().nullable(),
  /** It has telemetry, commands or alerts: it can be retired, not deleted. */
  hasHistory: z.boolean(),
});
export type EquipmentRecord = z.infer<typeof equipmentRecordSchema>;

/** What a delete answers: the id of what is gone. */
export const registryDeleteOutput = z.object({ id: z.string() });
