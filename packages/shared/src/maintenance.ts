import { z } from 'zod';
import { searchSchema } from './equipment';
import { optionalText, requiredText } from './fields';
import {
  openWorkOrderStatuses,
  workOrderKindValues,
  workOrderPriorityValues,
  workOrderStatusValues,
  WORK_ORDER_FIRST_YEAR,
  WORK_ORDER_LAST_YEAR,
} from './maintenance-values';
import { moneySchema } from './money';
import { pageInput, pageOf } from './page';
import { countsOf, equipmentIdSchema, equipmentKindValues, facilityIdSchema, roomIdSchema } from './plant';
import { recordHistoryEntrySchema } from './record-history';

/**
 * Maintenance work orders (PRODUCT.md §3, issue 12): scheduled → in progress (Iniciar) →
 * completed (Concluir), or cancelled with a reason. An order in progress locks its equipment out.
 */

// The plain values live in maintenance-values.ts (no zod, for the client's bundle); named here too.
export { openWorkOrderStatuses, workOrderKindValues, workOrderPriorityValues, workOrderStatusValues };
export type { WorkOrderKind, WorkOrderPriority, WorkOrderStatus } from './maintenance-values';

export const WORK_ORDER_CHECKLIST_MAX = 50;
/** An order's expected duration, hours: a quarter of an hour to a month. */
export const WORK_ORDER_DURATION_MIN = 0.25;
export const WORK_ORDER_DURATION_MAX = 720;
/** Labour hours reported on completion. */
export const WORK_ORDER_LABOR_HOURS_MAX = 10_000;

export const workOrderIdSchema = z.guid('validation.workOrderId');
export const userIdSchema = z.guid('validation.userId');

const scheduleDate = z
  .date('validation.date')
  .refine(
    (d) => d.getUTCFullYear() >= WORK_ORDER_FIRST_YEAR && d.getUTCFullYear() <= WORK_ORDER_LAST_YEAR,
    'validation.dateRange',
  );

const duration = z
  .number('validation.number')
  .min(WORK_ORDER_DURATION_MIN, 'validation.numberRange')
  .max(WORK_ORDER_DURATION_MAX, 'validation.numberRange');

export const checklistItemInput = z.object({
  label: requiredText(200),
  mandatory: z.boolean().default(false),
});
export type ChecklistItemInput = z.input<typeof checklistItemInput>;

const checklist = z.array(checklistItemInput).max(WORK_ORDER_CHECKLIST_MAX, 'validation.checklistTooLong');

/**
 * Who does the work: an operator of the portal (`technicianId`), an outside contractor by name
 * (`technicianName`), or nobody yet ("Não atribuído"); never both.
 */
const technicianFields = {
  technicianId: userIdSchema.nullish().transform((v) => v ?? null),
  technicianName: optionalText(120),
};
const oneTechnician = {
  check: (t: { technicianId: string | null; technicianName: string | null }) =>
    t.technicianId === null || t.technicianName === null,
  message: { message: 'validation.technicianBoth', path: ['technicianName'] },
};

export const workOrderCreateInput = z
  .object({
    title: requiredText(160),
    description: optionalText(4000),
    /** The equipment worked on; without it, the facility (and optionally the room) the work is in. */
    equipmentId: equipmentIdSchema.nullish().transform((v) => v ?? null),
    facilityId: facilityIdSchema.nullish().transform((v) => v ?? null),
    roomId: roomIdSchema.nullish().transform((v) => v ?? null),
    kind: z.enum(workOrderKindValues, 'validation.workOrderKind'),
    priority: z.enum(workOrderPriorityValues, 'validation.workOrderPriority'),
    scheduledAt: scheduleDate,
    durationHours: duration,
    ...technicianFields,
    notes: optionalText(4000),
    checklist: checklist.default([]),
    /** The alert this corrective order answers (opened from the alerts page). */
    alertId: z
      .guid('validation.alertId')
      .nullish()
      .transform((v) => v ?? null),
  })
  // Opened from an alert, the order is at the alert's equipment.
  .refine((o) => o.equipmentId !== null || o.facilityId !== null || o.alertId !== null, {
    message: 'validation.workOrderPlace',
    path: ['equipmentId'],
  })
  .refine(oneTechnician.check, oneTechnician.message);
export type WorkOrderCreateInput = z.input<typeof workOrderCreateInput>;

export const workOrderIdInput = z.object({ id: workOrderIdSchema });

export const workOrderRescheduleInput = z.object({
  id: workOrderIdSchema,
  scheduledAt: scheduleDate,
  durationHours: duration.optional(),
});

export const workOrderReassignInput = z
  .object({ id: workOrderIdSchema, ...technicianFields })
  .refine(oneTechnician.check, oneTechnician.message);

