import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { workOrders } from '@sentinela/db/schema/maintenance';
import {
  parts,
  partStock,
  purchaseOrderLines,
  purchaseOrders,
  stockLocations,
  stockMovements,
  suppliers,
} from '@sentinela/db/schema/procurement';
import { searchTextMatches } from '@sentinela/db/sql-helpers';
import { pageOffset } from '@sentinela/shared/page';
import type { partInput, partUpdateInput } from '@sentinela/shared/procurement';
import {
  PART_MOVEMENTS_SHOWN,
  type PartDetail,
  type PartItem,
  type partListInput,
  type PartListOutput,
  type PartOption,
  type partSetActiveInput,
} from '@sentinela/shared/spare-parts';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError, onlyRow } from '../../platform/errors';
import { conflictIfTaken } from '../../platform/sql-state';
import type { ChangeDeps } from '../../trpc/procedures';
import { namedRef, numberedRef } from '../../platform/refs';

/** A part's stock over all its locations, as numeric(14, 3) text. */
// Subqueries spell their tables out: Drizzle leaves a one-table query's columns unqualified.
const totalStock = sql<string>`coalesce((select sum(ps.quantity) from part_stock ps where ps.part_id = "parts"."id"), 0)::numeric(14, 3)`;
const defaultLocation = alias(stockLocations, 'default_location');

const itemColumns = {
  id: parts.id,
  code: parts.code,
  description: parts.description,
  unit: parts.unit,
  minimumStock: parts.minimumStock,
  stock: totalStock,
  belowMinimum: sql<boolean>`${totalStock} < ${parts.minimumStock}`.mapWith(Boolean),
  supplierId: suppliers.id,
  supplierName: sql<string | null>`coalesce(${suppliers.tradeName}, ${suppliers.legalName})`,
  locationId: defaultLocation.id,
  locationName: defaultLocation.name,
  compatibleKinds: parts.compatibleKinds,
  active: parts.active,
};

function selectItems(db: Database) {
  return db
    .select(itemColumns)
    .from(parts)
    .leftJoin(suppliers, eq(suppliers.id, parts.preferredSupplierId))
    .leftJoin(defaultLocation, eq(defaultLocation.id, parts.defaultLocationId));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(r: ItemRow): PartItem {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    unit: r.unit,
    minimumStock: r.minimumStock,
    stock: String(r.stock),
    belowMinimum: r.belowMinimum,
    preferredSupplier: r.supplierId ? { id: r.supplierId, name: r.supplierName ?? '' } : null,
    defaultLocation: namedRef(r.locationId, r.locationName),
    compatibleKinds: r.compatibleKinds,
    active: r.active,
  };
}

type ListInput = z.output<typeof partListInput>;

function filterConditions(input: Omit<ListInput, 'page' | 'pageSize'>): SQL[] {
  const where: SQL[] = [eq(parts.active, input.active)];
  if (input.search) where.push(searchTextMatches(input.search, parts.searchText));
  if (input.belowMinimum) where.push(sql`${totalStock} < ${parts.minimumStock}`);
  if (input.locationId)
    where.push(
      or(
        eq(parts.defaultLocationId, input.locationId),
        sql`exists (select 1 from part_stock ps where ps.part_id = "parts"."id" and ps.location_id = ${input.locationId} and ps.quantity > 0)`,
      ) as SQL,
    );
  if (input.equipmentKind) where.push(sql`${input.equipmentKind} = any(${parts.compatibleKinds})`);
  if (input.supplierId) where.push(eq(parts.preferredSupplierId, input.supplierId));
  return where;
}

/** Parts the filters match, by code: the page and the CSV export. */
export async function partRows(db: Database, input: ListInput, limit: number, offset: number): Promise<PartItem[]> {
  const rows = await selectItems(db)
    .where(and(...filterConditions(input)))
    .orderBy(asc(parts.code))
    .limit(limit)
    .offset(offset);
  return rows.map(toItem);
}

