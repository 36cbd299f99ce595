import { z } from 'zod';
import { pageInput, pageOf } from './page';
import { alertSeverities } from './alert-values';
import {
  countsOf,
  deviceItemBase,
  equipmentKindValues,
  equipmentStatusValues,
  facilityIdSchema,
  roomIdSchema,
} from './plant';

/** The most rows one CSV export carries (the demo site ×10 is about 4,600 devices). */
export const EQUIPMENT_CSV_MAX_ROWS = 10_000;
export const EQUIPMENT_PAGE_SIZE_MAX = 500;
export const SEARCH_MAX = 120;

/** A search box: trimmed; blank means no search. */
export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX, 'validation.searchTooLong')
  .transform((s) => (s ? s : undefined))
  .optional();

/** What narrows the equipment list; the same filters drive the page, its URL and the CSV export. */
export const equipmentFilters = z.object({
  search: searchSchema,
  status: z.enum(equipmentStatusValues).optional(),
  kind: z.enum(equipmentKindValues).optional(),
  facilityId: facilityIdSchema.optional(),
  roomId: roomIdSchema.optional(),
  /** true: only the retired equipment (kept with its history); otherwise only what is in service. */
  retired: z.boolean().optional(),
});
export type EquipmentFilters = z.input<typeof equipmentFilters>;

export const equipmentListInput = equipmentFilters
  .extend(pageInput(50, EQUIPMENT_PAGE_SIZE_MAX))
  .default({ page: 1, pageSize: 50 });

export const equipmentItemSchema = deviceItemBase.extend({
  kind: z.enum(equipmentKindValues),
  /** Nameplate values (kW, A, rpm, W…). */
  rated: z.record(z.string(), z.number()),
  /** The last confirmed control state (on, brightness, mode, set-point). */
  state: z.record(z.string(), z.unknown()),
  lastSeenAt: z.date().nullable(),
});
export type EquipmentItem = z.infer<typeof equipmentItemSchema>;

export const equipmentListOutput = pageOf(equipmentItemSchema);

export const equipmentCsvOutput = z.object({
  filename: z.string(),
  /** UTF-8 text with a byte-order mark, so spreadsheet programs read the accents right. */
  csv: z.string(),
  rows: z.number().int(),
  /** More devices matched than EQUIPMENT_CSV_MAX_ROWS: only the first ones are in the file. */
  truncated: z.boolean(),
});

/** Equipment by status: what rooms and facilities show. */
export const statusCountsSchema = countsOf(['total', ...equipmentStatusValues]);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

/** Open alerts (active or acknowledged) by severity. */
export const openAlertCountsSchema = countsOf(['total', ...alertSeverities]);
export type OpenAlertCounts = z.infer<typeof openAlertCountsSchema>;

/**
 * Power drawn now, kW, and where the figure comes from:
 * - `meter`: the latest power reading of the room's own energy meter(s);
 * - `mainMeter`: the facility's incoming-supply meter(s) (meters in no room);
 * - `rooms`: the sum of the rooms' figures (a facility without a main meter reading);
 * - `devices`: the sum of the latest power readings of the devices (no meter reading);
 * null when nothing reports power. Devices that are offline are left out (their last value is stale).
 */
export const powerSources = ['meter', 'mainMeter', 'rooms', 'devices'] as const;
export type PowerSource = (typeof powerSources)[number];
export const currentPowerSchema = z.object({
  kw: z.number().nullable(),
  source: z.enum(powerSources).nullable(),
  /** The newest reading the figure is made of. */
  asOf: z.date().nullable(),
});
export type CurrentPower = z.infer<typeof currentPowerSchema>;

/** What a room or a facility shows: its equipment by status, its power now and its open alerts. */
export const placeFigures = {
  equipment: statusCountsSchema,
  power: currentPowerSchema,
  openAlerts: openAlertCountsSchema,
};

/**
 * The same figures over every place a list matches; powerKw sums the places' current power
 * (places without a figure count as nothing).
 */
export const placesSummaryFigures = {
  equipment: statusCountsSchema,
  powerKw: z.number().nullable(),
  openAlerts: openAlertCountsSchema,
};
