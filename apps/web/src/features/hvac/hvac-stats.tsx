import type { HvacSummary } from '@sentinela/shared/hvac';
import { AirVent, Droplets, Thermometer, ThermometerSnowflake, Zap } from 'lucide-react';
import { StatCard } from '../../components/ui/card';
import { formatNumber, formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';

/** Two lines for every hint, loading or not, so nothing moves when the figures arrive. */
const hint = (text: string | undefined) => <span className="block min-h-8">{text}</span>;

/** The headline figures of the units in scope; each says how it is computed. */
export function HvacStats({ summary }: { summary: HvacSummary | undefined }) {
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const s = summary;
  const temperature = (value: number | null) =>
    value === null ? t('stat.noReadings') : formatTemperature(value, language);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      <StatCard
        label={t('stat.units')}
        icon={<AirVent />}
        value={s && formatNumber(s.total, language)}
        hint={hint(s && t('stat.unitsHint', { running: s.running, online: s.online }))}
      />
      <StatCard
        label={t('stat.supply')}
        icon={<ThermometerSnowflake />}
        value={s && temperature(s.averageSupplyTemp)}
        hint={hint(s && t('stat.supplyHint', { count: s.running }))}
      />
      <StatCard
        label={t('stat.return')}
        icon={<Thermometer />}
        value={s && temperature(s.averageReturnTemp)}
        hint={hint(s && t('stat.returnHint'))}
      />
      <StatCard
        label={t('stat.humidity')}
        icon={<Droplets />}
        value={
          s && (s.averageHumidity === null ? t('stat.noReadings') : formatQuantity(s.averageHumidity, '%', language, 1))
        }
        hint={hint(s && t('stat.humidityHint'))}
      />
      <StatCard
        label={t('stat.power')}
        icon={<Zap />}
        value={s && formatQuantity(s.totalPowerKw, 'kW', language, 1)}
        hint={hint(s && t('stat.powerHint'))}
      />
    </div>
  );
}
