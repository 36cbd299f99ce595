import { count, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type {
  FacilityRecord,
  facilityCreateInput,
  facilityIdInput,
  facilityUpdateInput,
} from '@sentinela/shared/registry';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import {
  changedFields,
  facilityRegistryColumns,
  facilityStoredFields,
  registryChange,
  type RegistryCaller,
} from '../plant/registry-change';

const record = facilityRegistryColumns;

export async function facilityRecord(db: Database, id: string): Promise<FacilityRecord> {
  const [row] = await db.select(record).from(facilities).where(eq(facilities.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  return row;
}

const fieldsOf = facilityStoredFields;

export async function createFacility(
  caller: RegistryCaller,
  input: z.output<typeof facilityCreateInput>,
): Promise<FacilityRecord> {
  const values = { code: input.code, ...fieldsOf(input) };
  const taken = { key: 'registry.facilityCodeTaken' as const, params: { code: input.code } };
  const [existing] = await caller.db
    .select({ id: facilities.id })
    .from(facilities)
    .where(eq(facilities.code, input.code));
  if (existing) throw new AppError('CONFLICT', taken.key, taken.params);
  return registryChange(
    caller,
    'facilities.create',
    input.code,
    async (tx) => {
      const [row] = await tx.insert(facilities).values(values).returning(record);
      return row!;
    },
    () => ({ after: values }),
    taken,
  );
}

export async function updateFacility(
  caller: RegistryCaller,
  input: z.output<typeof facilityUpdateInput>,
): Promise<FacilityRecord> {
  const before = await facilityRecord(caller.db, input.id);
  const fields = fieldsOf(input);
  return registryChange(
    caller,
    'facilities.update',
    before.code,
    async (tx) => {
      const [row] = await tx.update(facilities).set(fields).where(eq(facilities.id, input.id)).returning(record);
      if (!row) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
      return row;
    },
    (after) => ({ id: input.id, changes: changedFields(before, after) }),
    { key: 'registry.facilityCodeTaken', params: { code: before.code } },
  );
}

/** Only an empty facility (no rooms, no equipment, retired or not) is deleted. */
export async function deleteFacility(
  caller: RegistryCaller,
  input: z.output<typeof facilityIdInput>,
): Promise<{ id: string }> {
  const before = await facilityRecord(caller.db, input.id);
  return registryChange(
    caller,
    'facilities.delete',
    before.code,
    async (tx) => {
      const [[roomCount], [equipmentCount]] = await Promise.all([
        tx.select({ n: count() }).from(rooms).where(eq(rooms.facilityId, input.id)),
        tx.select({ n: count() }).from(equipment).where(eq(equipment.facilityId, input.id)),
      ]);
      if ((roomCount?.n ?? 0) > 0 || (equipmentCount?.n ?? 0) > 0) {
        throw new AppError('CONFLICT', 'registry.facilityNotEmpty');
      }
      await tx.delete(facilities).where(eq(facilities.id, input.id));
      return { id: input.id };
    },
    () => ({ before }),
    { key: 'registry.facilityNotEmpty' },
  );
}
