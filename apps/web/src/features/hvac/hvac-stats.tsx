import type { HvacSummary } from '@sentinela/shared/hvac';
import { AirVent, Droplets, Thermometer, ThermometerSnowflake, Zap } from 'lucide-react';
import { DEVICE_STATS_GRID, StatGrid, twoLineHint as hint } from '../../components/stat-card';
import { formatNumber, formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';

/** The headline figures of the units in scope; each says how it is computed. */
export function HvacStats({ summary }: { summary: HvacSummary | undefined }) {
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const s = summary;
  const orNoReadings = (value: number | null, format: (value: number) => string) =>
    value === null ? t('stat.noReadings') : format(value);
  const temperature = (value: number) => formatTemperature(value, language);
  return (
    <StatGrid
      className={DEVICE_STATS_GRID}
      stats={[
        {
          label: t('stat.units'),
          icon: <AirVent />,
          value: s && formatNumber(s.total, language),
          hint: hint(s && t('stat.unitsHint', { running: s.running, online: s.online })),
        },
        {
          label: t('stat.supply'),
          icon: <ThermometerSnowflake />,
          value: s && orNoReadings(s.averageSupplyTemp, temperature),
          hint: hint(s && t('stat.supplyHint', { count: s.running })),
        },
        {
          label: t('stat.return'),
          icon: <Thermometer />,
          value: s && orNoReadings(s.averageReturnTemp, temperature),
          hint: hint(s && t('stat.returnHint')),
        },
        {
          label: t('stat.humidity'),
          icon: <Droplets />,
          value: s && orNoReadings(s.averageHumidity, (value) => formatQuantity(value, '%', language, 1)),
          hint: hint(s && t('stat.humidityHint')),
        },
        {
          label: t('stat.power'),
          icon: <Zap />,
          value: s && formatQuantity(s.totalPowerKw, 'kW', language, 1),
          hint: hint(s && t('stat.powerHint')),
        },
      ]}
    />
  );
}
