/**
 * The work-order vocabulary as plain values, without zod: the maintenance page imports these at
 * run time (filters, badges), and zod in its chunk would cost the route about 24 KB (gzip).
 */
export const workOrderStatusValues = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type WorkOrderStatus = (typeof workOrderStatusValues)[number];
/** Orders still to be done: they count as open, and as overdue once their time has passed. */
export const openWorkOrderStatuses = ['scheduled', 'in_progress'] as const satisfies WorkOrderStatus[];

export const workOrderKindValues = ['preventive', 'corrective'] as const;
export type WorkOrderKind = (typeof workOrderKindValues)[number];

export const workOrderPriorityValues = ['low', 'medium', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof workOrderPriorityValues)[number];

/** Dates an order may be scheduled on. */
export const WORK_ORDER_FIRST_YEAR = 2000;
export const WORK_ORDER_LAST_YEAR = 2100;
