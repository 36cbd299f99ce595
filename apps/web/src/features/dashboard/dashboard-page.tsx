import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n/language-context';
import { useTRPC } from '../../lib/trpc';
import { DashboardStats } from './dashboard-stats';
import { EnergyWeekCard } from './energy-week-card';
import { EquipmentDistributionCard } from './equipment-distribution-card';
import { MonthComparisonCard } from './month-comparison-card';
import { MotorMonitor } from './motor-monitor';
import { RecentAlertsCard } from './recent-alerts-card';
import { SystemHealthCard } from './system-health-card';

/** How often the headline figures, alerts and health are read again. */
export const SUMMARY_REFRESH_MS = 15_000;
const ENERGY_REFRESH_MS = 5 * 60_000;

/** / : the site at a glance. Every figure comes from the server or the live stream. */
export default function DashboardPage() {
  const { t } = useLanguage();
  const trpc = useTRPC();
  const summary = useQuery(
    // Fresh for 5 s, not 0: the answer preloaded with the page's chunk (route-data.ts) is not read twice.
    trpc.dashboard.summary.queryOptions(undefined, { refetchInterval: SUMMARY_REFRESH_MS, staleTime: 5_000 }),
  );
  const energy = useQuery(trpc.dashboard.energy.queryOptions({}, { refetchInterval: ENERGY_REFRESH_MS }));

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={t('nav.dashboard')} />
      <DashboardStats summary={summary} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <MotorMonitor className="lg:col-span-2" />
        <SystemHealthCard summary={summary} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <EnergyWeekCard energy={energy} className="lg:col-span-2" />
        <EquipmentDistributionCard summary={summary} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <RecentAlertsCard summary={summary} />
        <MonthComparisonCard energy={energy} />
      </div>
    </section>
  );
}
