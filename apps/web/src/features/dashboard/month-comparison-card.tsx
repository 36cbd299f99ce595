import { TrendingDown, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import type { Language } from '@sentinela/shared/language';
import { EmptyState, QueryError } from '../../components/query-state';
import { CardSection } from '../../components/card-section';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCurrency, formatQuantity } from '../../lib/format';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { EnergyQuery } from './dashboard-queries';
import { HowComputed } from './how-computed';

/** Dates in the site's time zone (months and days are the site's, not the browser's). */
function siteFormats(language: Language, timeZone: string) {
  const locale = language === 'pt' ? 'pt-BR' : 'en-US';
  try {
    return {
      moment: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone }),
    };
  } catch {
    // An unknown zone name: the browser's own.
    return {
      moment: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'short' }),
    };
  }
}

function Period({
  title,
  kwh,
  period,
  cost,
  share,
}: {
  title: string;
  kwh: string;
  period: string;
  cost: string | null;
  share: number;
}) {
  return (
    <div role="group" aria-label={title} className="flex flex-col gap-1 rounded-md border p-3">
      <p className="text-xs text-muted-foreground">{title}</p>
      <p className="text-xl font-semibold tabular-nums">{kwh}</p>
      <div aria-hidden className="h-1.5 w-full rounded-full bg-muted">
        <div
          className="h-1.5 rounded-full bg-primary"
          style={{ width: `${Math.round(Math.min(1, Math.max(0, share)) * 100)}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">{period}</p>
      {cost && <p className="text-sm tabular-nums">{cost}</p>}
    </div>
  );
}

/** This month so far against the same hours four (or five) weeks earlier, the same weekdays: kWh, and cost with a tariff. */
export function MonthComparisonCard({ energy }: { energy: EnergyQuery }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const data = energy.data;
  const site = useFacilityZones().site;
  const formats = useMemo(() => siteFormats(language, data?.timezone ?? 'UTC'), [language, data?.timezone]);
  const month = data?.month;
  const kwh = (value: number | null | undefined) => formatQuantity(value, 'kWh', language);
  const largest = Math.max(month?.current.kwh ?? 0, month?.previous.kwh ?? 0) || 1;
  const change = month?.changePercent;

  return (
    <CardSection title={t('month')} description={t('monthDescription')} contentClassName="flex flex-1 flex-col gap-3">
      {energy.isError && !data ? (
        <QueryError query={energy} />
      ) : !data ? (
        <div className="flex flex-col gap-3" aria-hidden>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
          <Skeleton className="h-6 w-40" />
        </div>
      ) : !month ? (
        <EmptyState>{t('noMonth')}</EmptyState>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Period
              title={t('thisMonth')}
              kwh={kwh(month.current.kwh)}
              share={month.current.kwh / largest}
              period={t('period', {
                from: formats.moment.format(month.current.from),
                to: formats.moment.format(month.current.to),
              })}
              cost={data.tariff ? t('cost', { value: formatCurrency(month.current.costBRL, language) }) : null}
            />
            <Period
              title={t('lastMonth', { weeks: month.shiftDays / 7 })}
              kwh={kwh(month.previous.kwh)}
              share={(month.previous.kwh ?? 0) / largest}
              period={t('period', {
                from: formats.moment.format(month.previous.from),
                to: formats.moment.format(month.previous.to),
              })}
              cost={data.tariff ? t('cost', { value: formatCurrency(month.previous.costBRL, language) }) : null}
            />
          </div>
          <p className="flex items-center gap-2 text-sm font-medium" data-slot="month-change">
            {change === null || change === undefined ? (
              <span className="font-normal text-muted-foreground">{t('changeNone')}</span>
            ) : (
              <>
                {change >= 0 ? (
                  <TrendingUp aria-hidden className="size-4" />
                ) : (
                  <TrendingDown aria-hidden className="size-4" />
                )}
                <span>
                  {`${t('change')}: `}
                  {t(change >= 0 ? 'changeUp' : 'changeDown', {
                    percent: formatQuantity(Math.abs(change), '%', language, 1),
                  })}
                </span>
              </>
            )}
          </p>
          <HowComputed>{t('sameWeekdays', { weeks: month.shiftDays / 7 })}</HowComputed>
          {month.limitedByHistory && (
            <HowComputed>
              {t('limited', { day: formats.day.format(month.previous.from) })}{' '}
              {t('monthToDate', { kwh: kwh(month.monthToDateKwh) })}
            </HowComputed>
          )}
          <HowComputed>
            {data.tariff
              ? t('costHow', {
                  peak: formatCurrency(data.tariff.peakRate, language),
                  offPeak: formatCurrency(data.tariff.offPeakRate, language),
                  start: data.tariff.peakStart,
                  end: data.tariff.peakEnd,
                })
              : t('costNeedsTariff')}
          </HowComputed>
          <ZoneNote place={site?.place} timeZone={data.timezone} />
        </>
      )}
    </CardSection>
  );
}
