import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { maintenancePlans, workOrders } from '@sentinela/db/schema/maintenance';
import { equipment, facilities } from '@sentinela/db/schema/plant';
import type {
  MaintenancePlan,
  maintenancePlanCreateInput,
  maintenancePlanUpdateInput,
} from '@sentinela/shared/maintenance';
import { actedBy, callerChange, type ChangeCaller, recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { sqlState } from '../../platform/sql-state';
import type { ChangeDeps } from '../../trpc/procedures';
import { runningHoursSince } from './running-hours';
import { checkTechnician, createWorkOrder, requireEquipment, requireFacility } from './work-orders.service';
import { namedRef } from '../../platform/refs';

const DAY_MS = 86_400_000;

/** How often the server looks for due preventive orders (a due order waits at most this long). */
export const PREVENTIVE_PLANS_INTERVAL_MS = 10 * 60_000;
/** Where the orders plans create come from, as the audit log records it. */
export const PLANS_ORIGIN: RequestOrigin = { ip: 'system', userAgent: 'sentinela-preventive-plans' };
type PlanRow = typeof maintenancePlans.$inferSelect;

/** The equipment a plan covers now: its one equipment, or every one of its kind (in its facility), in service. */
async function planTargets(db: Database, plan: PlanRow): Promise<string[]> {
  const where: SQL[] = [isNull(equipment.retiredAt)];
  if (plan.equipmentId) where.push(eq(equipment.id, plan.equipmentId));
  else if (plan.kind) where.push(eq(equipment.kind, plan.kind));
  else return [];
  if (plan.facilityId) where.push(eq(equipment.facilityId, plan.facilityId));
  const rows = await db
    .select({ id: equipment.id })
    .from(equipment)
    .where(and(...where))
    .orderBy(asc(equipment.id));
  return rows.map((r) => r.id);
}

/**
 * The due date a calendar plan creates an order for at `now`: the latest one whose lead time has
 * begun (never a backlog of missed ones), or null before the first.
 */
export function calendarDue(plan: Pick<PlanRow, 'startsAt' | 'everyDays' | 'leadDays'>, now: Date): Date | null {
  if (!plan.everyDays) return null;
  const period = plan.everyDays * DAY_MS;
  const k = Math.floor((now.getTime() + plan.leadDays * DAY_MS - plan.startsAt.getTime()) / period);
  return k < 0 ? null : new Date(plan.startsAt.getTime() + k * period);
}

const calendarKey = (equipmentId: string, due: Date) => `${equipmentId}@${due.toISOString().slice(0, 10)}`;
const hoursKey = (equipmentId: string, n: number) => `${equipmentId}#${n}`;

interface Due {
  equipmentId: string;
  key: string;
  scheduledAt: Date;
}

/** What each target of a plan is due for now (one order per due date or running-hours mark). */
async function dueOrders(db: Database, plan: PlanRow, targets: string[], now: Date): Promise<Due[]> {
  const due = calendarDue(plan, now);
  if (due) return targets.map((id) => ({ equipmentId: id, key: calendarKey(id, due), scheduledAt: due }));
  if (!plan.everyRunningHours) return [];
  const every = plan.everyRunningHours;
  const hours = await runningHoursSince(db, targets, plan.startsAt);
  return targets.flatMap((id) => {
    const n = Math.floor((hours.get(id) ?? 0) / every);
    return n >= 1 ? [{ equipmentId: id, key: hoursKey(id, n), scheduledAt: now }] : [];
  });
}

async function existingKeys(db: Database, planId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: workOrders.planDueKey })
    .from(workOrders)
    .where(and(eq(workOrders.planId, planId), inArray(workOrders.planDueKey, keys)));
  return new Set(rows.map((r) => r.key ?? ''));
}

/**
 * The preventive plans' job: creates each due order once, with the plan's checklist, even across
 * restarts and instances (the unique plan/due key; a duplicate from another instance is dropped).
 */
export async function runPreventivePlans(caller: ChangeCaller, now: Date): Promise<{ created: number }> {
  const plans = await caller.db.select().from(maintenancePlans).where(eq(maintenancePlans.active, true));
  let created = 0;
  for (const plan of plans) {
    const due = await dueOrders(caller.db, plan, await planTargets(caller.db, plan), now);
    const existing = await existingKeys(
      caller.db,
      plan.id,
      due.map((d) => d.key),
    );
    for (const order of due.filter((d) => !existing.has(d.key))) {
      try {
        await createWorkOrder(
          caller,
          {
            title: plan.title,
            description: plan.description,
            equipmentId: order.equipmentId,
            facilityId: null,
            roomId: null,
            kind: 'preventive',
            priority: plan.priority,
            scheduledAt: order.scheduledAt,
            durationHours: plan.durationHours,
            technicianId: plan.technicianId,
            technicianName: plan.technicianName,
            notes: null,
            checklist: plan.checklist.map((item) => ({ label: item.label, mandatory: item.mandatory ?? false })),
            alertId: null,
          },
          { now: () => now },
          { planId: plan.id, planDueKey: order.key },
        );
        created++;
      } catch (error) {
        // Another instance created it first.
        if (sqlState(error) !== '23505') throw error;
      }
    }
  }
  return { created };
}

