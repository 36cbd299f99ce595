import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  workOrderKindValues,
  workOrderPriorityValues,
  workOrderStatusValues,
  type ChecklistItemInput,
} from '@sentinela/shared/maintenance';
import { equipmentKindValues, equipmentStatusValues } from '@sentinela/shared/plant';
import { users } from './accounts';
import { createdAt, money, parentId } from './columns';
import { alerts, equipment, facilities, rooms } from './plant';

/**
 * Preventive plans: recurring work on one equipment or on every equipment of a kind (in a
 * facility, or everywhere), every N days or every N running hours. The scheduler creates each
 * order once (work_orders.plan_due_key).
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    equipmentId: text('equipment_id').references(() => equipment.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: equipmentKindValues }),
    facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'cascade' }),
    everyDays: integer('every_days'),
    everyRunningHours: doublePrecision('every_running_hours'),
    priority: text('priority', { enum: workOrderPriorityValues }).notNull().default('medium'),
    durationHours: doublePrecision('duration_hours').notNull(),
    /** How many days before it is due the order is created (so it shows on the calendar). */
    leadDays: integer('lead_days').notNull().default(7),
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    technicianName: text('technician_name'),
    checklist: jsonb('checklist').$type<ChecklistItemInput[]>().notNull().default([]),
    /** The first due date of a calendar plan; later ones follow every N days. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_plans_equipment_idx').on(t.equipmentId)],
);

/** One work order. Its number (OS-2026-0001) counts per year (work_order_sequences). */
export const workOrders = pgTable(
  'work_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    title: text('title').notNull(),
    description: text('description'),
    /** Kept when the equipment is retired; a deleted equipment (no history) leaves the facility. */
    equipmentId: text('equipment_id').references(() => equipment.id, { onDelete: 'set null' }),
    facilityId: parentId('facility_id', () => facilities.id),
    roomId: uuid('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: workOrderKindValues }).notNull(),
    priority: text('priority', { enum: workOrderPriorityValues }).notNull(),
    status: text('status', { enum: workOrderStatusValues }).notNull().default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    durationHours: doublePrecision('duration_hours').notNull(),
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    /** An outside contractor (when technician_id is null); both null: not assigned. */
    technicianName: text('technician_name'),
    notes: text('notes'),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => maintenancePlans.id, { onDelete: 'set null' }),
    /** Which due date (or running-hours mark) of its plan this order is: created once. */
    planDueKey: text('plan_due_key'),
    /** The equipment's status when the order started, restored when the last open order ends. */
    priorEquipmentStatus: text('prior_equipment_status', { enum: equipmentStatusValues }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    startedBy: uuid('started_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    laborHours: doublePrecision('labor_hours'),
    partsCost: money('parts_cost'),
    otherCost: money('other_cost'),
    closingNote: text('closing_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    /** What the list's search matches of the order itself (number, title, contractor), folded once (migration 0012). */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`search_fold(${workOrders.number} || chr(10) || ${workOrders.title} || chr(10) || coalesce(${workOrders.technicianName}, ''))`,
    ),
  },
  (t) => [
    index('work_orders_status_idx').on(t.status, t.scheduledAt),
    index('work_orders_scheduled_idx').on(t.scheduledAt),
    // Also the lockout's lookup on every command: the orders in progress on an equipment.
    index('work_orders_equipment_idx').on(t.equipmentId, t.status),
    index('work_orders_alert_idx').on(t.alertId),
    uniqueIndex('work_orders_plan_due_key').on(t.planId, t.planDueKey),
  ],
);

export const workOrderChecklistItems = pgTable(
  'work_order_checklist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: parentId('work_order_id', () => workOrders.id),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: uuid('done_by'),
  },
  (t) => [index('work_order_checklist_order_idx').on(t.workOrderId, t.position)],
);

/** The last number given per year: `OS-<year>-<n>` counts up without gaps or repeats. */
export const workOrderSequences = pgTable('work_order_sequences', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
