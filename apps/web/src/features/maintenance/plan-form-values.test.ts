import { maintenancePlanCreateInput, type MaintenancePlan } from '@sentinela/shared/maintenance';
import { describe, expect, it } from 'vitest';
import { planFormValues, planInputOf } from './plan-form-values';
import { plansStrings } from './maintenance-plans.strings';
import { hoursLeftText, recurrenceText } from './plan-recurrence';
import type { Language } from '@sentinela/shared/language';

const ZONE = 'America/Sao_Paulo';
const tOf = (language: Language) => (key: keyof (typeof plansStrings)['pt'], params?: Record<string, unknown>) =>
  plansStrings[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name]));

describe('plan recurrence wording', () => {
  it('says how often a plan recurs in both languages', () => {
    const pt = tOf('pt');
    const en = tOf('en');
    expect(recurrenceText({ everyDays: 30, everyRunningHours: null }, pt, 'pt')).toBe('a cada 30 dias');
    expect(recurrenceText({ everyDays: 30, everyRunningHours: null }, en, 'en')).toBe('every 30 days');
    expect(recurrenceText({ everyDays: 1, everyRunningHours: null }, pt, 'pt')).toBe('todo dia');
    expect(recurrenceText({ everyDays: null, everyRunningHours: 500 }, pt, 'pt')).toBe('a cada 500 h de operação');
    expect(recurrenceText({ everyDays: null, everyRunningHours: 2000 }, en, 'en')).toBe('every 2,000 running hours');
    expect(recurrenceText({ everyDays: null, everyRunningHours: 2000 }, pt, 'pt')).toBe('a cada 2.000 h de operação');
    expect(hoursLeftText(79.2, pt, 'pt')).toBe('faltam 80 h de operação');
    expect(hoursLeftText(79.2, en, 'en')).toBe('80 running hours left');
  });
});

describe('plan form values', () => {
  it('sends a calendar plan on one equipment, its first due date at 08:00 facility time', () => {
    const values = {
      ...planFormValues(null, ZONE),
      title: 'Inspeção mensal',
      equipmentId: 'mtr-a1',
      every: '30',
      leadDays: '5',
      durationHours: '1,5',
      startsOn: '2026-03-10',
      checklist: [{ label: 'Medir isolamento', mandatory: true }],
    };
    const parsed = maintenancePlanCreateInput.parse(planInputOf(values, ZONE));
    expect(parsed).toMatchObject({
      equipmentId: 'mtr-a1',
      kind: null,
      facilityId: null,
      everyDays: 30,
      everyRunningHours: null,
      leadDays: 5,
      durationHours: 1.5,
      technicianId: null,
      technicianName: null,
      startsAt: new Date('2026-03-10T11:00:00Z'),
      active: true,
    });
  });

  it('sends a running-hours plan on a kind in every facility, with a contractor', () => {
    const values = {
      ...planFormValues(null, ZONE),
      title: 'Troca de óleo',
      target: 'kind' as const,
      equipmentId: 'mtr-a1',
      kind: 'hvac',
      recurrence: 'hours' as const,
      every: '500',
      technician: 'contractor',
      contractor: 'Refrigeração Sul',
      startsOn: '2026-01-01',
    };
    expect(maintenancePlanCreateInput.parse(planInputOf(values, ZONE))).toMatchObject({
      equipmentId: null,
      kind: 'hvac',
      facilityId: null,
      everyDays: null,
      everyRunningHours: 500,
      technicianName: 'Refrigeração Sul',
    });
  });

  it('refuses a plan without a target, an interval or a start date', () => {
    const result = maintenancePlanCreateInput.safeParse(
      planInputOf({ ...planFormValues(null, ZONE), title: 'X', every: '' }, ZONE),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['startsAt']));
  });

  it('fills the form from a plan to edit, and sends it back unchanged', () => {
    const plan: MaintenancePlan = {
      id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
      title: 'Revisão trimestral',
      description: null,
      equipment: null,
      kind: 'motor',
      facility: { id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', name: 'Fábrica Alfa' },
      everyDays: 90,
      everyRunningHours: null,
      priority: 'high',
      durationHours: 3,
      leadDays: 10,
      technician: { id: null, name: null },
      checklist: [{ label: 'Lubrificar', mandatory: false }],
      startsAt: new Date('2026-04-01T11:00:00Z'),
      active: false,
      targets: 2,
      nextDueAt: new Date('2026-04-01T11:00:00Z'),
      hoursLeft: null,
    };
    const values = planFormValues(plan, ZONE);
    expect(values).toMatchObject({ target: 'kind', every: '90', startsOn: '2026-04-01', active: false });
    expect(maintenancePlanCreateInput.parse(planInputOf(values, ZONE))).toMatchObject({
      kind: 'motor',
      facilityId: plan.facility!.id,
      everyDays: 90,
      leadDays: 10,
      priority: 'high',
      startsAt: plan.startsAt,
      active: false,
      checklist: plan.checklist,
    });
  });
});
