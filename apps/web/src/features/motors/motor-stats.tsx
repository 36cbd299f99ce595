import type { MotorSummary } from '@sentinela/shared/motors';
import { Activity, Cog, Gauge, Thermometer, Zap } from 'lucide-react';
import { StatCard } from '../../components/ui/card';
import { formatNumber, formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';

/** Two lines for every hint, loading or not, so nothing moves when the figures arrive. */
const hint = (text: string | undefined) => <span className="block min-h-8">{text}</span>;

/** The headline figures; each says how it is computed (a skeleton of the same height while loading). */
export function MotorStats({ summary }: { summary: MotorSummary | undefined }) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const s = summary;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <StatCard
        label={t('stat.total')}
        icon={<Cog />}
        value={s && formatNumber(s.total, language)}
        hint={hint(s && t('stat.totalHint', { ...s.byStatus }))}
      />
      <StatCard
        label={t('stat.operating')}
        icon={<Activity />}
        value={s && formatNumber(s.operating, language)}
        hint={hint(s && t('stat.operatingHint', { total: s.total }))}
      />
      <StatCard
        label={t('stat.temperature')}
        icon={<Thermometer />}
        value={
          s &&
          (s.averageTemperature === null ? t('stat.noReadings') : formatTemperature(s.averageTemperature, language))
        }
        hint={hint(s && t('stat.temperatureHint', { count: s.temperatureCount }))}
      />
      <StatCard
        label={t('stat.efficiency')}
        icon={<Gauge />}
        value={
          s &&
          (s.averageEfficiency === null ? t('stat.noReadings') : formatQuantity(s.averageEfficiency, '%', language, 1))
        }
        hint={hint(s && t('stat.efficiencyHint', { count: s.efficiencyCount }))}
      />
      <StatCard
        label={t('stat.power')}
        icon={<Zap />}
        value={s && formatQuantity(s.totalPowerKw, 'kW', language, 1)}
        hint={hint(s && t('stat.powerHint', { rated: formatQuantity(s.ratedPowerKw, 'kW', language, 1) }))}
      />
    </div>
  );
}
