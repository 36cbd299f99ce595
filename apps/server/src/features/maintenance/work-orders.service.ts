import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { workOrderChecklistItems, workOrders, workOrderSequences } from '@sentinela/db/schema/maintenance';
import { alerts, equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import { searchMatches, searchTextMatches } from '@sentinela/db/sql-helpers';
import {
  openWorkOrderStatuses,
  workOrderStatusValues,
  type WorkOrderDetail,
  type WorkOrderItem,
  type WorkOrderStatus,
  type workOrderCreateInput,
  type workOrdersListInput,
  type WorkOrdersListOutput,
} from '@sentinela/shared/maintenance';
import { sumMoney } from '@sentinela/shared/money';
import { pageOffset } from '@sentinela/shared/page';
import { auditHistory, callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError, onlyRow } from '../../platform/errors';
import { tallyStatusTabs } from '../../platform/status-tabs';
import { nextYearlyNumber, numberingYear } from '../../platform/yearly-numbers';
import type { ChangeDeps } from '../../trpc/procedures';
import { namedRef } from '../../platform/refs';

/** Open and past its scheduled end (scheduled time + expected duration). */
export function overdueCondition(now: Date): SQL {
  return sql`(${workOrders.status} in ('scheduled', 'in_progress') and ${workOrders.scheduledAt} + ${workOrders.durationHours} * interval '1 hour' < ${now.toISOString()}::timestamptz)`;
}

/** What every view of an order shows: its heading, when it is due and whether it is overdue. */
export const summaryColumns = (now: Date) => ({
  id: workOrders.id,
  number: workOrders.number,
  title: workOrders.title,
  kind: workOrders.kind,
  priority: workOrders.priority,
  status: workOrders.status,
  scheduledAt: workOrders.scheduledAt,
  overdue: sql<boolean>`${overdueCondition(now)}`.mapWith(Boolean),
});

const itemColumns = (now: Date) => ({
  ...summaryColumns(now),
  durationHours: workOrders.durationHours,
  equipmentId: workOrders.equipmentId,
  equipmentName: equipment.name,
  equipmentKind: equipment.kind,
  facilityId: facilities.id,
  facilityName: facilities.name,
  timezone: facilities.timezone,
  roomId: rooms.id,
  roomName: rooms.name,
  technicianId: workOrders.technicianId,
  technicianName: sql<string | null>`coalesce(${users.name}, ${workOrders.technicianName})`,
  checklistDone:
    sql<number>`(select count(*) from ${workOrderChecklistItems} c where c.work_order_id = ${workOrders.id} and c.done_at is not null)`.mapWith(
      Number,
    ),
  checklistTotal:
    sql<number>`(select count(*) from ${workOrderChecklistItems} c where c.work_order_id = ${workOrders.id})`.mapWith(
      Number,
    ),
  alertId: workOrders.alertId,
  planId: workOrders.planId,
  startedAt: workOrders.startedAt,
  completedAt: workOrders.completedAt,
  partsCost: workOrders.partsCost,
  otherCost: workOrders.otherCost,
});

function selectItems(db: Database, now: Date) {
  return db
    .select(itemColumns(now))
    .from(workOrders)
    .innerJoin(facilities, eq(facilities.id, workOrders.facilityId))
    .leftJoin(equipment, eq(equipment.id, workOrders.equipmentId))
    .leftJoin(rooms, eq(rooms.id, workOrders.roomId))
    .leftJoin(users, eq(users.id, workOrders.technicianId));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(r: ItemRow): WorkOrderItem {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    kind: r.kind,
    priority: r.priority,
    status: r.status,
    scheduledAt: r.scheduledAt,
    durationHours: r.durationHours,
    overdue: r.overdue,
    equipment:
      r.equipmentId && r.equipmentName && r.equipmentKind
        ? { id: r.equipmentId, name: r.equipmentName, kind: r.equipmentKind }
        : null,
    facility: { id: r.facilityId, name: r.facilityName, timezone: r.timezone },
    room: namedRef(r.roomId, r.roomName),
    technician: { id: r.technicianId, name: r.technicianName },
    checklist: { done: r.checklistDone, total: r.checklistTotal },
    alertId: r.alertId,
    planId: r.planId,
    startedAt: r.startedAt,
    completedAt: r.completedAt,
    cost: sumMoney([r.partsCost, r.otherCost]),
  };
}

type ListInput = z.output<typeof workOrdersListInput>;
/** What the list and the calendar filter by. */
export type WorkOrderFilters = Omit<ListInput, 'page' | 'pageSize'>;

/**
 * The list's filters but the status ones: the counts by status are taken over these. The
 * equipment and user tables must be joined (search).
 */
function filterConditions(input: WorkOrderFilters): SQL[] {
  const where: SQL[] = [];
  if (input.search)
    where.push(
      or(
        searchTextMatches(input.search, workOrders.searchText),
        searchTextMatches(input.search, equipment.searchText),
        // The few users once, not a fold per order.
        sql`${workOrders.technicianId} in (select ${users.id} from ${users} where ${searchMatches(input.search, [users.name])})`,
      ) as SQL,
    );
  if (input.kind) where.push(eq(workOrders.kind, input.kind));
  if (input.priority) where.push(eq(workOrders.priority, input.priority));
  if (input.technician === 'unassigned')
    where.push(and(isNull(workOrders.technicianId), isNull(workOrders.technicianName)) as SQL);
  else if (input.technician) where.push(eq(workOrders.technicianId, input.technician));
  if (input.facilityId) where.push(eq(workOrders.facilityId, input.facilityId));
  if (input.equipmentId) where.push(eq(workOrders.equipmentId, input.equipmentId));
  if (input.from) where.push(gte(workOrders.scheduledAt, input.from));
  if (input.to) where.push(lt(workOrders.scheduledAt, input.to));
  return where;
}

/** The status filter: a status, 'open' (scheduled or in progress) or 'overdue'; none for all. */
function statusCondition(status: WorkOrderFilters['status'], now: Date): SQL | undefined {
  if (status === 'open') return inArray(workOrders.status, [...openWorkOrderStatuses]);
  if (status === 'overdue') return overdueCondition(now);
  return status ? eq(workOrders.status, status) : undefined;
}

/**
 * Every filter of the list, the status one included: what the page, the CSV export and the
 * calendar match. The equipment and user tables must be joined (search).
 */
export function listConditions(input: WorkOrderFilters, now: Date): SQL[] {
  const where = filterConditions(input);
  const status = statusCondition(input.status, now);
  if (status) where.push(status);
  return where;
}

/** Orders the list's filters (status included) match, latest scheduled first: the page and the CSV export. */
export async function workOrderRows(
  db: Database,
  input: ListInput,
  now: Date,
  limit: number,
  offset: number,
): Promise<WorkOrderItem[]> {
  const rows = await selectItems(db, now)
    .where(and(...listConditions(input, now)))
    .orderBy(desc(workOrders.scheduledAt), desc(workOrders.number), desc(workOrders.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toItem);
}

/**
 * One page of orders, latest scheduled first, with counts by status over every order the other
 * filters match (the status tabs): `overdue` counts open orders past their scheduled end.
 */
export async function listWorkOrders(db: Database, input: ListInput, now: Date): Promise<WorkOrdersListOutput> {
  const filters = filterConditions(input);
  const [items, countRows] = await Promise.all([
    workOrderRows(db, input, now, input.pageSize, pageOffset(input)),
    db
      .select({
        status: workOrders.status,
        overdue: sql<boolean>`${overdueCondition(now)}`.mapWith(Boolean),
        n: count(),
      })
      .from(workOrders)
      .leftJoin(equipment, eq(equipment.id, workOrders.equipmentId))
      .leftJoin(users, eq(users.id, workOrders.technicianId))
      .where(and(...filters))
      .groupBy(workOrders.status, sql`2`),
  ]);
  const counts: WorkOrdersListOutput['counts'] = tallyStatusTabs(countRows, workOrderStatusValues, 'overdue');
  const total =
    input.status === 'open'
      ? counts.scheduled + counts.in_progress
      : input.status
        ? counts[input.status]
        : counts.total;
  return { items, total, page: input.page, pageSize: input.pageSize, counts };
}

/** One order with its checklist, costs and history (its audited transitions, oldest first). */
export async function getWorkOrder(db: Database, id: string, now: Date): Promise<WorkOrderDetail> {
  const [[row], [extra], checklistItems, history] = await Promise.all([
    selectItems(db, now).where(eq(workOrders.id, id)),
    db
      .select({
        description: workOrders.description,
        notes: workOrders.notes,
        laborHours: workOrders.laborHours,
        partsCost: workOrders.partsCost,
        otherCost: workOrders.otherCost,
        closingNote: workOrders.closingNote,
        cancelReason: workOrders.cancelReason,
        createdAt: workOrders.createdAt,
      })
      .from(workOrders)
      .where(eq(workOrders.id, id)),
    db
      .select({
        id: workOrderChecklistItems.id,
        label: workOrderChecklistItems.label,
        mandatory: workOrderChecklistItems.mandatory,
        doneAt: workOrderChecklistItems.doneAt,
        doneBy: users.name,
      })
      .from(workOrderChecklistItems)
      .leftJoin(users, eq(users.id, workOrderChecklistItems.doneBy))
      .where(eq(workOrderChecklistItems.workOrderId, id))
      .orderBy(asc(workOrderChecklistItems.position)),
    auditHistory(db, id),
  ]);
  if (!row || !extra) throw new AppError('NOT_FOUND', 'maintenance.notFound');
  return {
    ...toItem(row),
    ...extra,
    checklistItems,
    history,
  };
}

export interface LockedOrder {
  id: string;
  number: string;
  status: WorkOrderStatus;
  equipmentId: string | null;
}

/** The order, locked for this transaction (two changes to one order run one after the other). */
export async function lockOrder(tx: Database, id: string): Promise<LockedOrder> {
  const [order] = await tx
    .select({
      id: workOrders.id,
      number: workOrders.number,
      status: workOrders.status,
      equipmentId: workOrders.equipmentId,
    })
    .from(workOrders)
    .where(eq(workOrders.id, id))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', 'maintenance.notFound');
  return order;
}

/** Operators and admins who may be given an order (not disabled), by name. */
export function technicianOptions(db: Database) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(inArray(users.role, ['operator', 'admin']), isNull(users.disabledAt)))
    .orderBy(asc(users.name));
}

