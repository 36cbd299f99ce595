import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MotorMetric } from '@sentinela/shared/motors';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { pointsSeries, TimeSeriesChart } from '../../components/charts/time-series-chart';
import { ErrorState } from '../../components/query-state';
import { SelectField } from '../../components/select-field';
import { Skeleton } from '../../components/ui/skeleton';
import { celsiusToFahrenheit, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';

const ranges = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const;
type Range = keyof typeof ranges;
/**
 * Points per period. The server picks raw points, 1-minute or hourly rollups by the bucket size:
 * the last hour reads raw points (30 s buckets); a day and longer read the hourly rollups, which
 * hold the whole history (1-minute rollups are kept for meters' recent day and what came in since).
 */
const pointsPerRange: Record<Range, number> = { '1h': 120, '24h': 24, '7d': 168, '30d': 120 };
export const motorMetrics: MotorMetric[] = ['temperature', 'vibration', 'current', 'efficiency', 'rpm', 'powerKw'];
const CHART_HEIGHT = 200;
/** Spec §9: the efficiency target. */
const EFFICIENCY_TARGET = 85;

/** The current minute, moving on by itself: the chart's window ends now. */
function useMinute(): number {
  const [minute, setMinute] = useState(() => Math.ceil(Date.now() / 60_000) * 60_000);
  useEffect(() => {
    const timer = setInterval(() => {
      setMinute(Math.ceil(Date.now() / 60_000) * 60_000);
    }, 15_000);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return minute;
}

/** A unit per metric in the user's system (temperature: °C in pt, °F in en). */
export function metricUnit(metric: MotorMetric, fahrenheit: boolean): string {
  switch (metric) {
    case 'temperature':
      return fahrenheit ? '°F' : '°C';
    case 'vibration':
      return 'mm/s';
    case 'current':
      return 'A';
    case 'efficiency':
      return '%';
    case 'rpm':
      return 'rpm';
    case 'powerKw':
      return 'kW';
  }
}

/** A motor's metric over a period (telemetry.series picks raw or a rollup on the server), timed in `timeZone`. */
export function MotorHistory({
  motorId,
  motorName,
  timeZone,
}: {
  motorId: string;
  motorName: string;
  timeZone: string | undefined;
}) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [metric, setMetric] = useState<MotorMetric>('temperature');
  const [range, setRange] = useState<Range>('24h');
  const to = useMinute();
  const series = useQuery(
    trpc.telemetry.series.queryOptions(
      {
        equipmentId: motorId,
        metric,
        from: new Date(to - ranges[range]),
        to: new Date(to),
        maxPoints: pointsPerRange[range],
      },
      { placeholderData: keepPreviousData },
    ),
  );

  const fahrenheit = language === 'en' && metric === 'temperature';
  const toDisplay = useCallback((v: number) => (fahrenheit ? celsiusToFahrenheit(v) : v), [fahrenheit]);
  const points = useMemo(
    () =>
      (series.data?.points ?? []).map((p) => ({
        ts: p.ts,
        value: toDisplay(p.avg),
        min: toDisplay(p.min),
        max: toDisplay(p.max),
      })),
    [series.data, toDisplay],
  );
  const unit = metricUnit(metric, language === 'en');
  const digits = metric === 'rpm' ? 0 : metric === 'vibration' ? 2 : 1;
  const formatValue = useCallback(
    (v: number) => `${formatNumber(v, language, digits)}\u00a0${unit}`,
    [language, digits, unit],
  );
  const chart = useMemo(() => pointsSeries(points, t(`metric.${metric}`)), [points, t, metric]);

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-2">
        <SelectField
          label={t('detail.metric')}
          labelPlacement="hidden"
          value={metric}
          options={motorMetrics.map((m) => ({ value: m, label: t(`metric.${m}`) }))}
          onChange={(value) => {
            setMetric(value as MotorMetric);
          }}
        />
        <SelectField
          label={t('detail.range')}
          labelPlacement="hidden"
          value={range}
          options={(Object.keys(ranges) as Range[]).map((r) => ({ value: r, label: t(`range.${r}`) }))}
          onChange={(value) => {
            setRange(value as Range);
          }}
        />
      </div>
      <div style={{ height: CHART_HEIGHT }} className={series.isPlaceholderData ? 'opacity-60' : undefined}>
        {series.isError && !series.data ? (
          <ErrorState error={series.error} onRetry={() => void series.refetch()} />
        ) : !series.data ? (
          <Skeleton className="h-full w-full" />
        ) : points.length === 0 ? (
          <div className="flex h-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
            {t('detail.noHistory')}
          </div>
        ) : (
          <TimeSeriesChart
            {...chart}
            height={CHART_HEIGHT}
            label={t('detail.chartLabel', {
              metric: t(`metric.${metric}`),
              name: motorName,
              range: t(`range.${range}`),
            })}
            formatValue={formatValue}
            xAxis={{ kind: 'time', timeZone }}
            {...(metric === 'efficiency' ? { reference: { value: EFFICIENCY_TARGET, label: t('detail.target') } } : {})}
          />
        )}
      </div>
      <p className="min-h-4 text-xs text-muted-foreground">
        {series.data ? t('detail.historyHow', { points: points.length }) : ''}
      </p>
    </div>
  );
}