/**
 * "Run the due plans now" (admins; the job runs at start and every 10 minutes): the same job,
 * its orders recorded as the admin's, and the run audited with how many it created.
 */
export async function runDuePlans(
  caller: ChangeCaller,
  _input: unknown,
  deps: Pick<ChangeDeps, 'now'>,
): Promise<{ created: number }> {
  const result = await runPreventivePlans(caller, deps.now());
  await recordAudit(caller.db, caller.origin, {
    action: 'maintenancePlans.runDue',
    result: 'success',
    ...actedBy(caller.actor),
    details: result,
  });
  return result;
}

/** Every plan with what it covers and what comes next. */
export async function listMaintenancePlans(db: Database, _input: unknown, now: Date): Promise<MaintenancePlan[]> {
  const rows = await db
    .select({
      plan: maintenancePlans,
      equipmentName: equipment.name,
      facilityName: facilities.name,
      technicianUser: users.name,
    })
    .from(maintenancePlans)
    .leftJoin(equipment, eq(equipment.id, maintenancePlans.equipmentId))
    .leftJoin(facilities, eq(facilities.id, maintenancePlans.facilityId))
    .leftJoin(users, eq(users.id, maintenancePlans.technicianId))
    .orderBy(asc(maintenancePlans.title));
  return Promise.all(
    rows.map(async ({ plan, equipmentName, facilityName, technicianUser }) => {
      const targets = await planTargets(db, plan);
      return {
        id: plan.id,
        title: plan.title,
        description: plan.description,
        equipment: namedRef(plan.equipmentId, equipmentName),
        kind: plan.kind,
        facility: namedRef(plan.facilityId, facilityName),
        everyDays: plan.everyDays,
        everyRunningHours: plan.everyRunningHours,
        priority: plan.priority,
        durationHours: plan.durationHours,
        leadDays: plan.leadDays,
        technician: { id: plan.technicianId, name: technicianUser ?? plan.technicianName },
        checklist: plan.checklist.map((item) => ({ label: item.label, mandatory: item.mandatory ?? false })),
        startsAt: plan.startsAt,
        active: plan.active,
        targets: targets.length,
        nextDueAt: await nextCalendarDue(db, plan, targets, now),
        hoursLeft: await fewestHoursLeft(db, plan, targets),
      };
    }),
  );
}

/** The next due date of a calendar plan that has no order yet. */
async function nextCalendarDue(db: Database, plan: PlanRow, targets: string[], now: Date): Promise<Date | null> {
  if (!plan.everyDays || targets.length === 0) return null;
  const due = calendarDue(plan, now) ?? plan.startsAt;
  const keys = targets.map((id) => calendarKey(id, due));
  const existing = await existingKeys(db, plan.id, keys);
  return keys.every((k) => existing.has(k)) ? new Date(due.getTime() + plan.everyDays * DAY_MS) : due;
}

async function fewestHoursLeft(db: Database, plan: PlanRow, targets: string[]): Promise<number | null> {
  if (!plan.everyRunningHours || targets.length === 0) return null;
  const every = plan.everyRunningHours;
  const hours = await runningHoursSince(db, targets, plan.startsAt);
  return Math.min(...targets.map((id) => every - ((hours.get(id) ?? 0) % every)));
}

type PlanInput = z.output<typeof maintenancePlanCreateInput>;

async function checkPlan(db: Database, input: PlanInput): Promise<void> {
  await checkTechnician(db, input.technicianId);
  if (input.equipmentId) await requireEquipment(db, input.equipmentId);
  if (input.facilityId) await requireFacility(db, input.facilityId);
}

export async function createMaintenancePlan(
  caller: ChangeCaller,
  input: PlanInput,
  deps: Pick<ChangeDeps, 'now'>,
): Promise<MaintenancePlan> {
  await checkPlan(caller.db, input);
  const plan = await callerChange(
    caller,
    async (tx) => {
      const [row] = await tx
        .insert(maintenancePlans)
        .values({ ...input, createdBy: caller.actor.id })
        .returning({ id: maintenancePlans.id });
      return row!;
    },
    (row) => ({ action: 'maintenancePlans.create', target: row.id }),
  );
  return planById(caller.db, plan.id, deps.now());
}

export async function updateMaintenancePlan(
  caller: ChangeCaller,
  input: z.output<typeof maintenancePlanUpdateInput>,
  deps: Pick<ChangeDeps, 'now'>,
): Promise<MaintenancePlan> {
  const { id, ...fields } = input;
  await checkPlan(caller.db, fields);
  await callerChange(
    caller,
    async (tx) => {
      const changed = await tx
        .update(maintenancePlans)
        .set(fields)
        .where(eq(maintenancePlans.id, id))
        .returning({ id: maintenancePlans.id });
      if (changed.length === 0) throw new AppError('NOT_FOUND', 'maintenance.planNotFound');
    },
    () => ({ action: 'maintenancePlans.update', target: id }),
  );
  return planById(caller.db, id, deps.now());
}

async function planById(db: Database, id: string, now: Date): Promise<MaintenancePlan> {
  const plan = (await listMaintenancePlans(db, undefined, now)).find((p) => p.id === id);
  if (!plan) throw new AppError('NOT_FOUND', 'maintenance.planNotFound');
  return plan;
}