export const workOrderCompleteInput = z.object({
  id: workOrderIdSchema,
  laborHours: z
    .number('validation.number')
    .min(0, 'validation.numberRange')
    .max(WORK_ORDER_LABOR_HOURS_MAX, 'validation.numberRange'),
  partsCost: moneySchema,
  otherCost: moneySchema,
  closingNote: requiredText(4000),
  /** Also clear the alert the order answers, when it is still open (the order's number and note as the note). */
  clearAlert: z.boolean().default(true),
});

export const workOrderCancelInput = z.object({ id: workOrderIdSchema, reason: requiredText(1000) });

export const workOrderCheckInput = z.object({
  id: workOrderIdSchema,
  itemId: z.guid('validation.checklistItem'),
  done: z.boolean(),
});

export const workOrdersListInput = z
  .object({
    search: searchSchema,
    /** A status, or 'open' (scheduled or in progress), or 'overdue' (open and past its scheduled end). */
    status: z.enum([...workOrderStatusValues, 'open', 'overdue']).optional(),
    kind: z.enum(workOrderKindValues).optional(),
    priority: z.enum(workOrderPriorityValues).optional(),
    /** A user id, or 'unassigned'. Contractors are found by search. */
    technician: z.union([userIdSchema, z.literal('unassigned')]).optional(),
    facilityId: facilityIdSchema.optional(),
    equipmentId: equipmentIdSchema.optional(),
    /** Scheduled within [from, to). */
    from: scheduleDate.optional(),
    to: scheduleDate.optional(),
    ...pageInput(25, 200),
  })
  .default({ page: 1, pageSize: 25 });

export const technicianSchema = z.object({
  /** The operator's user id; null for a contractor or nobody. */
  id: z.string().nullable(),
  /** The operator's or contractor's name; null: not assigned. */
  name: z.string().nullable(),
});

export const workOrderItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  kind: z.enum(workOrderKindValues),
  priority: z.enum(workOrderPriorityValues),
  status: z.enum(workOrderStatusValues),
  scheduledAt: z.date(),
  durationHours: z.number(),
  overdue: z.boolean(),
  equipment: z.object({ id: z.string(), name: z.string(), kind: z.enum(equipmentKindValues) }).nullable(),
  facility: z.object({ id: z.string(), name: z.string(), timezone: z.string() }),
  room: z.object({ id: z.string(), name: z.string() }).nullable(),
  technician: technicianSchema,
  checklist: z.object({ done: z.number().int(), total: z.number().int() }),
  alertId: z.string().nullable(),
  planId: z.string().nullable(),
  startedAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  /** Parts + other cost, R$ (exact decimal string); "0.00" until completed. */
  cost: z.string(),
});
export type WorkOrderItem = z.infer<typeof workOrderItemSchema>;

export const workOrderCountsSchema = countsOf(['total', ...workOrderStatusValues, 'overdue']);

export const workOrdersListOutput = pageOf(workOrderItemSchema).extend({
  /** Over every order the filters match, not only this page. */
  counts: workOrderCountsSchema,
});
export type WorkOrdersListOutput = z.infer<typeof workOrdersListOutput>;

/** The most rows one CSV export of the orders carries (read from the database a page at a time). */
export const WORK_ORDERS_CSV_MAX_ROWS = 50_000;

/** The filtered order list as a CSV file in the caller's language (the list's filters; its paging ignored). */
export const workOrdersCsvOutput = z.object({
  filename: z.string(),
  /** UTF-8 text with a byte-order mark, so spreadsheet programs read the accents right. */
  csv: z.string(),
  rows: z.number().int(),
  /** More orders matched than WORK_ORDERS_CSV_MAX_ROWS: only the first ones are in the file. */
  truncated: z.boolean(),
});

export const checklistItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  mandatory: z.boolean(),
  doneAt: z.date().nullable(),
  doneBy: z.string().nullable(),
});

