import { z } from 'zod';
import { workOrderItemSchema, workOrdersListInput } from './maintenance';

/**
 * The maintenance calendar (issue 12): the orders of a month, compact, by their scheduled time.
 * A month at a large site can hold more than a list page (200), so it has its own read, capped.
 */

/** The most orders one calendar read returns; `truncated` says when more matched. */
export const WORK_ORDER_CALENDAR_MAX = 2000;
/** The longest range one read covers: a month and a margin of a few days on each side. */
export const WORK_ORDER_CALENDAR_MAX_DAYS = 45;

const listFields = workOrdersListInput.unwrap().shape;
const DAY_MS = 86_400_000;

export const workOrderCalendarInput = z
  .object({
    search: listFields.search,
    status: listFields.status,
    kind: listFields.kind,
    priority: listFields.priority,
    technician: listFields.technician,
    facilityId: listFields.facilityId,
    /** Scheduled within [from, to). */
    from: listFields.from.unwrap(),
    to: listFields.to.unwrap(),
  })
  .refine((r) => r.to > r.from && r.to.getTime() - r.from.getTime() <= WORK_ORDER_CALENDAR_MAX_DAYS * DAY_MS, {
    message: 'validation.calendarRange',
    path: ['to'],
  });

/** A list item's own fields, with where the work is and its facility's zone. */
export const workOrderCalendarItemSchema = workOrderItemSchema
  .pick({
    id: true,
    number: true,
    title: true,
    kind: true,
    priority: true,
    status: true,
    scheduledAt: true,
    overdue: true,
  })
  .extend({
    /** The equipment's name, else the room's, else null (work at the facility). */
    place: z.string().nullable(),
    /** The facility's IANA zone: the order's day is its facility's. */
    timezone: z.string(),
  });
export type WorkOrderCalendarItem = z.infer<typeof workOrderCalendarItemSchema>;

export const workOrderCalendarOutput = z.object({
  /** Earliest first, at most WORK_ORDER_CALENDAR_MAX. */
  items: z.array(workOrderCalendarItemSchema),
  truncated: z.boolean(),
});
export type WorkOrderCalendarOutput = z.infer<typeof workOrderCalendarOutput>;
