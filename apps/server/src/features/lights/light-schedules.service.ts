import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { lightSchedules } from '@sentinela/db/schema/lighting';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import type {
  LightSchedule,
  lightScheduleCreateInput,
  lightScheduleDeleteInput,
  lightSchedulesListInput,
  lightScheduleUpdateInput,
} from '@sentinela/shared/lights';
import type { z } from 'zod';
import { actedBy, auditedChange, type RequestOrigin } from '../../platform/audit';
import type { Actor } from '../../platform/commands/commands.service';
import { AppError } from '../../platform/errors';

export interface ScheduleDeps {
  db: Database;
  now: () => Date;
}

const lightsOfRoom = sql<number>`(select count(*)::int from ${equipment} where ${equipment.roomId} = ${lightSchedules.roomId} and ${equipment.kind} = 'light')`;

function selectSchedules(db: Database) {
  return db
    .select({
      id: lightSchedules.id,
      roomId: lightSchedules.roomId,
      roomName: rooms.name,
      facilityId: facilities.id,
      facilityName: facilities.name,
      timezone: facilities.timezone,
      lights: lightsOfRoom.mapWith(Number),
      onTime: lightSchedules.onTime,
      offTime: lightSchedules.offTime,
      days: lightSchedules.days,
      brightness: lightSchedules.brightness,
      enabled: lightSchedules.enabled,
      lastOnAt: lightSchedules.lastOnAt,
      lastOffAt: lightSchedules.lastOffAt,
      updatedAt: lightSchedules.updatedAt,
    })
    .from(lightSchedules)
    .innerJoin(rooms, eq(rooms.id, lightSchedules.roomId))
    .innerJoin(facilities, eq(facilities.id, rooms.facilityId));
}

export async function listSchedules(db: Database, input: z.output<typeof lightSchedulesListInput>) {
  const filters: SQL[] = [];
  if (input.facilityId) filters.push(eq(rooms.facilityId, input.facilityId));
  if (input.roomId) filters.push(eq(lightSchedules.roomId, input.roomId));
  const where = and(...filters);
  const [items, [totals]] = await Promise.all([
    selectSchedules(db)
      .where(where)
      .orderBy(asc(facilities.name), asc(rooms.name), asc(lightSchedules.onTime), asc(lightSchedules.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(lightSchedules).innerJoin(rooms, eq(rooms.id, lightSchedules.roomId)).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

async function scheduleById(db: Database, id: string): Promise<LightSchedule> {
  const [item] = await selectSchedules(db).where(eq(lightSchedules.id, id));
  if (!item) throw new AppError('NOT_FOUND', 'lights.scheduleNotFound');
  return item;
}

async function requireRoom(db: Database, roomId: string): Promise<void> {
  const [room] = await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw new AppError('NOT_FOUND', 'lights.roomNotFound');
}

const byActor = (actor: Actor) => ({ result: 'success' as const, ...actedBy(actor) });

const fieldsOf = (input: z.output<typeof lightScheduleCreateInput>) => ({
  roomId: input.roomId,
  onTime: input.onTime,
  offTime: input.offTime,
  days: input.days,
  brightness: input.brightness,
  enabled: input.enabled,
});

export async function createSchedule(
  deps: ScheduleDeps,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof lightScheduleCreateInput>,
): Promise<LightSchedule> {
  await requireRoom(deps.db, input.roomId);
  const now = deps.now();
  const fields = fieldsOf(input);
  const id = await auditedChange(
    deps.db,
    origin,
    async (tx) => {
      const [row] = await tx
        .insert(lightSchedules)
        .values({ ...fields, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning({ id: lightSchedules.id });
      return row!.id;
    },
    (created) => ({ ...byActor(actor), action: 'lights.schedules.create', target: created, details: fields }),
  );
  return scheduleById(deps.db, id);
}

/** Replaces a schedule's fields. Moments before the edit are never carried out afterwards. */
export async function updateSchedule(
  deps: ScheduleDeps,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof lightScheduleUpdateInput>,
): Promise<LightSchedule> {
  const before = await scheduleById(deps.db, input.id);
  if (before.roomId !== input.roomId) await requireRoom(deps.db, input.roomId);
  const fields = fieldsOf(input);
  await auditedChange(
    deps.db,
    origin,
    async (tx) => {
      const updated = await tx
        .update(lightSchedules)
        .set({ ...fields, updatedAt: deps.now() })
        .where(eq(lightSchedules.id, input.id))
        .returning({ id: lightSchedules.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', 'lights.scheduleNotFound');
    },
    () => ({
      ...byActor(actor),
      action: 'lights.schedules.update',
      target: input.id,
      details: {
        before: {
          roomId: before.roomId,
          onTime: before.onTime,
          offTime: before.offTime,
          days: before.days,
          brightness: before.brightness,
          enabled: before.enabled,
        },
        after: fields,
      },
    }),
  );
  return scheduleById(deps.db, input.id);
}

export async function deleteSchedule(
  deps: ScheduleDeps,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof lightScheduleDeleteInput>,
): Promise<{ id: string }> {
  return auditedChange(
    deps.db,
    origin,
    async (tx) => {
      const [deleted] = await tx.delete(lightSchedules).where(eq(lightSchedules.id, input.id)).returning({
        id: lightSchedules.id,
        roomId: lightSchedules.roomId,
        onTime: lightSchedules.onTime,
        offTime: lightSchedules.offTime,
      });
      if (!deleted) throw new AppError('NOT_FOUND', 'lights.scheduleNotFound');
      return deleted;
    },
    (deleted) => ({
      ...byActor(actor),
      action: 'lights.schedules.delete',
      target: input.id,
      details: { roomId: deleted.roomId, onTime: deleted.onTime, offTime: deleted.offTime },
    }),
  ).then((deleted) => ({ id: deleted.id }));
}
