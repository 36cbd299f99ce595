import type { EnergySavings, SavingsSuggestion } from '@sentinela/shared/energy';
import type { Language } from '@sentinela/shared/language';
import { CardSection } from '../../components/card-section';
import { EmptyState } from '../../components/query-state';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCurrency, formatNumber, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { energyStrings } from './energy.strings';

type Say = AreaTranslate<keyof (typeof energyStrings)['pt']>;

/** The reason of one suggestion, its figures filled in the reader's language. */
function reasonOf(s: SavingsSuggestion, t: Say, language: Language): string {
  const f = (name: string) => s.figures[name] ?? 0;
  const kwh = (name: string) => formatQuantity(f(name), 'kWh', language, 1);
  const kw = (name: string) => formatQuantity(f(name), 'kW', language, 1);
  const money = (name: string) => formatCurrency(f(name), language);
  switch (s.kind) {
    case 'pontaShift':
      return t('savings.pontaShift.reason', {
        kwh: kwh('kwh'),
        peak: money('peakRate'),
        offPeak: money('offPeakRate'),
      });
    case 'lightsEco':
      return t('savings.lightsEco.reason', {
        kwh: kwh('fullKwh'),
        saved: kwh('savedKwh'),
        already: kwh('alreadySavedKwh'),
        alreadyAmount: money('alreadySavedAmount'),
      });
    case 'motorsIdle':
      return t('savings.motorsIdle.reason', {
        motors: formatNumber(f('motors'), language),
        hours: formatNumber(f('hours'), language),
        kwh: kwh('kwh'),
      });
    case 'demandPeak':
      return t('savings.demandPeak.reason', { peak: kw('peakKw'), p95: kw('p95Kw'), contracted: kw('contractedKw') });
  }
}

function howOf(s: SavingsSuggestion, t: Say, language: Language): string {
  if (s.kind === 'demandPeak')
    return t('savings.demandPeak.how', {
      intervals: formatNumber(s.figures.intervals ?? 0, language),
      rate: formatCurrency(s.figures.demandRate ?? 0, language),
    });
  return t(`savings.${s.kind}.how`);
}

/** The savings the page suggests: each with its monthly figure, its reason and how it is computed. */
export function EnergySavingsCard({ savings, pending }: { savings: EnergySavings | undefined; pending: boolean }) {
  const t = useStrings(energyStrings);
  const { language } = useLanguage();
  const money = (n: number) => formatCurrency(n, language);
  return (
    <CardSection
      title={t('savings.title')}
      description={t('savings.description', { days: savings?.days ?? 7 })}
      action={
        savings && (
          <p className="text-lg font-semibold tabular-nums" data-savings-total>
            {t('savings.total', { value: money(savings.monthlyTotal) })}
          </p>
        )
      }
    >
      {!savings ? (
        pending ? (
          <div role="status" aria-label={t('loading')} className="flex flex-col gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : null
      ) : savings.monthlyTotal === 0 ? (
        <EmptyState>{t('savings.nothing')}</EmptyState>
      ) : (
        <>
          <ul className="flex flex-col divide-y">
            {savings.suggestions.map((s) => (
              <li key={s.kind} className="flex flex-col gap-1 py-3 first:pt-0" data-saving={s.kind}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-medium">{t(`savings.${s.kind}.title`)}</h3>
                  <p className="font-semibold tabular-nums">{t('savings.monthly', { value: money(s.monthly) })}</p>
                </div>
                <p className="text-sm">{reasonOf(s, t, language)}</p>
                {s.kind !== 'demandPeak' && (
                  <p className="text-xs text-muted-foreground tabular-nums">
                    {t('savings.inWindow', { value: money(s.amount), days: savings.days })}
                  </p>
                )}
                <p className="text-xs text-muted-foreground">{howOf(s, t, language)}</p>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">
            {t('savings.monthlyHow', { days: savings.days, start: savings.period.start, end: savings.period.end })}
          </p>
        </>
      )}
    </CardSection>
  );
}
