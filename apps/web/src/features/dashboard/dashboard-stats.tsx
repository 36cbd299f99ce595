import { AlertTriangle, Boxes, Wifi, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../components/query-state';
import { StatCard } from '../../components/stat-card';
import { formatNumber, formatQuantity } from '../../lib/format';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { SummaryQuery } from './dashboard-queries';

/** A hint line and, under it, how the figure is computed. */
function Hint({ hint, how }: { hint?: string; how: string | undefined }) {
  return (
    <>
      {hint && <span className="block font-medium">{hint}</span>}
      <span className="block min-h-4">{how ?? ''}</span>
    </>
  );
}

/** The four headline figures. */
export function DashboardStats({ summary }: { summary: SummaryQuery }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const data = summary.data;
  if (summary.isError && !data) {
    return <QueryError query={summary} />;
  }
  const n = (value: number | undefined): ReactNode => (value === undefined ? undefined : formatNumber(value, language));
  const total = data?.equipment.total;
  const online = data?.equipment.byStatus.online;
  const percent = formatQuantity(total && online !== undefined ? (online / total) * 100 : undefined, '%', language);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={t('totalEquipment')}
        icon={<Boxes />}
        value={n(total)}
        hint={<Hint how={data && t('totalEquipmentHow')} />}
      />
      <StatCard
        label={t('onlineEquipment')}
        icon={<Wifi />}
        value={n(online)}
        hint={<Hint how={data && t('onlineEquipmentHow', { percent })} />}
      />
      <StatCard
        label={t('activeAlerts')}
        icon={<AlertTriangle />}
        value={n(data?.alerts.active)}
        hint={
          <Hint
            hint={t('activeAlertsHint')}
            how={data && t('activeAlertsHow', { critical: formatNumber(data.alerts.activeCritical, language) })}
          />
        }
      />
      <StatCard
        label={t('pendingMaintenance')}
        icon={<Wrench />}
        value={n(data?.maintenance.scheduledThisWeek)}
        hint={<Hint hint={t('pendingMaintenanceHint')} how={data && t('pendingMaintenanceHow')} />}
      />
    </div>
  );
}