/** Checks a technician named by id: an operator or admin who is not disabled. */
export async function checkTechnician(db: Database, technicianId: string | null): Promise<void> {
  if (technicianId === null) return;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, technicianId), inArray(users.role, ['operator', 'admin']), isNull(users.disabledAt)));
  if (!user) throw new AppError('BAD_REQUEST', 'maintenance.technicianNotFound');
}

/** Equipment in service (not retired) and where it stands, or a clear refusal. */
export async function requireEquipment(
  db: Database,
  id: string,
): Promise<{ facilityId: string; roomId: string | null; timezone: string }> {
  const [device] = await db
    .select({ facilityId: equipment.facilityId, roomId: equipment.roomId, timezone: facilities.timezone })
    .from(equipment)
    .innerJoin(facilities, eq(facilities.id, equipment.facilityId))
    .where(and(eq(equipment.id, id), isNull(equipment.retiredAt)));
  if (!device) throw new AppError('BAD_REQUEST', 'maintenance.equipmentNotFound');
  return device;
}

/** A facility and its time zone, or a clear refusal. */
export async function requireFacility(db: Database, id: string): Promise<{ timezone: string }> {
  const [facility] = await db.select({ timezone: facilities.timezone }).from(facilities).where(eq(facilities.id, id));
  if (!facility) throw new AppError('BAD_REQUEST', 'maintenance.facilityNotFound');
  return facility;
}

