import { asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { facilities } from '@sentinela/db/schema/plant';
import { parts, stockLocations } from '@sentinela/db/schema/procurement';
import { parseRows } from '@sentinela/db/sql-helpers';
import { sumDecimals } from '@sentinela/shared/decimal';
import {
  QUANTITY_SCALE,
  type stockAdjustmentInput,
  type stockOnDayInput,
  type stockTransferInput,
} from '@sentinela/shared/procurement';
import type { PartDetail, StockLocation, StockOnDay, stockLocationCreateInput } from '@sentinela/shared/spare-parts';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError, onlyRow } from '../../platform/errors';
import { conflictIfTaken } from '../../platform/sql-state';
import type { ChangeDeps } from '../../trpc/procedures';
import { getPart, requireActivePart, requireLocation } from './parts.service';
import { applyMovement, type Movement } from './stock-movements';
import { namedRef } from '../../platform/refs';

/** The zone of a day's end when no facility says otherwise (as the rest of the site's clocks). */
const SITE_ZONE_FALLBACK = 'America/Sao_Paulo';

export async function listStockLocations(db: Database): Promise<StockLocation[]> {
  const rows = await db
    .select({
      id: stockLocations.id,
      name: stockLocations.name,
      active: stockLocations.active,
      facilityId: facilities.id,
      facilityName: facilities.name,
    })
    .from(stockLocations)
    .leftJoin(facilities, eq(facilities.id, stockLocations.facilityId))
    .orderBy(desc(stockLocations.active), asc(stockLocations.name));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    active: r.active,
    facility: namedRef(r.facilityId, r.facilityName),
  }));
}

export async function createStockLocation(
  caller: ChangeCaller,
  input: z.output<typeof stockLocationCreateInput>,
  _deps: ChangeDeps,
): Promise<StockLocation> {
  if (input.facilityId) {
    const [facility] = await caller.db
      .select({ id: facilities.id })
      .from(facilities)
      .where(eq(facilities.id, input.facilityId));
    if (!facility) throw new AppError('BAD_REQUEST', 'maintenance.facilityNotFound');
  }
  const created = await conflictIfTaken(
    () =>
      callerChange(
        caller,
        async (tx) => onlyRow(await tx.insert(stockLocations).values(input).returning({ id: stockLocations.id })),
        (row) => ({
          action: 'stockLocations.create',
          target: row.id,
          details: { name: input.name },
        }),
      ),
    'spareParts.locationNameTaken',
    { name: input.name },
  );
  const all = await listStockLocations(caller.db);
  const found = all.find((l) => l.id === created.id);
  if (!found) throw new AppError('INTERNAL_SERVER_ERROR', 'error.internal');
  return found;
}

/**
 * One movement of a part by hand and its audit entry (`action`, the part's code, the movement's id
 * and `details`) in one transaction; answers the part as it then stands. The part must be active
 * and each location it leaves or enters too.
 */
async function auditedMovement(
  caller: ChangeCaller,
  movement: Movement,
  action: string,
  details: Record<string, unknown>,
): Promise<PartDetail> {
  const part = await requireActivePart(caller.db, movement.partId);
  if (movement.fromLocationId) await requireLocation(caller.db, movement.fromLocationId);
  if (movement.toLocationId) await requireLocation(caller.db, movement.toLocationId);
  await callerChange(
    caller,
    (tx) => applyMovement(tx, movement),
    (moved) => ({
      action,
      target: movement.partId,
      details: { code: part.code, movementId: moved.id, ...details },
    }),
  );
  return getPart(caller.db, movement.partId);
}

/** Counted stock differs from the books: one `adjusted` movement in or out, with its reason. */
export async function adjustStock(
  caller: ChangeCaller,
  input: z.output<typeof stockAdjustmentInput>,
  _deps: ChangeDeps,
): Promise<PartDetail> {
  return auditedMovement(
    caller,
    {
      partId: input.partId,
      kind: 'adjusted',
      quantity: input.quantity,
      ...(input.direction === 'in' ? { toLocationId: input.locationId } : { fromLocationId: input.locationId }),
      reason: input.reason,
      createdBy: caller.actor.id,
    },
    'stock.adjust',
    {
      direction: input.direction,
      quantity: input.quantity,
      locationId: input.locationId,
      reason: input.reason,
    },
  );
}

/** Moves stock from one location to another (one `transferred` movement). */
export async function transferStock(
  caller: ChangeCaller,
  input: z.output<typeof stockTransferInput>,
  _deps: ChangeDeps,
): Promise<PartDetail> {
  return auditedMovement(
    caller,
    {
      partId: input.partId,
      kind: 'transferred',
      quantity: input.quantity,
      fromLocationId: input.fromLocationId,
      toLocationId: input.toLocationId,
      createdBy: caller.actor.id,
    },
    'stock.transfer',
    { ...input },
  );
}

const dayRow = z.object({ id: z.string(), name: z.string(), quantity: z.coerce.string() });

/**
 * The stock of a part at the end of `day` in the site's time zone: per location, Σ entering −
 * Σ leaving of its movements up to then (ADR 024), one range scan of (part_id, created_at).
 */
export async function stockOnDay(db: Database, input: z.output<typeof stockOnDayInput>): Promise<StockOnDay> {
  const [part] = await db.select({ id: parts.id }).from(parts).where(eq(parts.id, input.partId));
  if (!part) throw new AppError('NOT_FOUND', 'spareParts.notFound');
  const rows = parseRows(
    dayRow,
    await db.execute(sql`
      with zone as (
        select coalesce(
                 (select timezone from facilities group by timezone order by count(*) desc, timezone limit 1),
                 ${SITE_ZONE_FALLBACK}) as tz
      ), bound as (select ((${input.day}::date + 1)::timestamp at time zone tz) as t from zone),
      moved as (
        select m.to_location_id as location_id, m.quantity as q
          from stock_movements m, bound
         where m.part_id = ${input.partId} and m.to_location_id is not null and m.created_at < bound.t
        union all
        select m.from_location_id, -m.quantity
          from stock_movements m, bound
         where m.part_id = ${input.partId} and m.from_location_id is not null and m.created_at < bound.t
      )
      select l.id, l.name, sum(moved.q)::numeric(14, 3) as quantity
        from moved join stock_locations l on l.id = moved.location_id
       group by l.id, l.name
       order by l.name`),
  );
  return {
    day: input.day,
    stockByLocation: rows.map((r) => ({ location: { id: r.id, name: r.name }, quantity: r.quantity })),
    total: sumDecimals(
      rows.map((r) => r.quantity),
      QUANTITY_SCALE,
    ),
  };
}