export const workOrderDetailSchema = workOrderItemSchema.extend({
  description: z.string().nullable(),
  notes: z.string().nullable(),
  checklistItems: z.array(checklistItemSchema),
  laborHours: z.number().nullable(),
  partsCost: z.string().nullable(),
  otherCost: z.string().nullable(),
  closingNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.date(),
  history: z.array(recordHistoryEntrySchema),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetailSchema>;

/** The people an order can be assigned to: operators and admins who are not disabled. */
export const technicianOptionsOutput = z.array(z.object({ id: z.string(), name: z.string() }));

// Preventive plans -----------------------------------------------------------------------------

export const PLAN_EVERY_DAYS_MAX = 3650;
export const PLAN_EVERY_HOURS_MAX = 100_000;
export const PLAN_LEAD_DAYS_MAX = 90;

export const planIdSchema = z.guid('validation.planId');

/**
 * A preventive plan: on one equipment, or on every equipment of a kind (in one facility or all);
 * every N calendar days from `startsAt`, or every N running hours. Its orders are created
 * `leadDays` ahead of a calendar due date, or when the running hours are reached.
 */
export const maintenancePlanFields = z
  .object({
    title: requiredText(160),
    description: optionalText(4000),
    equipmentId: equipmentIdSchema.nullish().transform((v) => v ?? null),
    kind: z
      .enum(equipmentKindValues, 'validation.equipmentKind')
      .nullish()
      .transform((v) => v ?? null),
    facilityId: facilityIdSchema.nullish().transform((v) => v ?? null),
    everyDays: z
      .number('validation.number')
      .int('validation.numberRange')
      .min(1, 'validation.numberRange')
      .max(PLAN_EVERY_DAYS_MAX, 'validation.numberRange')
      .nullish()
      .transform((v) => v ?? null),
    everyRunningHours: z
      .number('validation.number')
      .min(1, 'validation.numberRange')
      .max(PLAN_EVERY_HOURS_MAX, 'validation.numberRange')
      .nullish()
      .transform((v) => v ?? null),
    priority: z.enum(workOrderPriorityValues, 'validation.workOrderPriority'),
    durationHours: duration,
    leadDays: z
      .number('validation.number')
      .int('validation.numberRange')
      .min(0, 'validation.numberRange')
      .max(PLAN_LEAD_DAYS_MAX, 'validation.numberRange')
      .default(7),
    ...technicianFields,
    checklist: checklist.default([]),
    startsAt: scheduleDate,
    active: z.boolean().default(true),
  })
  .refine((p) => (p.everyDays === null) !== (p.everyRunningHours === null), {
    message: 'validation.planInterval',
    path: ['everyDays'],
  })
  .refine((p) => (p.equipmentId === null) !== (p.kind === null), {
    message: 'validation.planTarget',
    path: ['equipmentId'],
  })
  .refine(oneTechnician.check, oneTechnician.message);

export const maintenancePlanCreateInput = maintenancePlanFields;
export const maintenancePlanUpdateInput = maintenancePlanFields.and(z.object({ id: planIdSchema }));
export const maintenancePlanIdInput = z.object({ id: planIdSchema });

export const maintenancePlanSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  equipment: z.object({ id: z.string(), name: z.string() }).nullable(),
  kind: z.enum(equipmentKindValues).nullable(),
  facility: z.object({ id: z.string(), name: z.string() }).nullable(),
  everyDays: z.number().nullable(),
  everyRunningHours: z.number().nullable(),
  priority: z.enum(workOrderPriorityValues),
  durationHours: z.number(),
  leadDays: z.number(),
  technician: technicianSchema,
  checklist: z.array(z.object({ label: z.string(), mandatory: z.boolean() })),
  startsAt: z.date(),
  active: z.boolean(),
  /** How many equipment it covers now. */
  targets: z.number().int(),
  /** Calendar plans: the next due date no order exists for yet. */
  nextDueAt: z.date().nullable(),
  /** Running-hours plans: the fewest hours left before one of its equipment is due. */
  hoursLeft: z.number().nullable(),
});
export type MaintenancePlan = z.infer<typeof maintenancePlanSchema>;

export const runDuePlansOutput = z.object({ created: z.number().int() });

export const maintenancePlansListOutput = z.array(maintenancePlanSchema);

// Figures ---------------------------------------------------------------------------------------

/** The window MTBF, MTTR and the on-time rate are taken over. */
export const MAINTENANCE_KPI_WINDOW_DAYS = 365;

export const maintenanceKpisInput = z
  .object({ facilityId: facilityIdSchema.optional(), equipmentId: equipmentIdSchema.optional() })
  .default({});

export const maintenanceKpisOutput = z.object({
  /** Every order ever, cancelled included. */
  total: z.number().int(),
  /** Open orders by status and by priority, and how many are past their scheduled end. */
  open: countsOf(['total', 'scheduled', 'in_progress']),
  openByPriority: countsOf(workOrderPriorityValues),
  overdue: z.number().int(),
  /** Orders scheduled this week (Monday to Sunday, facility time): the dashboard's card. */
  scheduledThisWeek: z.number().int(),
  /** Completed over the window, by kind. */
  completed: countsOf(['total', ...workOrderKindValues]),
  /** Running hours ÷ corrective orders over the window; null without a failure. */
  mtbfHours: z.number().nullable(),
  runningHours: z.number(),
  failures: z.number().int(),
  /** Mean hours from the failure (its alert, or the order when none) to the order completed. */
  mttrHours: z.number().nullable(),
  /** Completed by the end of their scheduled day ÷ completed; null when none completed. */
  onTimeRate: z.number().nullable(),
  /** Parts + other cost of the orders completed this month, R$. */
  costThisMonth: z.string(),
  /** Parts + other cost of every completed order, R$. */
  costTotal: z.string(),
  windowDays: z.number().int(),
});
export type MaintenanceKpis = z.infer<typeof maintenanceKpisOutput>;
