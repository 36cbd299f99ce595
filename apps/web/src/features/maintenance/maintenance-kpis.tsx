import type { MaintenanceKpis } from '@sentinela/shared/maintenance';
import { CalendarClock, CheckCircle2, ClipboardList, Coins, Gauge, PieChart, Timer, Wrench } from 'lucide-react';
import { StatGrid } from '../../components/stat-card';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';
import { formatMoneyText } from './work-order-parts';

const KPI_GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

/** The page's figures (spec §2 Maintenance), each saying how it is computed. Undefined: loading. */
export function MaintenanceKpiCards({ kpis }: { kpis: MaintenanceKpis | undefined }) {
  const t = useStrings(maintenanceStrings);
  const { language } = useLanguage();
  const n = (value: number | undefined) => (value === undefined ? undefined : formatNumber(value, language));
  const hours = (value: number | null) =>
    value === null ? t('kpi.mtbfNone') : t('kpi.hours', { value: formatNumber(value, language, 1) });
  const days = kpis?.windowDays ?? 365;
  const percent = (rate: number | null) => (rate === null ? '—' : `${formatNumber(rate * 100, language)}%`);

  return (
    <StatGrid
      className={KPI_GRID}
      stats={[
        { label: t('kpi.total'), value: n(kpis?.total), hint: t('kpi.totalHint'), icon: <ClipboardList /> },
        {
          label: t('kpi.scheduled'),
          value: n(kpis?.open.scheduled),
          hint: t('kpi.scheduledHint', { overdue: n(kpis?.overdue) ?? '…', week: n(kpis?.scheduledThisWeek) ?? '…' }),
          icon: <CalendarClock />,
        },
        {
          label: t('kpi.inProgress'),
          value: n(kpis?.open.in_progress),
          hint: t('kpi.inProgressHint'),
          icon: <Wrench />,
        },
        {
          label: t('kpi.completed'),
          value: n(kpis?.completed.total),
          hint: t('kpi.completedHint', { days }),
          icon: <CheckCircle2 />,
        },
        {
          label: t('kpi.cost'),
          value: kpis && formatMoneyText(kpis.costTotal, language),
          hint: t('kpi.costHint', { month: kpis ? formatMoneyText(kpis.costThisMonth, language) : '…' }),
          icon: <Coins />,
        },
        {
          label: t('kpi.mtbf'),
          value: kpis && hours(kpis.mtbfHours),
          hint: t('kpi.mtbfHint', {
            hours: kpis ? formatNumber(kpis.runningHours, language) : '…',
            failures: n(kpis?.failures) ?? '…',
            days,
          }),
          icon: <Timer />,
        },
        {
          label: t('kpi.success'),
          value: kpis && percent(kpis.onTimeRate),
          hint: t('kpi.successHint', { days }),
          icon: <Gauge />,
        },
        {
          label: t('kpi.split'),
          value: kpis && `${n(kpis.completed.preventive)} × ${n(kpis.completed.corrective)}`,
          hint: t('kpi.splitHint', { days, mttr: kpis ? hours(kpis.mttrHours) : '…' }),
          icon: <PieChart />,
        },
      ]}
    />
  );
}
