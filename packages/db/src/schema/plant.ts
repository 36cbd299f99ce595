import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AlertMessageParams } from '@sentinela/shared/alert-messages';
import { alertSeverities, alertStatuses } from '@sentinela/shared/alert-values';
import { commandStatuses } from '@sentinela/shared/live-events';
import {
  equipmentKindValues as equipmentKinds,
  equipmentStatusValues as equipmentStatuses,
} from '@sentinela/shared/plant';
import { createdAt, parentId } from './columns';

/** A site: a plant, a warehouse, a data-center building. */
export const facilities = pgTable('facilities', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Short code used in MQTT topics: sentinela/<site>/<equipmentId>/... */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  address: text('address'),
  city: text('city').notNull(),
  state: text('state'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  timezone: text('timezone').notNull().default('America/Sao_Paulo'),
  createdAt: createdAt(),
});

export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilityId: parentId('facility_id', () => facilities.id),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('production'),
    areaM2: doublePrecision('area_m2'),
    /** The climate set-points its HVAC may be given, °C (null: the site's defaults). */
    setpointMin: doublePrecision('setpoint_min'),
    setpointMax: doublePrecision('setpoint_max'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rooms_facility_idx').on(t.facilityId),
    uniqueIndex('rooms_facility_name_key').on(t.facilityId, t.name),
  ],
);

/**
 * Every device the plant reports about. `id` is the equipment id of the MQTT topics. `rated`
 * holds nameplate values (kW, A, rpm…); `state` the last confirmed control state (on,
 * brightness, mode, set-point).
 */
export const equipment = pgTable(
  'equipment',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: equipmentKinds }).notNull(),
    status: text('status', { enum: equipmentStatuses }).notNull().default('offline'),
    facilityId: parentId('facility_id', () => facilities.id),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    /**
     * The field gateway (equipment of kind `gateway`) that speaks for it over MQTT, or null when
     * it connects with its own credential (ADR 016).
     */
    gatewayId: text('gateway_id').references((): AnyPgColumn => equipment.id, { onDelete: 'set null' }),
    location: text('location'),
    manufacturer: text('manufacturer'),
    model: text('model'),
    serial: text('serial'),
    installDate: date('install_date'),
    rated: jsonb('rated').$type<Record<string, number>>().notNull().default({}),
    /** The metrics it sends (null: its kind's defaults, @sentinela/shared/registry). */
    metrics: jsonb('metrics').$type<string[]>(),
    /** Retired: kept with its history, hidden from live lists, refuses telemetry and commands. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * What the list searches match (name, id, location), folded once when they change
     * (migration 0012): a search is one LIKE per row, not a fold per row and column.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`search_fold(${equipment.name} || chr(10) || ${equipment.id} || chr(10) || coalesce(${equipment.location}, ''))`,
    ),
  },
  (t) => [
    index('equipment_facility_idx').on(t.facilityId),
    index('equipment_room_idx').on(t.roomId),
    index('equipment_kind_status_idx').on(t.kind, t.status),
    index('equipment_gateway_idx').on(t.gatewayId),
  ],
);

/**
 * A device's MQTT secrets (ADR 016): the username is the equipment id, the secret is random and
 * shown once; only its salted PBKDF2-SHA512 hash is kept, in the form Mosquitto's password file
 * uses (`$7$<iterations>$<salt>$<hash>`). A rotation keeps the previous secret valid until
 * `validUntil`; a revoked one is refused at once. A device may hold at most a current and a
 * previous secret.
 */
export const deviceCredentials = pgTable(
  'device_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipmentId: text('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** Null: valid until rotated or revoked. Set on the previous secret by a rotation (its grace). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('device_credentials_equipment_idx').on(t.equipmentId)],
);

export const dataCenters = pgTable('data_centers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  function: text('function', { enum: ['primary', 'disaster-recovery', 'edge'] }).notNull(),
  ipAddress: text('ip_address').notNull(),
  facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Raw points: one row per (equipment, metric, time); a duplicate replaces, never doubles. */
export const telemetry = pgTable(
  'telemetry',
  {
    equipmentId: text('equipment_id').notNull(),
    metric: text('metric').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.metric, t.ts] }), index('telemetry_ts_idx').on(t.ts)],
);

