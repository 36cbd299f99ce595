import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type { RoomRecord, roomCreateInput, roomIdInput, roomUpdateInput } from '@sentinela/shared/registry';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import {
  changedFields,
  registryChange,
  roomRegistryColumns,
  roomStoredFields,
  type RegistryCaller,
} from '../plant/registry-change';

const record = roomRegistryColumns;

export async function roomRecord(db: Database, id: string): Promise<RoomRecord> {
  const [row] = await db.select(record).from(rooms).where(eq(rooms.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'registry.roomNotFound');
  return row;
}

type RoomFields = z.output<typeof roomCreateInput>;

const fieldsOf = (input: RoomFields) => ({ facilityId: input.facilityId, ...roomStoredFields(input) });

/** The facility exists and has no other room of that name. */
async function checkPlace(db: Database, input: RoomFields, id?: string): Promise<void> {
  const [facility] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, input.facilityId));
  if (!facility) throw new AppError('NOT_FOUND', 'registry.facilityNotFound');
  const sameName = and(
    eq(rooms.facilityId, input.facilityId),
    eq(rooms.name, input.name),
    id ? ne(rooms.id, id) : undefined,
  );
  const [clash] = await db.select({ id: rooms.id }).from(rooms).where(sameName);
  if (clash) throw new AppError('CONFLICT', 'registry.roomNameTaken', { name: input.name });
}

export async function createRoom(caller: RegistryCaller, input: RoomFields): Promise<RoomRecord> {
  await checkPlace(caller.db, input);
  const values = fieldsOf(input);
  return registryChange(
    caller,
    'rooms.create',
    input.name,
    async (tx) => {
      const [row] = await tx.insert(rooms).values(values).returning(record);
      return row!;
    },
    (row) => ({ id: row.id, after: values }),
    { key: 'registry.roomNameTaken', params: { name: input.name } },
  );
}

/**
 * Edits a room. Moving it to another facility moves its equipment with it (a room's equipment is
 * where the room is).
 */
export async function updateRoom(caller: RegistryCaller, input: z.output<typeof roomUpdateInput>): Promise<RoomRecord> {
  const before = await roomRecord(caller.db, input.id);
  await checkPlace(caller.db, input, input.id);
  const fields = fieldsOf(input);
  return registryChange(
    caller,
    'rooms.update',
    input.id,
    async (tx) => {
      const [row] = await tx.update(rooms).set(fields).where(eq(rooms.id, input.id)).returning(record);
      if (!row) throw new AppError('NOT_FOUND', 'registry.roomNotFound');
      if (before.facilityId !== row.facilityId) {
        await tx.update(equipment).set({ facilityId: row.facilityId }).where(eq(equipment.roomId, input.id));
      }
      return row;
    },
    (after) => ({ changes: changedFields(before, after) }),
    { key: 'registry.roomNameTaken', params: { name: input.name } },
  );
}

/** Only a room without equipment (retired or not) is deleted. */
export async function deleteRoom(caller: RegistryCaller, input: z.output<typeof roomIdInput>): Promise<{ id: string }> {
  const before = await roomRecord(caller.db, input.id);
  return registryChange(
    caller,
    'rooms.delete',
    input.id,
    async (tx) => {
      const [held] = await tx.select({ n: count() }).from(equipment).where(eq(equipment.roomId, input.id));
      if ((held?.n ?? 0) > 0) throw new AppError('CONFLICT', 'registry.roomNotEmpty');
      await tx.delete(rooms).where(eq(rooms.id, input.id));
      return { id: input.id };
    },
    () => ({ before }),
    { key: 'registry.roomNotEmpty' },
  );
}
