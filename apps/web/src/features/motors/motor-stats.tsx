import type { MotorSummary } from '@sentinela/shared/motors';
import { Activity, Cog, Gauge, Thermometer, Zap } from 'lucide-react';
import { DEVICE_STATS_GRID, StatGrid, twoLineHint as hint } from '../../components/stat-card';
import { formatNumber, formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';

/** The headline figures; each says how it is computed (a skeleton of the same height while loading). */
export function MotorStats({ summary }: { summary: MotorSummary | undefined }) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const s = summary;
  const orNoReadings = (value: number | null, format: (value: number) => string) =>
    value === null ? t('stat.noReadings') : format(value);
  return (
    <StatGrid
      className={DEVICE_STATS_GRID}
      stats={[
        {
          label: t('stat.total'),
          icon: <Cog />,
          value: s && formatNumber(s.total, language),
          hint: hint(s && t('stat.totalHint', { ...s.byStatus })),
        },
        {
          label: t('stat.operating'),
          icon: <Activity />,
          value: s && formatNumber(s.operating, language),
          hint: hint(s && t('stat.operatingHint', { total: s.total })),
        },
        {
          label: t('stat.temperature'),
          icon: <Thermometer />,
          value: s && orNoReadings(s.averageTemperature, (value) => formatTemperature(value, language)),
          hint: hint(s && t('stat.temperatureHint', { count: s.temperatureCount })),
        },
        {
          label: t('stat.efficiency'),
          icon: <Gauge />,
          value: s && orNoReadings(s.averageEfficiency, (value) => formatQuantity(value, '%', language, 1)),
          hint: hint(s && t('stat.efficiencyHint', { count: s.efficiencyCount })),
        },
        {
          label: t('stat.power'),
          icon: <Zap />,
          value: s && formatQuantity(s.totalPowerKw, 'kW', language, 1),
          hint: hint(s && t('stat.powerHint', { rated: formatQuantity(s.ratedPowerKw, 'kW', language, 1) })),
        },
      ]}
    />
  );
}
