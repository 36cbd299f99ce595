import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { workOrders } from '@sentinela/db/schema/maintenance';
import {
  parts,
  purchaseOrderLines,
  purchaseOrders,
  purchaseOrderSequences,
  stockLocations,
  suppliers,
} from '@sentinela/db/schema/procurement';
import { searchTextMatches } from '@sentinela/db/sql-helpers';
import { sumDecimals } from '@sentinela/shared/decimal';
import { pageOffset } from '@sentinela/shared/page';
import {
  defaultPurchaseApprovalSettings,
  PURCHASE_APPROVAL_SETTINGS_KEY,
  purchaseApprovalSettingsSchema,
  purchaseOrderStatusValues,
  type PurchaseApprovalSettings,
  type PurchaseOrderStatus,
  type purchaseOrderInput,
  type purchaseOrderUpdateInput,
} from '@sentinela/shared/procurement';
import type {
  PurchaseOrderCounts,
  PurchaseOrderDetail,
  PurchaseOrderItem,
  PurchaseOrderOptions,
  purchaseOrdersListInput,
  PurchaseOrdersListOutput,
} from '@sentinela/shared/purchase-orders';
import { auditHistory, callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError, onlyRow } from '../../platform/errors';
import { tallyStatusTabs } from '../../platform/status-tabs';
import { readSetting, replaceSettings } from '../../platform/settings-store';
import { nextYearlyNumber, numberingYear } from '../../platform/yearly-numbers';
import { numberedRef } from '../../platform/refs';

/**
 * The calendar purchase orders live by (numbering year, "today" for lateness, the date filters):
 * the plant's, in Brazil. Orders belong to no facility, so there is no facility's zone to take.
 */
export const PURCHASING_TIME_ZONE = 'America/Sao_Paulo';

/** Today's date where purchasing happens, as SQL. */
const today = (now: Date) => sql`(${now.toISOString()}::timestamptz at time zone ${PURCHASING_TIME_ZONE})::date`;

/** Still awaited and past its expected day. */
export function lateCondition(now: Date): SQL {
  return sql`(${purchaseOrders.status} in ('submitted', 'approved', 'partially_received') and ${purchaseOrders.expectedDelivery} < ${today(now)})`;
}

/** The sum of an order's line totals, exact (numeric), as text. */
const linesTotalSql = sql`(select coalesce(sum(l.line_total), 0) from ${purchaseOrderLines} l where l.order_id = purchase_orders.id)`;

const itemColumns = (now: Date) => ({
  id: purchaseOrders.id,
  number: purchaseOrders.number,
  status: purchaseOrders.status,
  supplierId: suppliers.id,
  supplierName: sql<string>`coalesce(${suppliers.tradeName}, ${suppliers.legalName})`,
  workOrderId: workOrders.id,
  workOrderNumber: workOrders.number,
  expectedDelivery: purchaseOrders.expectedDelivery,
  late: sql<boolean>`coalesce(${lateCondition(now)}, false)`.mapWith(Boolean),
  createdAt: purchaseOrders.createdAt,
  lineCount: sql<number>`(select count(*) from ${purchaseOrderLines} l where l.order_id = purchase_orders.id)`.mapWith(
    Number,
  ),
  total: sql<string>`(${linesTotalSql} + ${purchaseOrders.freight})::numeric(14, 2)::text`,
});

function selectItems(db: Database, now: Date) {
  return db
    .select(itemColumns(now))
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .leftJoin(workOrders, eq(workOrders.id, purchaseOrders.workOrderId));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(r: ItemRow): PurchaseOrderItem {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    supplier: { id: r.supplierId, name: r.supplierName },
    workOrder: numberedRef(r.workOrderId, r.workOrderNumber),
    expectedDelivery: r.expectedDelivery,
    late: r.late,
    createdAt: r.createdAt,
    lineCount: r.lineCount,
    total: r.total,
  };
}

type ListInput = z.output<typeof purchaseOrdersListInput>;