export async function listParts(db: Database, input: ListInput): Promise<PartListOutput> {
  const [items, [total]] = await Promise.all([
    partRows(db, input, input.pageSize, pageOffset(input)),
    db
      .select({ n: count() })
      .from(parts)
      .where(and(...filterConditions(input))),
  ]);
  return { items, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** R$ per unit of the part's last received purchase (the order line of its latest `received` movement). */
export function lastUnitPriceSql(partId: SQL | string): SQL<string | null> {
  return sql<string | null>`(select l.unit_price from stock_movements m
    join purchase_order_lines l on l.id = m.purchase_order_line_id
    where m.part_id = ${partId} and m.kind = 'received'
    order by m.created_at desc limit 1)`;
}

/** Stock per location of some parts (locations holding some, or once holding some), by name. */
export async function stockByLocation(db: Database, partIds: string[]) {
  if (partIds.length === 0) return [];
  return db
    .select({
      partId: partStock.partId,
      id: stockLocations.id,
      name: stockLocations.name,
      quantity: partStock.quantity,
    })
    .from(partStock)
    .innerJoin(stockLocations, eq(stockLocations.id, partStock.locationId))
    .where(inArray(partStock.partId, partIds))
    .orderBy(asc(stockLocations.name));
}

const fromLocation = alias(stockLocations, 'from_location');
const toLocation = alias(stockLocations, 'to_location');

/** One part with its stock per location and its latest movements (who and when). */
export async function getPart(db: Database, id: string): Promise<PartDetail> {
  const [[row], [extra], stock, movements] = await Promise.all([
    selectItems(db).where(eq(parts.id, id)),
    db
      .select({ createdAt: parts.createdAt, updatedAt: parts.updatedAt, lastUnitPrice: lastUnitPriceSql(id) })
      .from(parts)
      .where(eq(parts.id, id)),
    stockByLocation(db, [id]),
    db
      .select({
        id: stockMovements.id,
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        fromId: fromLocation.id,
        fromName: fromLocation.name,
        toId: toLocation.id,
        toName: toLocation.name,
        reason: stockMovements.reason,
        workOrderId: workOrders.id,
        workOrderNumber: workOrders.number,
        purchaseOrderId: purchaseOrders.id,
        purchaseOrderNumber: purchaseOrders.number,
        createdBy: stockMovements.createdBy,
        userName: users.name,
        at: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(fromLocation, eq(fromLocation.id, stockMovements.fromLocationId))
      .leftJoin(toLocation, eq(toLocation.id, stockMovements.toLocationId))
      .leftJoin(workOrders, eq(workOrders.id, stockMovements.workOrderId))
      .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.id, stockMovements.purchaseOrderLineId))
      .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
      .leftJoin(users, eq(users.id, stockMovements.createdBy))
      .where(eq(stockMovements.partId, id))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(PART_MOVEMENTS_SHOWN + 1),
  ]);
  if (!row || !extra) throw new AppError('NOT_FOUND', 'spareParts.notFound');
  return {
    ...toItem(row),
    ...extra,
    lastUnitPrice: extra.lastUnitPrice === null ? null : String(extra.lastUnitPrice),
    stockByLocation: stock.map((s) => ({ location: { id: s.id, name: s.name }, quantity: s.quantity })),
    movementsTruncated: movements.length > PART_MOVEMENTS_SHOWN,
    movements: movements.slice(0, PART_MOVEMENTS_SHOWN).map((m) => ({
      id: m.id,
      kind: m.kind,
      quantity: m.quantity,
      from: namedRef(m.fromId, m.fromName),
      to: namedRef(m.toId, m.toName),
      reason: m.reason,
      workOrder: numberedRef(m.workOrderId, m.workOrderNumber),
      purchaseOrder: numberedRef(m.purchaseOrderId, m.purchaseOrderNumber),
      by: m.userName ?? m.createdBy,
      at: m.at,
    })),
  };
}

/** Active parts for a work order's picker (code or description), each with its stock per location. */
export async function partOptions(db: Database, input: { search?: string | undefined }): Promise<PartOption[]> {
  const where: SQL[] = [eq(parts.active, true)];
  if (input.search) where.push(searchTextMatches(input.search, parts.searchText));
  const found = await db
    .select({ id: parts.id, code: parts.code, description: parts.description, unit: parts.unit })
    .from(parts)
    .where(and(...where))
    .orderBy(asc(parts.code))
    .limit(30);
  const stock = await stockByLocation(
    db,
    found.map((p) => p.id),
  );
  return found.map((p) => ({
    ...p,
    stockByLocation: stock
      .filter((s) => s.partId === p.id && Number(s.quantity) > 0)
      .map((s) => ({ location: { id: s.id, name: s.name }, quantity: s.quantity })),
  }));
}

/** Refuses a preferred supplier or default location that does not exist (or a location no longer used). */
async function checkReferences(
  db: Database,
  input: { preferredSupplierId: string | null; defaultLocationId: string | null },
): Promise<void> {
  if (input.preferredSupplierId) {
    const [found] = await db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.id, input.preferredSupplierId));
    if (!found) throw new AppError('BAD_REQUEST', 'spareParts.supplierNotFound');
  }
  if (input.defaultLocationId) await requireLocation(db, input.defaultLocationId);
}

