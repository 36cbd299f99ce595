import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { workOrders } from '@sentinela/db/schema/maintenance';
import { equipment, facilities, rooms } from '@sentinela/db/schema/plant';
import {
  WORK_ORDER_CALENDAR_MAX,
  type workOrderCalendarInput,
  type WorkOrderCalendarOutput,
} from '@sentinela/shared/maintenance-calendar';
import { listConditions, summaryColumns } from './work-orders.service';

type CalendarInput = z.output<typeof workOrderCalendarInput>;

/**
 * The orders scheduled in [from, to) the list's filters match, earliest first, compact (a day
 * cell's line), at most WORK_ORDER_CALENDAR_MAX; `truncated` when more matched.
 */
export async function workOrderCalendar(
  db: Database,
  input: CalendarInput,
  now: Date,
  max = WORK_ORDER_CALENDAR_MAX,
): Promise<WorkOrderCalendarOutput> {
  const rows = await db
    .select({
      ...summaryColumns(now),
      place: sql<string | null>`coalesce(${equipment.name}, ${rooms.name})`,
      timezone: facilities.timezone,
    })
    .from(workOrders)
    .innerJoin(facilities, eq(facilities.id, workOrders.facilityId))
    .leftJoin(equipment, eq(equipment.id, workOrders.equipmentId))
    .leftJoin(rooms, eq(rooms.id, workOrders.roomId))
    .leftJoin(users, eq(users.id, workOrders.technicianId))
    .where(and(...listConditions(input, now)))
    .orderBy(asc(workOrders.scheduledAt), asc(workOrders.number))
    .limit(max + 1);
  return { items: rows.slice(0, max), truncated: rows.length > max };
}