/** A calendar day's start where purchasing happens. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone ${PURCHASING_TIME_ZONE}`;

/** The list's filters but the status: the counts by status are taken over these (suppliers joined). */
function filterConditions(input: Omit<ListInput, 'page' | 'pageSize'>): SQL[] {
  const where: SQL[] = [];
  if (input.search)
    where.push(
      sql`(${searchTextMatches(input.search, purchaseOrders.searchText)} or ${searchTextMatches(input.search, suppliers.searchText)})`,
    );
  if (input.supplierId) where.push(eq(purchaseOrders.supplierId, input.supplierId));
  if (input.workOrderId) where.push(eq(purchaseOrders.workOrderId, input.workOrderId));
  if (input.from) where.push(sql`${purchaseOrders.createdAt} >= ${dayStart(input.from)}`);
  if (input.to) where.push(sql`${purchaseOrders.createdAt} < ${dayStart(input.to)} + interval '1 day'`);
  return where;
}

/** Orders the filters (status included) match, newest first: the page and the CSV export. */
export async function purchaseOrderRows(
  db: Database,
  input: Omit<ListInput, 'page' | 'pageSize'>,
  now: Date,
  limit: number,
  offset: number,
): Promise<PurchaseOrderItem[]> {
  const where = filterConditions(input);
  if (input.status) where.push(eq(purchaseOrders.status, input.status));
  const rows = await selectItems(db, now)
    .where(and(...where))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number))
    .limit(limit)
    .offset(offset);
  return rows.map(toItem);
}

