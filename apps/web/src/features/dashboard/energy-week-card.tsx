import { BarChart } from '../../components/charts/bar-chart';
import { EmptyState, QueryError } from '../../components/query-state';
import { CardSection } from '../../components/card-section';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDay, formatNumber, formatQuantity } from '../../lib/format';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { calendarDay, type EnergyQuery } from './dashboard-queries';
import { HowComputed } from './how-computed';

const CHART_HEIGHT = 220;

/** Daily kWh of the last 7 days (spec §9), from the meters' hourly rollups. */
export function EnergyWeekCard({ energy, className }: { energy: EnergyQuery; className?: string }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const data = energy.data;
  const hasData = data?.days.some((d) => d.kwh !== null) ?? false;
  const total = data?.days.reduce((sum, d) => sum + (d.kwh ?? 0), 0);
  return (
    <CardSection
      title={t('energyWeek')}
      description={data && hasData ? t('energyWeekTotal', { kwh: formatQuantity(total, 'kWh', language) }) : ''}
      descriptionClassName="min-h-4"
      className={className}
      contentClassName="flex flex-1 flex-col gap-3"
    >
      {energy.isError && !data ? (
        <QueryError query={energy} />
      ) : !data ? (
        <Skeleton className="h-[220px] w-full" />
      ) : !hasData ? (
        <div style={{ minHeight: CHART_HEIGHT }} className="flex flex-col justify-center">
          <EmptyState>{t('noEnergy')}</EmptyState>
        </div>
      ) : (
        <BarChart
          label={t('energyWeekChart')}
          height={CHART_HEIGHT}
          formatValue={(v) => formatNumber(v, language)}
          bars={data.days.map((d) => ({
            label: formatDay(calendarDay(d.day), language),
            value: d.kwh ?? 0,
          }))}
        />
      )}
      <HowComputed className="min-h-8">
        {data
          ? t('energyWeekHow', {
              timezone: data.timezone,
              main: formatNumber(data.meters.main, language),
              sub: formatNumber(data.meters.sub, language),
            })
          : ''}
      </HowComputed>
    </CardSection>
  );
}
