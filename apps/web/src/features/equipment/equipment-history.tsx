import { useQuery } from '@tanstack/react-query';
import type { EquipmentItem } from '@sentinela/shared/equipment';
import { useId, useMemo, useState } from 'react';
import { pointsSeries, TimeSeriesChart } from '../../components/charts/time-series-chart';
import { ErrorState } from '../../components/query-state';
import { Select } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { equipmentStrings } from './equipment.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { defaultMetric, displayFormatter, isChartable, metricLabel, sortMetrics, toDisplayUnit } from './metric-format';

const HOUR = 3_600_000;
export const historyRanges = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR } as const;
export type HistoryRange = keyof typeof historyRanges;
const CHART_HEIGHT = 220;
/**
 * Points per period, which sets the resolution telemetry.series reads at: 30-s buckets of raw
 * points for 1 h; hourly rollups from 24 h up (3-h buckets for 30 d). Hourly rollups hold the
 * whole history (the demo site backfills them); minute rollups only what arrived since the
 * plant started, for most devices, so a 24-h curve from them would be mostly empty.
 */
const maxPoints: Record<HistoryRange, number> = { '1h': 120, '24h': 24, '7d': 168, '30d': 240 };

/** A metric's history (telemetry.series: raw points or rollups, the server picks) over 1 h … 30 d. */
export function EquipmentHistory({
  item,
  metrics,
  timeZone,
}: {
  item: EquipmentItem;
  metrics: string[];
  /** The facility's zone: the axis reads the plant's clock. */
  timeZone: string | undefined;
}) {
  const t = useStrings(equipmentStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const metricId = useId();
  const [range, setRange] = useState<HistoryRange>('24h');
  // The window ends when it was chosen (a new range, or the drawer opening, moves it to now).
  const [to, setTo] = useState(() => Math.ceil(Date.now() / 60_000) * 60_000);
  const options = useMemo(() => {
    const chartable = sortMetrics(metrics.filter(isChartable));
    return chartable.length > 0 ? chartable : [defaultMetric[item.kind]];
  }, [metrics, item.kind]);
  const [chosen, setChosen] = useState<string | null>(null);
  const metric =
    chosen && options.includes(chosen)
      ? chosen
      : options.includes(defaultMetric[item.kind])
        ? defaultMetric[item.kind]
        : (options[0] ?? defaultMetric[item.kind]);

  const series = useQuery(
    trpc.telemetry.series.queryOptions({
      equipmentId: item.id,
      metric,
      from: new Date(to - historyRanges[range]),
      to: new Date(to),
      maxPoints: maxPoints[range],
    }),
  );

  const label = metricLabel(t, metric);
  const points = useMemo(
    () =>
      (series.data?.points ?? []).map((p) => ({
        ts: p.ts,
        value: toDisplayUnit(metric, p.avg, language),
        min: toDisplayUnit(metric, p.min, language),
        max: toDisplayUnit(metric, p.max, language),
      })),
    [series.data, metric, language],
  );
  const formatValue = useMemo(() => displayFormatter(metric, language), [metric, language]);
  const chart = useMemo(() => pointsSeries(points, label), [points, label]);
  const bucket = series.data?.bucketSeconds ?? 0;
  const bucketText =
    bucket < 60
      ? t('bucket.s', { n: bucket })
      : bucket < 3600
        ? t('bucket.min', { n: bucket / 60 })
        : t('bucket.h', { n: bucket / 3600 });

  return (
    <section aria-labelledby={`${metricId}-title`} className="flex flex-col gap-3">
      <h3 id={`${metricId}-title`} className="text-sm font-semibold">
        {t('history')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={metricId} className="text-xs font-medium text-muted-foreground">
            {t('metric')}
          </label>
          <Select id={metricId} value={metric} onChange={(event) => setChosen(event.target.value)} className="max-w-64">
            {options.map((m) => (
              <option key={m} value={m}>
                {metricLabel(t, m)}
              </option>
            ))}
          </Select>
        </div>
        <div role="group" aria-label={t('range')} className="inline-flex rounded-md border p-0.5">
          {(Object.keys(historyRanges) as HistoryRange[]).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => {
                setRange(r);
                setTo(Math.ceil(Date.now() / 60_000) * 60_000);
              }}
              className={cn(
                'h-7 rounded px-2.5 text-xs font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                r === range
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {t(`range.${r}`)}
            </button>
          ))}
        </div>
      </div>
      <div style={{ height: CHART_HEIGHT }} data-testid="history-chart">
        {series.isError ? (
          <ErrorState error={series.error} onRetry={() => void series.refetch()} />
        ) : !series.data ? (
          <div aria-hidden className="h-full w-full animate-pulse rounded-md bg-muted" />
        ) : points.length === 0 ? (
          <div className="flex h-full items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
            {t('noHistory', { metric: label.toLowerCase() })}
          </div>
        ) : (
          <TimeSeriesChart
            {...chart}
            label={t('chartLabel', { metric: label, range: t(`range.${range}`) })}
            formatValue={formatValue}
            xAxis={{ kind: 'time', timeZone }}
            height={CHART_HEIGHT}
          />
        )}
      </div>
      <p className="min-h-4 text-xs text-muted-foreground">
        {series.data && points.length > 0 ? t('historyHow', { bucket: bucketText }) : ''}
      </p>
    </section>
  );
}