/** One page of orders, newest first, with counts by status (and late) over every order the other filters match. */
export async function listPurchaseOrders(db: Database, input: ListInput, now: Date): Promise<PurchaseOrdersListOutput> {
  const [items, countRows] = await Promise.all([
    purchaseOrderRows(db, input, now, input.pageSize, pageOffset(input)),
    db
      .select({
        status: purchaseOrders.status,
        late: sql<boolean>`coalesce(${lateCondition(now)}, false)`.mapWith(Boolean),
        n: count(),
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(and(...filterConditions(input)))
      .groupBy(purchaseOrders.status, sql`2`),
  ]);
  const counts: PurchaseOrderCounts = tallyStatusTabs(countRows, purchaseOrderStatusValues, 'late');
  const total = input.status ? counts[input.status] : counts.total;
  return { items, total, page: input.page, pageSize: input.pageSize, counts };
}

/** One order with its lines, totals and history (its audited transitions, oldest first). */
export async function getPurchaseOrder(db: Database, id: string, now: Date): Promise<PurchaseOrderDetail> {
  const [[row], [extra], lines, history] = await Promise.all([
    selectItems(db, now).where(eq(purchaseOrders.id, id)),
    db
      .select({
        cnpj: suppliers.cnpj,
        workOrderTitle: workOrders.title,
        freight: purchaseOrders.freight,
        notes: purchaseOrders.notes,
        submittedAt: purchaseOrders.submittedAt,
        approvedAt: purchaseOrders.approvedAt,
        receivedAt: purchaseOrders.receivedAt,
        cancelledAt: purchaseOrders.cancelledAt,
        cancelReason: purchaseOrders.cancelReason,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .leftJoin(workOrders, eq(workOrders.id, purchaseOrders.workOrderId))
      .where(eq(purchaseOrders.id, id)),
    db
      .select({
        id: purchaseOrderLines.id,
        position: purchaseOrderLines.position,
        partId: purchaseOrderLines.partId,
        partCode: parts.code,
        description: purchaseOrderLines.description,
        quantity: purchaseOrderLines.quantity,
        unit: purchaseOrderLines.unit,
        unitPrice: purchaseOrderLines.unitPrice,
        lineTotal: sql<string>`${purchaseOrderLines.lineTotal}::text`,
        receivedQuantity: purchaseOrderLines.receivedQuantity,
      })
      .from(purchaseOrderLines)
      .leftJoin(parts, eq(parts.id, purchaseOrderLines.partId))
      .where(eq(purchaseOrderLines.orderId, id))
      .orderBy(asc(purchaseOrderLines.position)),
    auditHistory(db, id),
  ]);
  if (!row || !extra) throw new AppError('NOT_FOUND', 'purchaseOrders.notFound');
  const item = toItem(row);
  return {
    ...item,
    supplier: { ...item.supplier, cnpj: extra.cnpj },
    workOrder: item.workOrder ? { ...item.workOrder, title: extra.workOrderTitle ?? '' } : null,
    freight: extra.freight,
    linesTotal: sumDecimals(
      lines.map((l) => l.lineTotal),
      2,
    ),
    notes: extra.notes,
    submittedAt: extra.submittedAt,
    approvedAt: extra.approvedAt,
    receivedAt: extra.receivedAt,
    cancelledAt: extra.cancelledAt,
    cancelReason: extra.cancelReason,
    lines,
    history,
  };
}

/** The operator's approval limit in force: the stored setting when it validates, else the default. */
export function getPurchaseApproval(db: Database): Promise<PurchaseApprovalSettings> {
  return readSetting(
    db,
    PURCHASE_APPROVAL_SETTINGS_KEY,
    purchaseApprovalSettingsSchema,
    defaultPurchaseApprovalSettings,
  );
}

/** Replaces the operator's approval limit (administrators; audited with the old and new value). */
export function setPurchaseApproval(
  caller: ChangeCaller,
  next: PurchaseApprovalSettings,
): Promise<PurchaseApprovalSettings> {
  return replaceSettings(caller, {
    action: 'settings.setPurchaseApproval',
    target: PURCHASE_APPROVAL_SETTINGS_KEY,
    read: getPurchaseApproval,
    values: { [PURCHASE_APPROVAL_SETTINGS_KEY]: next },
    after: next,
  });
}

/** The form's choices: active suppliers, parts (with the last price ordered) and locations, open work orders. */
export async function purchaseOrderOptions(db: Database): Promise<PurchaseOrderOptions> {
  const [supplierRows, partRows, locations, orders, approval] = await Promise.all([
    db
      .select({ id: suppliers.id, name: sql<string>`coalesce(${suppliers.tradeName}, ${suppliers.legalName})` })
      .from(suppliers)
      .where(eq(suppliers.active, true))
      .orderBy(sql`2`),
    db
      .select({
        id: parts.id,
        code: parts.code,
        description: parts.description,
        unit: parts.unit,
        defaultLocationId: parts.defaultLocationId,
        stock: sql<string>`(select coalesce(sum(s.quantity), 0) from part_stock s where s.part_id = parts.id)::numeric(14, 3)::text`,
        lastPrice: sql<string | null>`(select l.unit_price::text from ${purchaseOrderLines} l
          join ${purchaseOrders} o on o.id = l.order_id
          where l.part_id = parts.id and o.status <> 'cancelled' order by o.created_at desc limit 1)`,
      })
      .from(parts)
      .where(eq(parts.active, true))
      .orderBy(asc(parts.code)),
    db
      .select({ id: stockLocations.id, name: stockLocations.name })
      .from(stockLocations)
      .where(eq(stockLocations.active, true))
      .orderBy(asc(stockLocations.name)),
    db
      .select({ id: workOrders.id, number: workOrders.number, title: workOrders.title })
      .from(workOrders)
      .where(inArray(workOrders.status, ['scheduled', 'in_progress']))
      .orderBy(desc(workOrders.number))
      .limit(500),
    getPurchaseApproval(db),
  ]);
  return {
    suppliers: supplierRows,
    parts: partRows,
    locations,
    workOrders: orders,
    operatorLimit: approval.operatorLimit,
  };
}

type OrderInput = z.output<typeof purchaseOrderInput>;

/** Checks what an order names: an active supplier, active parts, an existing work order. */
async function checkReferences(db: Database, input: OrderInput): Promise<void> {
  const [supplier] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, input.supplierId), eq(suppliers.active, true)));
  if (!supplier) throw new AppError('BAD_REQUEST', 'purchaseOrders.supplierNotFound');
  const partIds = [...new Set(input.lines.flatMap((l) => (l.partId ? [l.partId] : [])))];
  if (partIds.length > 0) {
    const found = await db
      .select({ id: parts.id })
      .from(parts)
      .where(and(inArray(parts.id, partIds), eq(parts.active, true)));
    if (found.length !== partIds.length) throw new AppError('BAD_REQUEST', 'purchaseOrders.partNotFound');
  }
  if (input.workOrderId) {
    const [order] = await db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.id, input.workOrderId));
    if (!order) throw new AppError('BAD_REQUEST', 'purchaseOrders.workOrderNotFound');
  }
}