/** The newest value of every metric, for fast reads. */
export const telemetryLatest = pgTable(
  'telemetry_latest',
  {
    equipmentId: text('equipment_id').notNull(),
    metric: text('metric').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.metric] })],
);

const rollupColumns = {
  equipmentId: text('equipment_id').notNull(),
  metric: text('metric').notNull(),
  bucket: timestamp('bucket', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
  sum: doublePrecision('sum').notNull(),
  min: doublePrecision('min').notNull(),
  max: doublePrecision('max').notNull(),
};

/** 1-minute rollups, recomputed from raw for every minute a batch touched (so duplicates never count twice). */
export const telemetry1m = pgTable('telemetry_1m', rollupColumns, (t) => [
  primaryKey({ columns: [t.equipmentId, t.metric, t.bucket] }),
  index('telemetry_1m_bucket_idx').on(t.bucket),
]);

/** 1-hour rollups, recomputed from the 1-minute ones. Kept for ever. */
export const telemetry1h = pgTable('telemetry_1h', { ...rollupColumns }, (t) => [
  primaryKey({ columns: [t.equipmentId, t.metric, t.bucket] }),
  index('telemetry_1h_bucket_idx').on(t.bucket),
]);

/**
 * Derived (ADR 032): each place's energy per hour, where a place is a facility (its counted
 * meters, every device of it) or a room (its own meters and devices). Recomputed from the hourly
 * rollups for the hours they change (`recomputeEnergyHours`, @sentinela/db/energy-hours), so the
 * energy page reads one row per hour instead of every device's rollups. `metered`: the meters'
 * kWh (null: no meter read); motors / lighting / hvac / it: the devices' kWh by kind;
 * `lightsFull`: the lights' kWh in hours they ran at full power (facilities only).
 */
export const energy1h = pgTable(
  'energy_1h',
  {
    placeId: uuid('place_id').notNull(),
    facilityId: parentId('facility_id', () => facilities.id),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    metered: doublePrecision('metered'),
    motors: doublePrecision('motors').notNull(),
    lighting: doublePrecision('lighting').notNull(),
    hvac: doublePrecision('hvac').notNull(),
    it: doublePrecision('it').notNull(),
    lightsFull: doublePrecision('lights_full'),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.bucket] }), index('energy_1h_bucket_idx').on(t.bucket)],
);

/** Every command sent to a device: who, when, what, and what came of it. */
export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    equipmentId: text('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: commandStatuses }).notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A refusal's or failure's reason in the device's words. */
    error: text('error'),
    /** A refusal's reason as a code the client translates (DeviceRefusalCode, or the device's own). */
    errorCode: text('error_code'),
    /** The equipment's facility, set when the row is written (the `place_from_equipment` trigger, ADR 035). */
    facilityId: uuid('facility_id'),
  },
  (t) => [
    index('commands_equipment_idx').on(t.equipmentId, t.requestedAt),
    // The events timeline reads commands sent and their outcomes newest first.
    index('commands_requested_idx').on(t.requestedAt),
    index('commands_completed_idx').on(t.completedAt),
    // …and one facility's, on its own rows (the timeline's facility filter).
    index('commands_facility_requested_idx').on(t.facilityId, t.requestedAt),
    index('commands_facility_completed_idx').on(t.facilityId, t.completedAt),
    // The rows written before the column (the place backfill's work list; empty once it is done).
    index('commands_place_pending_idx')
      .on(t.id)
      .where(sql`${t.facilityId} is null`),
  ],
);

/**
 * Every change of an equipment's status (online, offline, maintenance, error), written with the
 * change itself and only when the status really changed: the events timeline's device entries (and
 * what the data centers' uptime may be computed from once it holds enough history; today it is
 * read from silence alerts, which the demo's past has).
 */
export const equipmentStatusChanges = pgTable(
  'equipment_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    equipmentId: text('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    fromStatus: text('from_status', { enum: equipmentStatuses }).notNull(),
    toStatus: text('to_status', { enum: equipmentStatuses }).notNull(),
    /** The equipment's facility, set when the row is written (the `place_from_equipment` trigger, ADR 035). */
    facilityId: uuid('facility_id'),
  },
  (t) => [
    index('equipment_status_changes_equipment_idx').on(t.equipmentId, t.at),
    index('equipment_status_changes_at_idx').on(t.at),
    // One facility's changes newest first (the events timeline's facility filter).
    index('equipment_status_changes_facility_idx').on(t.facilityId, t.at),
    // The rows written before the column (the place backfill's work list; empty once it is done).
    index('equipment_status_changes_place_pending_idx')
      .on(t.id)
      .where(sql`${t.facilityId} is null`),
  ],
);