interface Place {
  equipmentId: string | null;
  facilityId: string;
  roomId: string | null;
  timezone: string;
}

/** Where the order's work is: its equipment's facility and room, or the facility (and room) given. */
async function resolvePlace(
  db: Database,
  input: { equipmentId: string | null; facilityId: string | null; roomId: string | null; alertId: string | null },
): Promise<Place> {
  let equipmentId = input.equipmentId;
  if (input.alertId) {
    const [alert] = await db
      .select({ equipmentId: alerts.equipmentId })
      .from(alerts)
      .where(eq(alerts.id, input.alertId));
    if (!alert) throw new AppError('BAD_REQUEST', 'maintenance.alertNotFound');
    equipmentId ??= alert.equipmentId;
  }
  if (equipmentId) return { equipmentId, ...(await requireEquipment(db, equipmentId)) };
  if (!input.facilityId) throw new AppError('BAD_REQUEST', 'maintenance.facilityNotFound');
  const facility = await requireFacility(db, input.facilityId);
  if (input.roomId) {
    const [room] = await db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, input.roomId), eq(rooms.facilityId, input.facilityId)));
    if (!room) throw new AppError('BAD_REQUEST', 'maintenance.roomNotFound');
  }
  return { equipmentId: null, facilityId: input.facilityId, roomId: input.roomId, timezone: facility.timezone };
}