const lineRows = (orderId: string, input: OrderInput) =>
  input.lines.map((l, position) => ({
    orderId,
    position,
    partId: l.partId,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
  }));

/** Creates a draft with its lines, numbered, audited. */
export async function createPurchaseOrder(
  caller: ChangeCaller,
  input: OrderInput,
  deps: { now: () => Date },
  details: Record<string, unknown> = {},
): Promise<PurchaseOrderDetail> {
  const { db } = caller;
  const now = deps.now();
  await checkReferences(db, input);
  const created = await callerChange(
    caller,
    async (tx) => {
      // `PC-2026-0001`, in the calendar year where purchasing happens.
      const number = await nextYearlyNumber(tx, purchaseOrderSequences, 'PC', numberingYear(now, PURCHASING_TIME_ZONE));
      const order = onlyRow(
        await tx
          .insert(purchaseOrders)
          .values({
            number,
            supplierId: input.supplierId,
            expectedDelivery: input.expectedDelivery,
            workOrderId: input.workOrderId,
            freight: input.freight,
            notes: input.notes,
            createdBy: caller.actor.id,
            createdAt: now,
          })
          .returning({ id: purchaseOrders.id, number: purchaseOrders.number }),
      );
      await tx.insert(purchaseOrderLines).values(lineRows(order.id, input));
      return order;
    },
    (order) => ({
      action: 'purchaseOrders.create',
      target: order.id,
      details: { number: order.number, supplierId: input.supplierId, lines: input.lines.length, ...details },
    }),
  );
  return getPurchaseOrder(db, created.id, now);
}

export interface LockedOrder {
  id: string;
  number: string;
  status: PurchaseOrderStatus;
}

/**
 * The order, locked for this transaction: two changes to one order (two receipts, an edit and a
 * submission) run one after the other.
 */
export async function lockOrder(tx: Database, id: string): Promise<LockedOrder> {
  const [order] = await tx
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', 'purchaseOrders.notFound');
  return order;
}

/** Replaces a draft's header and lines (only drafts change), audited. */
export async function updatePurchaseOrder(
  caller: ChangeCaller,
  input: z.output<typeof purchaseOrderUpdateInput>,
  deps: { now: () => Date },
): Promise<PurchaseOrderDetail> {
  const { db } = caller;
  await checkReferences(db, input);
  const order = await callerChange(
    caller,
    async (tx) => {
      const locked = await lockOrder(tx, input.id);
      if (locked.status !== 'draft')
        throw new AppError('CONFLICT', 'purchaseOrders.onlyDraftEdited', { number: locked.number });
      await tx
        .update(purchaseOrders)
        .set({
          supplierId: input.supplierId,
          expectedDelivery: input.expectedDelivery,
          workOrderId: input.workOrderId,
          freight: input.freight,
          notes: input.notes,
        })
        .where(eq(purchaseOrders.id, input.id));
      await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, input.id));
      await tx.insert(purchaseOrderLines).values(lineRows(input.id, input));
      return locked;
    },
    (locked) => ({
      action: 'purchaseOrders.update',
      target: locked.id,
      details: { number: locked.number, lines: input.lines.length },
    }),
  );
  return getPurchaseOrder(db, order.id, deps.now());
}