/** Threshold rules per equipment kind and metric, with hysteresis (clear at `clearAt`). */
export const alertRules = pgTable('alert_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** As typed (a seeded rule's Portuguese name). */
  name: text('name').notNull(),
  /** A seeded rule's name key (alertRuleNameKeys), which the client translates; null for a rule people wrote. */
  nameKey: text('name_key'),
  kind: text('kind', { enum: equipmentKinds }).notNull(),
  metric: text('metric').notNull(),
  comparison: text('comparison', { enum: ['above', 'below'] }).notNull(),
  threshold: doublePrecision('threshold').notNull(),
  clearAt: doublePrecision('clear_at').notNull(),
  severity: text('severity', { enum: alertSeverities }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Raised by rules, by silence and by events. One open alert per source and equipment; a
 * threshold alert's source is its metric, so the bands of one metric share one alert.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    /** 'threshold:<metric>', 'silence' or 'event:<name>': what "one open alert" is counted by. */
    source: text('source').notNull(),
    /** Null: a site alert, about the portal itself rather than a device (e.g. 'broker:dropped'). */
    equipmentId: text('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    severity: text('severity', { enum: alertSeverities }).notNull(),
    /** In Portuguese: the fallback of rows without a message key. */
    message: text('message').notNull(),
    /** The message as a key and parameters (alert-messages.ts), worded by the client in the reader's language. */
    messageKey: text('message_key'),
    messageParams: jsonb('message_params').$type<AlertMessageParams>(),
    value: doublePrecision('value'),
    status: text('status', { enum: alertStatuses }).notNull().default('active'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedBy: uuid('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgeNote: text('acknowledge_note'),
    clearedBy: uuid('cleared_by'),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearNote: text('clear_note'),
    /**
     * The equipment's facility, set when the row is written (the `place_from_equipment` trigger,
     * ADR 035); null for a site alert.
     */
    facilityId: uuid('facility_id'),
  },
  (t) => [
    uniqueIndex('alerts_one_open_idx')
      .on(t.source, t.equipmentId)
      .where(sql`${t.status} <> 'cleared'`),
    // One open site alert per source (the index above never matches a null equipment).
    uniqueIndex('alerts_one_open_site_idx')
      .on(t.source)
      .where(sql`${t.equipmentId} is null and ${t.status} <> 'cleared'`),
    index('alerts_status_idx').on(t.status, t.severity, t.raisedAt),
    // The events timeline: alerts raised, acknowledged and cleared, newest first.
    index('alerts_raised_idx').on(t.raisedAt),
    index('alerts_equipment_idx').on(t.equipmentId, t.raisedAt),
    index('alerts_acknowledged_idx').on(t.acknowledgedAt),
    index('alerts_cleared_idx').on(t.clearedAt),
    // …and one facility's (the timeline's facility filter).
    index('alerts_facility_raised_idx').on(t.facilityId, t.raisedAt),
    index('alerts_facility_acknowledged_idx').on(t.facilityId, t.acknowledgedAt),
    index('alerts_facility_cleared_idx').on(t.facilityId, t.clearedAt),
    // The rows written before the column (the place backfill's work list; empty once it is done).
    index('alerts_place_pending_idx')
      .on(t.id)
      .where(sql`${t.facilityId} is null and ${t.equipmentId} is not null`),
  ],
);

/**
 * An open alert's band changes (a threshold alert is one per metric and equipment): escalated
 * to a worse band, de-escalated to a milder one. Raised, acknowledged and cleared are on the alert.
 */
export const alertChanges = pgTable(
  'alert_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    fromSeverity: text('from_severity', { enum: alertSeverities }).notNull(),
    toSeverity: text('to_severity', { enum: alertSeverities }).notNull(),
    /** The value that moved it to the new band. */
    value: doublePrecision('value'),
    /** An escalation of an acknowledged alert makes it active again: someone must see the worse state. */
    acknowledgementReset: boolean('acknowledgement_reset').notNull().default(false),
  },
  (t) => [index('alert_changes_alert_idx').on(t.alertId, t.at), index('alert_changes_at_idx').on(t.at)],
);
