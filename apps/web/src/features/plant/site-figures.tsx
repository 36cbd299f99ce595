import type { OpenAlertCounts, StatusCounts } from '@sentinela/shared/equipment';
import { StatCard } from '../../components/stat-card';
import { formatNumber, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import type { AreaTranslate } from '../../lib/i18n/strings';

type FigureKey =
  'statEquipment' | 'statEquipmentHint' | 'statPower' | 'statPowerHint' | 'statAlerts' | 'statAlertsHint';

export interface SiteSummary {
  equipment: StatusCounts;
  powerKw: number | null;
  openAlerts: OpenAlertCounts;
}

/**
 * Equipment online, current consumption and open alerts of the places in a list (rooms,
 * facilities), each area wording them with its own strings.
 */
export function SiteFigures({ summary, t }: { summary: SiteSummary | undefined; t: AreaTranslate<FigureKey> }) {
  const { language } = useLanguage();
  return (
    <>
      <StatCard
        label={t('statEquipment')}
        value={summary && formatNumber(summary.equipment.online, language)}
        hint={summary ? t('statEquipmentHint', { total: formatNumber(summary.equipment.total, language) }) : ''}
      />
      <StatCard
        label={t('statPower')}
        value={summary && formatQuantity(summary.powerKw, 'kW', language, 1)}
        hint={t('statPowerHint')}
      />
      <StatCard
        label={t('statAlerts')}
        value={summary && formatNumber(summary.openAlerts.total, language)}
        hint={summary ? t('statAlertsHint', { critical: summary.openAlerts.critical }) : ''}
      />
    </>
  );
}
