import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import {
  defaultMetrics,
  type EquipmentRecord,
  type equipmentCreateInput,
  type equipmentIdInput,
  type equipmentUpdateInput,
} from '@sentinela/shared/registry';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import {
  changedFields,
  equipmentHasHistory,
  equipmentRegistryColumns,
  equipmentStoredFields,
  gatewayRefusal,
  initialEquipmentState,
  registryChange,
  type RegistryCaller,
} from '../plant/registry-change';

const record = { ...equipmentRegistryColumns, retiredAt: equipment.retiredAt, hasHistory: equipmentHasHistory };

const recordOf = (row: Omit<EquipmentRecord, 'metrics'> & { metrics: string[] | null }): EquipmentRecord => ({
  ...row,
  hasHistory: Boolean(row.hasHistory),
  metrics: row.metrics ?? [...defaultMetrics[row.kind]],
});

export async function equipmentRecord(db: Database, id: string): Promise<EquipmentRecord> {
  const [row] = await db.select(record).from(equipment).where(eq(equipment.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'registry.equipmentNotFound');
  return recordOf(row);
}

type Fields = z.output<typeof equipmentCreateInput>;

/** The facility exists and the room, if any, is one of its rooms. */
async function checkPlace(db: Database, input: Fields): Promise<void> {
  const [facility] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, input.facilityId));
  if (!facility) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  if (input.roomId) {
    const [room] = await db.select({ facilityId: rooms.facilityId }).from(rooms).where(eq(rooms.id, input.roomId));
    if (!room) throw new AppError('NOT_FOUND', 'registry.roomNotFound');
    if (room.facilityId !== input.facilityId) throw new AppError('BAD_REQUEST', 'registry.roomOfOtherFacility');
  }
}

/** The gateway named, if any, may speak for it (kind, facility, in service). */
async function checkGateway(db: Database, input: Fields, before?: EquipmentRecord): Promise<void> {
  if (!input.gatewayId) return;
  const [gateway] = await db
    .select({ kind: equipment.kind, facilityId: equipment.facilityId, retiredAt: equipment.retiredAt })
    .from(equipment)
    .where(eq(equipment.id, input.gatewayId));
  const key = gatewayRefusal(gateway, input.facilityId, before?.gatewayId === input.gatewayId);
  if (key) throw new AppError('BAD_REQUEST', key, { code: input.gatewayId });
}

/** A gateway serving devices keeps its kind and facility until they are reassigned. */
async function checkGatewayDevices(db: Database, input: Fields & { id: string }, before: EquipmentRecord) {
  if (before.kind !== 'gateway' || (input.kind === 'gateway' && input.facilityId === before.facilityId)) return;
  const [row] = await db
    .select({ n: count() })
    .from(equipment)
    .where(and(eq(equipment.gatewayId, input.id), isNull(equipment.retiredAt)));
  if (row && row.n > 0) throw new AppError('CONFLICT', 'registry.gatewayHasDevices', { count: row.n });
}

const fieldsOf = equipmentStoredFields;

export async function createEquipment(caller: RegistryCaller, input: Fields): Promise<EquipmentRecord> {
  await checkPlace(caller.db, input);
  await checkGateway(caller.db, input);
  const taken = { key: 'registry.equipmentCodeTaken' as const, params: { code: input.id } };
  const [existing] = await caller.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, input.id));
  if (existing) throw new AppError('CONFLICT', taken.key, taken.params);
  const values = { id: input.id, ...fieldsOf(input), state: initialEquipmentState(input.kind) };
  await registryChange(
    caller,
    'equipment.create',
    input.id,
    (tx) => tx.insert(equipment).values(values),
    () => ({ after: values }),
    taken,
  );
  return equipmentRecord(caller.db, input.id);
}

/** Edits an equipment, moving it to another room or facility if asked. Its kind may change only without history. */
export async function updateEquipment(
  caller: RegistryCaller,
  input: z.output<typeof equipmentUpdateInput>,
): Promise<EquipmentRecord> {
  const before = await equipmentRecord(caller.db, input.id);
  await checkPlace(caller.db, input);
  if (before.kind !== input.kind && before.hasHistory) throw new AppError('CONFLICT', 'registry.equipmentHasHistory');
  await checkGateway(caller.db, input, before);
  await checkGatewayDevices(caller.db, input, before);
  const fields = fieldsOf(input);
  await registryChange(
    caller,
    before.facilityId === input.facilityId && before.roomId === input.roomId ? 'equipment.update' : 'equipment.move',
    input.id,
    (tx) => tx.update(equipment).set(fields).where(eq(equipment.id, input.id)),
    () => ({
      changes: changedFields(before, { ...before, ...fields, metrics: fields.metrics ?? defaultMetrics[input.kind] }),
    }),
    { key: 'registry.equipmentCodeTaken', params: { code: input.id } },
  );
  return equipmentRecord(caller.db, input.id);
}

/**
 * Retires an equipment (`retiredAt` set: kept with its history, hidden from live lists, refusing
 * telemetry and commands) or restores it (null); refused when it already is as asked.
 */
async function setRetirement(caller: RegistryCaller, id: string, retiredAt: Date | null): Promise<EquipmentRecord> {
  const before = await equipmentRecord(caller.db, id);
  const refusal = retiredAt ? 'registry.equipmentRetired' : 'registry.equipmentNotRetired';
  if (Boolean(before.retiredAt) === Boolean(retiredAt)) throw new AppError('CONFLICT', refusal);
  await registryChange(
    caller,
    retiredAt ? 'equipment.retire' : 'equipment.restore',
    id,
    (tx) => tx.update(equipment).set({ retiredAt }).where(eq(equipment.id, id)),
    () => ({ retiredAt: (retiredAt ?? before.retiredAt)?.toISOString() }),
    { key: refusal },
  );
  return equipmentRecord(caller.db, id);
}

/** Retires an equipment: kept with its history, hidden from live lists, refusing telemetry and commands. */
export function retireEquipment(
  caller: RegistryCaller,
  input: z.output<typeof equipmentIdInput>,
  now: Date,
): Promise<EquipmentRecord> {
  return setRetirement(caller, input.id, now);
}

export function restoreEquipment(
  caller: RegistryCaller,
  input: z.output<typeof equipmentIdInput>,
): Promise<EquipmentRecord> {
  return setRetirement(caller, input.id, null);
}

/** Deletes an equipment that never had history (a mistaken entry); one with history is retired instead. */
export async function deleteEquipment(
  caller: RegistryCaller,
  input: z.output<typeof equipmentIdInput>,
): Promise<{ id: string }> {
  const before = await equipmentRecord(caller.db, input.id);
  return registryChange(
    caller,
    'equipment.delete',
    input.id,
    async (tx) => {
      // Checked again inside the transaction: a reading may have arrived since.
      const [row] = await tx
        .select({ hasHistory: record.hasHistory })
        .from(equipment)
        .where(eq(equipment.id, input.id));
      if (!row) throw new AppError('NOT_FOUND', 'registry.equipmentNotFound');
      if (row.hasHistory) throw new AppError('CONFLICT', 'registry.equipmentHasHistory');
      await tx.delete(equipment).where(eq(equipment.id, input.id));
      return { id: input.id };
    },
    () => ({ before }),
    { key: 'registry.equipmentHasHistory' },
  );
}
