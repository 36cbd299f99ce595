import { sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alerts, commands, equipment, facilities, rooms, telemetry, telemetry1h } from '@sentinela/db/schema/plant';
import type { EquipmentKind } from '@sentinela/shared/plant';
import { defaultMetrics, type equipmentCreateInput } from '@sentinela/shared/registry';
import type { z } from 'zod';
import type { ServerMessageKey } from '@sentinela/shared/messages';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { conflictIfTaken } from '../../platform/sql-state';

/** Who changes the registry and from where: every change is audited with both. */
export type RegistryCaller = ChangeCaller;

/** The fields that differ between two versions of a record, as `{ field: [old, new] }`. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = [before[key], after[key]];
  }
  return changes;
}

/**
 * One audited change of the registry: `action` (e.g. `facilities.create`) on `target`, with what
 * changed. A unique key another request took meanwhile answers `conflict` (409), never a 500.
 */
export async function registryChange<T>(
  caller: RegistryCaller,
  action: string,
  target: string,
  change: (tx: Database) => Promise<T>,
  details: (result: T) => Record<string, unknown>,
  conflict: { key: ServerMessageKey; params?: Record<string, string | number> },
): Promise<T> {
  return conflictIfTaken(
    () => callerChange(caller, change, (result) => ({ action, target, details: details(result) })),
    conflict.key,
    conflict.params,
  );
}

// ——— facilities and rooms, as the registry services (one record, and the CSV import) read and write them ———

/** The registry's fields of a facility row, as stored. */
export const facilityRegistryColumns = {
  id: facilities.id,
  code: facilities.code,
  name: facilities.name,
  address: facilities.address,
  city: facilities.city,
  state: facilities.state,
  latitude: facilities.latitude,
  longitude: facilities.longitude,
  timezone: facilities.timezone,
};

/** A facility's editable fields as they are stored (no coordinates: null). */
export const facilityStoredFields = (f: {
  name: string;
  address: string | null;
  city: string;
  state: string | null;
  latitude?: number | null;
  longitude?: number | null;
  timezone: string;
}) => ({
  name: f.name,
  address: f.address,
  city: f.city,
  state: f.state,
  latitude: f.latitude ?? null,
  longitude: f.longitude ?? null,
  timezone: f.timezone,
});

/** The registry's fields of a room row, as stored. */
export const roomRegistryColumns = {
  id: rooms.id,
  facilityId: rooms.facilityId,
  name: rooms.name,
  kind: rooms.kind,
  areaM2: rooms.areaM2,
  setpointMin: rooms.setpointMin,
  setpointMax: rooms.setpointMax,
};

/** A room's fields but its facility, as they are stored (an unknown area or set-point: null). */
export const roomStoredFields = (r: {
  name: string;
  kind: string;
  areaM2?: number | null;
  setpointMin?: number | null;
  setpointMax?: number | null;
}) => ({
  name: r.name,
  kind: r.kind,
  areaM2: r.areaM2 ?? null,
  setpointMin: r.setpointMin ?? null,
  setpointMax: r.setpointMax ?? null,
});

// ——— equipment, as the registry services (one record, and the CSV import) read and write it ———

const hasRowFor = (table: typeof telemetry | typeof telemetry1h | typeof commands | typeof alerts) =>
  sql`exists (select 1 from ${table} where ${table.equipmentId} = ${equipment.id})`;

/** It has telemetry, rollups, commands or alerts: it can be retired, not deleted, nor change kind. */
export const equipmentHasHistory = sql<boolean>`(${hasRowFor(telemetry)} or ${hasRowFor(telemetry1h)} or ${hasRowFor(commands)} or ${hasRowFor(alerts)})`;

/** The registry's fields of an equipment row, as stored. */
export const equipmentRegistryColumns = {
  id: equipment.id,
  facilityId: equipment.facilityId,
  roomId: equipment.roomId,
  kind: equipment.kind,
  name: equipment.name,
  location: equipment.location,
  manufacturer: equipment.manufacturer,
  model: equipment.model,
  serial: equipment.serial,
  installDate: equipment.installDate,
  rated: equipment.rated,
  metrics: equipment.metrics,
  gatewayId: equipment.gatewayId,
};

/** What the registry knows of the equipment named as another's gateway. */
export interface GatewayInfo {
  kind: EquipmentKind;
  facilityId: string;
  retiredAt: Date | null;
}

/**
 * Why `gateway` cannot speak for a device of `facilityId`, or null: it must exist, be of kind
 * `gateway`, be in the same facility and in service (not checked when the device keeps the
 * gateway it had, so a retired gateway does not block editing its devices).
 */
export function gatewayRefusal(
  gateway: GatewayInfo | undefined,
  facilityId: string,
  unchanged: boolean,
): ServerMessageKey | null {
  if (!gateway) return 'registry.gatewayNotFound';
  if (gateway.kind !== 'gateway') return 'registry.gatewayNotGateway';
  if (gateway.facilityId !== facilityId) return 'registry.gatewayOtherFacility';
  if (gateway.retiredAt && !unchanged) return 'registry.gatewayRetired';
  return null;
}

const switchable = new Set<EquipmentKind>(['motor', 'light', 'hvac']);

/** A device that can be switched starts off until an operator starts it (the virtual plant too). */
export const initialEquipmentState = (kind: EquipmentKind): Record<string, unknown> =>
  switchable.has(kind) ? { on: false } : {};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((m, i) => m === b[i]);

/** An equipment's input as it is stored: nameplate keys in order, the kind's default metrics as null. */
export const equipmentStoredFields = (e: z.output<typeof equipmentCreateInput>) => ({
  facilityId: e.facilityId,
  roomId: e.roomId,
  kind: e.kind,
  name: e.name,
  location: e.location,
  manufacturer: e.manufacturer,
  model: e.model,
  serial: e.serial,
  installDate: e.installDate,
  rated: Object.fromEntries(Object.entries(e.rated).sort(([a], [b]) => a.localeCompare(b))),
  // Null follows the kind's device model.
  metrics: !e.metrics || sameList(e.metrics, defaultMetrics[e.kind]) ? null : e.metrics,
  gatewayId: e.gatewayId,
});
