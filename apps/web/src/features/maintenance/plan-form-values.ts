import type { ChecklistItemInput, MaintenancePlan } from '@sentinela/shared/maintenance';
import { parseNumberText } from '../../lib/form-issues';
import { dateToZonedWallTime, zonedWallTimeToDate } from '../../lib/zoned-time';
import { technicianInput, technicianValues } from './technician-fields';

/** A plan's due dates fall at this wall time of its facility. */
export const PLAN_START_TIME = '08:00';

/** The plan form's fields as typed (text), before the shared schema checks them. */
export interface PlanFormValues {
  title: string;
  description: string;
  target: 'equipment' | 'kind';
  equipmentId: string;
  kind: string;
  facilityId: string;
  recurrence: 'days' | 'hours';
  every: string;
  leadDays: string;
  priority: string;
  durationHours: string;
  technician: string;
  contractor: string;
  startsOn: string;
  active: boolean;
  checklist: ChecklistItemInput[];
}

/** The form's values for a new plan, or to edit `plan` (its start date on the facility clock). */
export function planFormValues(plan: MaintenancePlan | null, timeZone: string | undefined): PlanFormValues {
  if (!plan)
    return {
      title: '',
      description: '',
      target: 'equipment',
      equipmentId: '',
      kind: 'motor',
      facilityId: '',
      recurrence: 'days',
      every: '30',
      leadDays: '7',
      priority: 'medium',
      durationHours: '2',
      technician: '',
      contractor: '',
      startsOn: '',
      active: true,
      checklist: [],
    };
  const every = plan.everyDays ?? plan.everyRunningHours;
  return {
    title: plan.title,
    description: plan.description ?? '',
    target: plan.equipment ? 'equipment' : 'kind',
    equipmentId: plan.equipment?.id ?? '',
    kind: plan.kind ?? 'motor',
    facilityId: plan.facility?.id ?? '',
    recurrence: plan.everyDays !== null ? 'days' : 'hours',
    every: every === null ? '' : String(every),
    leadDays: String(plan.leadDays),
    priority: plan.priority,
    durationHours: String(plan.durationHours),
    ...technicianValues(plan.technician),
    startsOn: dateToZonedWallTime(plan.startsAt, timeZone).date,
    active: plan.active,
    checklist: plan.checklist.map((item) => ({ label: item.label, mandatory: item.mandatory })),
  };
}

/** What the form sends, for `maintenancePlanCreateInput` to check: only the chosen target and interval. */
export function planInputOf(values: PlanFormValues, timeZone: string | undefined) {
  const every = parseNumberText(values.every);
  const byEquipment = values.target === 'equipment';
  return {
    title: values.title,
    description: values.description,
    equipmentId: byEquipment ? values.equipmentId || null : null,
    kind: byEquipment ? null : values.kind,
    facilityId: byEquipment ? null : values.facilityId || null,
    everyDays: values.recurrence === 'days' ? every : null,
    everyRunningHours: values.recurrence === 'hours' ? every : null,
    leadDays: parseNumberText(values.leadDays),
    priority: values.priority,
    durationHours: parseNumberText(values.durationHours),
    ...technicianInput(values),
    checklist: values.checklist,
    startsAt: zonedWallTimeToDate(values.startsOn, PLAN_START_TIME, timeZone),
    active: values.active,
  };
}
