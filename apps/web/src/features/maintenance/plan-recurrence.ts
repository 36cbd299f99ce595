import type { Language } from '@sentinela/shared/language';
import type { MaintenancePlan } from '@sentinela/shared/maintenance';
import { formatNumber } from '../../lib/format';
import type { AreaTranslate } from '../../lib/i18n/strings';
import type { plansStrings } from './maintenance-plans.strings';

type T = AreaTranslate<keyof (typeof plansStrings)['pt']>;

/** "a cada 30 dias" / "every 500 running hours". */
export function recurrenceText(
  plan: Pick<MaintenancePlan, 'everyDays' | 'everyRunningHours'>,
  t: T,
  language: Language,
): string {
  if (plan.everyDays === 1) return t('everyDay');
  if (plan.everyDays !== null) return t('everyDays', { n: formatNumber(plan.everyDays, language) });
  return t('everyHours', { n: formatNumber(plan.everyRunningHours ?? 0, language) });
}

/** Hours left of a running-hours plan, rounded up: "faltam 80 h de operação". */
export function hoursLeftText(hoursLeft: number, t: T, language: Language): string {
  return t('hoursLeft', { n: formatNumber(Math.ceil(hoursLeft), language) });
}
