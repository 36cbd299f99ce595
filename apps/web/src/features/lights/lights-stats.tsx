import type { LightsSavings, LightsSummary } from '@sentinela/shared/lights';
import { Gauge, Lightbulb, PiggyBank, Power, Zap } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { ZoneNote } from '../../components/zone-note';
import type { FacilityZone } from '../plant/use-facility-zones';
import { StatGrid } from '../../components/stat-card';
import { formatCurrency, formatDateTime, formatNumber, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { lightsStrings } from './lights.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

/** The headline figures of the chosen scope, from each light's newest reading. */
export function LightsStats({ summary }: { summary: LightsSummary | undefined }) {
  const { language } = useLanguage();
  const t = useStrings(lightsStrings);
  return (
    <StatGrid
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      stats={[
        {
          label: t('stat.total'),
          icon: <Lightbulb />,
          value: summary && formatNumber(summary.total, language),
          hint: summary ? t('stat.totalHint', { reporting: summary.reporting, offline: summary.offline }) : '',
        },
        {
          label: t('stat.on'),
          icon: <Power />,
          value: summary && formatNumber(summary.on, language),
          hint: summary ? t('stat.onHint', { eco: summary.eco, boost: summary.boost }) : '',
        },
        {
          label: t('stat.brightness'),
          icon: <Gauge />,
          value:
            summary &&
            (summary.averageBrightness === null
              ? t('stat.noneOn')
              : formatQuantity(summary.averageBrightness, '%', language, 0)),
          hint: t('stat.brightnessHint'),
        },
        {
          label: t('stat.consumption'),
          icon: <Zap />,
          value: summary && formatQuantity(summary.powerKw, 'kW', language, 2),
          hint: t('stat.consumptionHint'),
        },
      ]}
    />
  );
}

/**
 * What reduced brightness saved, in the user's currency, with how it is computed in plain words;
 * its dates in `zone` (the scope's facility, or the site's), said once.
 */
export function SavingsCard({
  savings,
  failed,
  zone,
}: {
  savings: LightsSavings | undefined;
  failed: boolean;
  zone: FacilityZone | undefined;
}) {
  const { language } = useLanguage();
  const t = useStrings(lightsStrings);
  const tOps = useStrings(opsStrings);
  const tariff = savings?.tariff;
  let coverage = '';
  if (savings && !savings.complete)
    coverage = t('stat.savingsPartial', { from: formatDateTime(savings.from, language, zone?.timeZone) });
  else if (savings?.since)
    coverage = t('stat.savingsSince', { since: formatDateTime(savings.since, language, zone?.timeZone) });
  else if (savings) coverage = t('stat.savingsNoData');
  return (
    <Card className="p-4" aria-busy={!savings && !failed}>
      <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
        <div className="min-w-48">
          <div className="flex items-center gap-2">
            <h2 className="text-sm font-medium text-muted-foreground">{t('stat.savings')}</h2>
            <PiggyBank aria-hidden className="size-4 text-muted-foreground" />
          </div>
          <div className="mt-2 h-8 text-2xl font-semibold tabular-nums" data-slot="stat-value">
            {savings ? (
              formatCurrency(savings.amount, language)
            ) : failed ? (
              tOps('noData')
            ) : (
              <span className="block h-7 w-24 animate-pulse rounded bg-muted" />
            )}
          </div>
          <p className="mt-1 min-h-4 text-xs text-muted-foreground">
            {savings &&
              t('stat.savingsHint', {
                kwh: formatQuantity(savings.savedKwh, 'kWh', language, 1),
                hours: formatNumber(savings.dimmedHours, language, 0),
              })}
          </p>
          <p className="min-h-4 text-xs text-muted-foreground" aria-live="polite">
            {coverage}
          </p>
          {zone && <ZoneNote place={zone.place} timeZone={zone.timeZone} />}
        </div>
        <div className="min-w-0 flex-1 basis-72">
          <h3 className="text-xs font-medium text-muted-foreground">{tOps('howComputed')}</h3>
          <p className="mt-1 min-h-12 text-xs text-muted-foreground">
            {tariff &&
              t('stat.savingsHow', {
                peakRate: formatCurrency(tariff.peakRate, language),
                offPeakRate: formatCurrency(tariff.offPeakRate, language),
                peakStart: tariff.peakStart,
                peakEnd: tariff.peakEnd,
              })}
          </p>
        </div>
      </div>
    </Card>
  );
}
