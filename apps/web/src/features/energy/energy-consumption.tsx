import { isNationalHoliday } from '@sentinela/shared/br-holidays';
import type { EnergyConsumption, LoadKind } from '@sentinela/shared/energy';
import { loadKinds } from '@sentinela/shared/energy-values';
import { useMemo, useState, type ReactNode } from 'react';
import { CardSection } from '../../components/card-section';
import { BarChart } from '../../components/charts/bar-chart';
import { DonutChart, type Slice } from '../../components/charts/donut-chart';
import { TimeSeriesChart, type ChartSeries } from '../../components/charts/time-series-chart';
import { CsvExportButton } from '../../components/csv-export-button';
import { EmptyState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { formatNumber, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { byDayTable, byHourTable, profileTable, tableCsv, type FigureTable } from './consumption-rows';
import { energyStrings } from './energy.strings';

const kindColours: Record<LoadKind, Pick<Slice, 'strokeClass' | 'swatchClass'>> = {
  motors: { strokeClass: 'stroke-sky-500', swatchClass: 'bg-sky-500' },
  lighting: { strokeClass: 'stroke-amber-400', swatchClass: 'bg-amber-400' },
  hvac: { strokeClass: 'stroke-emerald-500', swatchClass: 'bg-emerald-500' },
  it: { strokeClass: 'stroke-violet-500', swatchClass: 'bg-violet-500' },
  other: { strokeClass: 'stroke-zinc-400', swatchClass: 'bg-zinc-400' },
};

/** The lines of the kinds of load (text colours for the canvas charts; the donut's slices match). */
const kindLines: Record<LoadKind, string> = {
  motors: 'text-sky-500',
  lighting: 'text-amber-400',
  hvac: 'text-emerald-500',
  it: 'text-violet-500',
  other: 'text-zinc-400',
};

/** The x axis of the hour charts: 0 … 23 read as '00h' … '23h'. */
const hourAxis = {
  kind: 'number' as const,
  format: (hour: number) => `${String(hour).padStart(2, '0')}h`,
  steps: [1, 2, 3, 6, 12],
};

/** A chart with its figures as a table (a toggle) and a CSV of them. */
function FigureCard({
  title,
  description,
  table,
  filename,
  children,
}: {
  title: string;
  description?: string;
  table: FigureTable;
  filename: string;
  children: ReactNode;
}) {
  const t = useStrings(energyStrings);
  const { language } = useLanguage();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const show = (value: string | number | null) =>
    value === null ? '—' : typeof value === 'number' ? formatNumber(value, language, 1) : value;
  return (
    <CardSection
      title={title}
      description={description}
      action={
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label={t('view.label')} className="inline-flex gap-1">
            {(['chart', 'table'] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? 'default' : 'outline'}
                aria-pressed={view === v}
                onClick={() => {
                  setView(v);
                }}
              >
                {t(`view.${v}`)}
              </Button>
            ))}
          </div>
          <CsvExportButton
            t={t}
            load={() =>
              Promise.resolve({
                filename,
                csv: tableCsv(table, language),
                rows: table.rows.length,
                truncated: false,
              })
            }
          />
        </div>
      }
    >
      {view === 'chart' ? (
        children
      ) : (
        <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={title}>
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                {table.columns.map((c, i) => (
                  <th
                    key={c}
                    scope="col"
                    className={i === 0 ? 'py-1 pr-3 font-medium' : 'py-1 pr-3 text-right font-medium'}
                  >
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])} className="border-b last:border-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-1 pr-3 text-left font-normal">
                        {show(cell)}
                      </th>
                    ) : (
                      <td key={i} className="py-1 pr-3 text-right tabular-nums">
                        {show(cell)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardSection>
  );
}

const dayLabel = (day: string, lang: 'pt' | 'en') => {
  const [, m, d] = day.split('-');
  return lang === 'pt' ? `${d}/${m}` : `${m}/${d}`;
};

/** By day, the split by kind, by hour and the 24-hour profile of a facility (or room). */
export function ConsumptionPanel({ data }: { data: EnergyConsumption }) {
  const t = useStrings(energyStrings);
  const { language } = useLanguage();
  const kwh = (v: number) => formatQuantity(v, 'kWh', language, v < 10 ? 1 : 0);
  const kinds = loadKinds.map((k) => `${t(`kind.${k}`)} (kWh)`);
  const place = (data.roomName ? `${data.facilityName}-${data.roomName}` : data.facilityName)
    .normalize('NFD')
    .replace(/[^\w-]+/g, '-')
    .toLowerCase();
  const n = data.byDay.length;
  const totalLabel = t('col.total').replace(' (kWh)', '');
  // By hour: the total and each kind of load, so the crosshair tells which loads make the hour.
  const hourly = useMemo(
    () => ({
      x: data.byHour.map((h) => h.hour),
      series: [
        { label: totalLabel, colour: 'text-primary', values: data.byHour.map((h) => h.kwh) },
        ...loadKinds.map((kind): ChartSeries => ({
          label: t(`kind.${kind}`),
          colour: kindLines[kind],
          values: data.byHour.map((h) => h.byKind[kind]),
        })),
      ],
    }),
    [data.byHour, totalLabel, t],
  );
  // The profile: today against the mean working day and the mean weekend day; today's own kind
  // of day is drawn solid, the other dashed.
  const workingDay = isWorkingDay(data.today);
  const profile = useMemo(
    () => ({
      x: data.profile.map((p) => p.hour),
      series: [
        { label: t('profile.today'), colour: 'text-primary', values: data.profile.map((p) => p.today) },
        {
          label: t('profile.weekday'),
          colour: 'text-sky-500',
          values: data.profile.map((p) => p.weekday),
          dashed: !workingDay,
        },
        {
          label: t('profile.weekend'),
          colour: 'text-violet-500',
          values: data.profile.map((p) => p.weekend),
          dashed: workingDay,
        },
      ],
    }),
    [data.profile, t, workingDay],
  );
  const total = data.byDay.reduce((sum, d) => sum + d.kwh, 0);
  if (total === 0 && data.byHour.length === 0) return <EmptyState>{t('consumption.empty')}</EmptyState>;

  const split = loadKinds.map((kind) => ({
    label: t(`kind.${kind}`),
    value: data.byDay.reduce((sum, d) => sum + d.byKind[kind], 0),
    ...kindColours[kind],
  }));

  return (
    <div className="flex flex-col gap-4">
      {!data.metered && <p className="text-sm text-muted-foreground">{t('consumption.unmetered')}</p>}
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <FigureCard
          title={t('byDay.title', { n })}
          table={byDayTable(data, { day: t('col.day'), total: t('col.total'), kinds })}
          filename={`consumo-dia-${place}-${data.today}.csv`}
        >
          <BarChart
            label={t('byDay.title', { n })}
            bars={data.byDay.map((d) => ({ label: dayLabel(d.day, language), value: d.kwh }))}
            labelEvery={Math.ceil(data.byDay.length / 8)}
            formatValue={kwh}
          />
        </FigureCard>
        <FigureCard
          title={t('split.title', { n })}
          table={{
            columns: [t('col.total').replace(' (kWh)', ''), 'kWh'],
            rows: split.map((s) => [s.label, Math.round(s.value * 10) / 10]),
          }}
          filename={`consumo-tipo-${place}-${data.today}.csv`}
        >
          <DonutChart slices={split} label={t('split.title', { n })} center={kwh(total)} formatValue={kwh} />
        </FigureCard>
        <FigureCard
          title={t('byHour.title', { day: dayLabel(data.day, language) })}
          table={byHourTable(data, { hour: t('col.hour'), total: t('col.total'), kinds })}
          filename={`consumo-hora-${place}-${data.day}.csv`}
        >
          <TimeSeriesChart
            label={t('byHour.title', { day: dayLabel(data.day, language) })}
            {...hourly}
            xAxis={hourAxis}
            xLabel={t('col.hour')}
            formatValue={kwh}
            fromZero
          />
        </FigureCard>
        <FigureCard
          title={t('profile.title')}
          description={t('profile.description', data.profileDays)}
          table={profileTable(data, [t('col.hour'), t('profile.today'), t('profile.weekday'), t('profile.weekend')])}
          filename={`perfil-${place}-${data.today}.csv`}
        >
          <TimeSeriesChart
            label={t('profile.title')}
            {...profile}
            xAxis={hourAxis}
            xLabel={t('col.hour')}
            formatValue={kwh}
            fromZero
          />
        </FigureCard>
      </div>
    </div>
  );
}

/** Today's chart compares it with its own kind of day: Monday to Friday, national holidays excepted. */
function isWorkingDay(day: string): boolean {
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  return dow >= 1 && dow <= 5 && !isNationalHoliday(day);
}