/** An active stock location, or a clear refusal. */
export async function requireLocation(db: Database, id: string): Promise<{ id: string; name: string }> {
  const [found] = await db
    .select({ id: stockLocations.id, name: stockLocations.name })
    .from(stockLocations)
    .where(and(eq(stockLocations.id, id), eq(stockLocations.active, true)));
  if (!found) throw new AppError('BAD_REQUEST', 'spareParts.locationNotFound');
  return found;
}

/** The part, active, or a clear refusal (retired parts keep their history but do not move). */
export async function requireActivePart(db: Database, id: string): Promise<{ id: string; code: string }> {
  const [found] = await db
    .select({ id: parts.id, code: parts.code, active: parts.active })
    .from(parts)
    .where(eq(parts.id, id));
  if (!found) throw new AppError('NOT_FOUND', 'spareParts.notFound');
  if (!found.active) throw new AppError('CONFLICT', 'spareParts.inactive', { code: found.code });
  return found;
}

/** Runs a part's write, turning a taken code into a clear conflict. */
function codeGuard<T>(code: string, write: () => Promise<T>): Promise<T> {
  return conflictIfTaken(write, 'spareParts.codeTaken', { code });
}

export async function createPart(
  caller: ChangeCaller,
  input: z.output<typeof partInput>,
  _deps: ChangeDeps,
): Promise<PartDetail> {
  await checkReferences(caller.db, input);
  const created = await codeGuard(input.code, () =>
    callerChange(
      caller,
      async (tx) => onlyRow(await tx.insert(parts).values(input).returning({ id: parts.id })),
      (part) => ({
        action: 'parts.create',
        target: part.id,
        details: { code: input.code },
      }),
    ),
  );
  return getPart(caller.db, created.id);
}

export async function updatePart(
  caller: ChangeCaller,
  input: z.output<typeof partUpdateInput>,
  _deps: ChangeDeps,
): Promise<PartDetail> {
  const { id, ...values } = input;
  await checkReferences(caller.db, values);
  await codeGuard(values.code, () =>
    callerChange(
      caller,
      async (tx) => {
        const changed = await tx.update(parts).set(values).where(eq(parts.id, id)).returning({ id: parts.id });
        if (changed.length === 0) throw new AppError('NOT_FOUND', 'spareParts.notFound');
      },
      () => ({
        action: 'parts.update',
        target: id,
        details: { code: values.code, minimumStock: values.minimumStock },
      }),
    ),
  );
  return getPart(caller.db, id);
}

/** Retires a part (it keeps its movements; it no longer moves nor shows in pickers) or brings it back. */
export async function setPartActive(
  caller: ChangeCaller,
  input: z.output<typeof partSetActiveInput>,
  _deps: ChangeDeps,
): Promise<PartDetail> {
  await callerChange(
    caller,
    async (tx) => {
      const changed = await tx
        .update(parts)
        .set({ active: input.active })
        .where(eq(parts.id, input.id))
        .returning({ code: parts.code });
      if (!changed[0]) throw new AppError('NOT_FOUND', 'spareParts.notFound');
      return changed[0];
    },
    (part) => ({
      action: input.active ? 'parts.reactivate' : 'parts.retire',
      target: input.id,
      details: { code: part.code },
    }),
  );
  return getPart(caller.db, input.id);
}

/** Suppliers a part may prefer (active, by name): the part form's choices. */
export function supplierOptions(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: suppliers.id, name: sql<string>`coalesce(${suppliers.tradeName}, ${suppliers.legalName})` })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(sql`2`);
}
