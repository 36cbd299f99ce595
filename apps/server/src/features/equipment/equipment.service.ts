import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { containsPattern } from '@sentinela/db/sql-helpers';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type { equipmentListInput } from '@sentinela/shared/plant';
import type { z } from 'zod';

/** Server-side filtered, paged equipment list (the equipment page and every picker). */
export async function listEquipment(db: Database, input: z.output<typeof equipmentListInput>) {
  const filters: SQL[] = [];
  if (input.status) filters.push(eq(equipment.status, input.status));
  if (input.kind) filters.push(eq(equipment.kind, input.kind));
  if (input.facilityId) filters.push(eq(equipment.facilityId, input.facilityId));
  if (input.roomId) filters.push(eq(equipment.roomId, input.roomId));
  if (input.search) {
    const pattern = containsPattern(input.search);
    const match = or(ilike(equipment.name, pattern), ilike(equipment.id, pattern), ilike(equipment.location, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [items, [totals]] = await Promise.all([
    db
      .select({
        id: equipment.id,
        name: equipment.name,
        kind: equipment.kind,
        status: equipment.status,
        location: equipment.location,
        facilityId: equipment.facilityId,
        facilityName: facilities.name,
        roomId: equipment.roomId,
        roomName: rooms.name,
        rated: equipment.rated,
        state: equipment.state,
        lastSeenAt: equipment.lastSeenAt,
      })
      .from(equipment)
      .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
      .leftJoin(rooms, eq(rooms.id, equipment.roomId))
      .where(where)
      .orderBy(asc(equipment.name), asc(equipment.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(equipment).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}