export interface NewOrderSource {
  planId?: string;
  planDueKey?: string;
}

/**
 * Creates an order (scheduled) with its checklist, numbered in its facility's year, audited.
 * `source` names the preventive plan (and due date) that created it.
 */
export async function createWorkOrder(
  caller: ChangeCaller,
  input: z.output<typeof workOrderCreateInput>,
  deps: Pick<ChangeDeps, 'now'>,
  source: NewOrderSource = {},
): Promise<WorkOrderDetail> {
  const { db } = caller;
  const now = deps.now();
  const place = await resolvePlace(db, input);
  await checkTechnician(db, input.technicianId);
  const created = await callerChange(
    caller,
    async (tx) => {
      // `OS-2026-0001`, in its facility's calendar year when it is created.
      const number = await nextYearlyNumber(tx, workOrderSequences, 'OS', numberingYear(now, place.timezone));
      const order = onlyRow(
        await tx
          .insert(workOrders)
          .values({
            number,
            title: input.title,
            description: input.description,
            equipmentId: place.equipmentId,
            facilityId: place.facilityId,
            roomId: place.roomId,
            kind: input.kind,
            priority: input.priority,
            scheduledAt: input.scheduledAt,
            durationHours: input.durationHours,
            technicianId: input.technicianId,
            technicianName: input.technicianName,
            notes: input.notes,
            alertId: input.alertId,
            planId: source.planId ?? null,
            planDueKey: source.planDueKey ?? null,
            createdBy: caller.actor.id,
            createdAt: now,
          })
          .returning({ id: workOrders.id, number: workOrders.number }),
      );
      if (input.checklist.length > 0)
        await tx.insert(workOrderChecklistItems).values(
          input.checklist.map((item, position) => ({
            workOrderId: order.id,
            position,
            label: item.label,
            mandatory: item.mandatory,
          })),
        );
      return order;
    },
    (order) => ({
      action: 'workOrders.create',
      target: order.id,
      details: {
        number: order.number,
        kind: input.kind,
        priority: input.priority,
        equipmentId: place.equipmentId,
        ...(input.alertId ? { alertId: input.alertId } : {}),
        ...(source.planId ? { planId: source.planId } : {}),
      },
    }),
  );
  return getWorkOrder(db, created.id, now);
}
