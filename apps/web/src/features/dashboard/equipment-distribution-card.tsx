import type { EquipmentStatus } from '@sentinela/shared/plant';
import { DonutChart } from '../../components/charts/donut-chart';
import { EmptyState, QueryError } from '../../components/query-state';
import { CardSection } from '../../components/card-section';
import { Skeleton } from '../../components/ui/skeleton';
import { formatNumber } from '../../lib/format';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import type { SummaryQuery } from './dashboard-queries';

const DONUT_SIZE = 180;
/** The statuses in the legend's order (a local list: the shared one would bring zod into the chunk). */
const statusOrder: EquipmentStatus[] = ['online', 'offline', 'maintenance', 'error'];

const colors: Record<EquipmentStatus, { strokeClass: string; swatchClass: string }> = {
  online: { strokeClass: 'stroke-emerald-500', swatchClass: 'bg-emerald-500' },
  offline: { strokeClass: 'stroke-zinc-400', swatchClass: 'bg-zinc-400' },
  maintenance: { strokeClass: 'stroke-sky-500', swatchClass: 'bg-sky-500' },
  error: { strokeClass: 'stroke-red-500', swatchClass: 'bg-red-500' },
};

/** Equipment by status (online / offline, and maintenance and error apart). */
export function EquipmentDistributionCard({ summary }: { summary: SummaryQuery }) {
  const t = useStrings(dashboardStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const data = summary.data;
  return (
    <CardSection
      title={t('distribution')}
      description={t('distributionDescription')}
      contentClassName="flex flex-1 flex-col justify-center"
    >
      {summary.isError && !data ? (
        <QueryError query={summary} />
      ) : !data ? (
        <Skeleton className="size-[180px] rounded-full" />
      ) : data.equipment.total === 0 ? (
        <EmptyState>{tOps('noData')}</EmptyState>
      ) : (
        <DonutChart
          label={t('distributionChart')}
          size={DONUT_SIZE}
          center={formatNumber(data.equipment.total, language)}
          formatValue={(v) => formatNumber(v, language)}
          slices={statusOrder.map((status) => ({
            label: tOps(`status.${status}`),
            value: data.equipment.byStatus[status],
            ...colors[status],
          }))}
        />
      )}
    </CardSection>
  );
}
