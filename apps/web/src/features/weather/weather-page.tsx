import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FacilityWeather, WeatherOverview, WeatherWarning } from '@sentinela/shared/weather';
import { AlertTriangle, CloudSun } from 'lucide-react';
import { CardSection } from '../../components/card-section';
import { PageHeader } from '../../components/page-header';
import { EmptyState, QueryError } from '../../components/query-state';
import { RoleGatedButton } from '../../components/role-gated';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime, formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { weatherStrings } from './weather.strings';
import {
  formatAge,
  formatForecastDay,
  formatHumidity,
  formatIrradiance,
  formatRain,
  formatWind,
} from '../../lib/weather-units';

type T = AreaTranslate<keyof (typeof weatherStrings)['pt']>;

/** /weather: per facility, the conditions now, the site's stations and the 7-day forecast. */
export default function WeatherPage() {
  const { t: tApp } = useLanguage();
  const t = useStrings(weatherStrings);
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.weather.overview.queryOptions(), refetchInterval: 5 * 60_000 });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={tApp('nav.weather')} />
      {overview.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : overview.isError ? (
        <QueryError query={overview} />
      ) : (
        <>
          <ProviderBanner t={t} overview={overview.data} />
          {overview.data.facilities.length === 0 ? (
            <EmptyState icon={<CloudSun />}>{t('empty')}</EmptyState>
          ) : (
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              {overview.data.facilities.map((facility) => (
                <FacilityCard key={facility.facilityId} t={t} facility={facility} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function ProviderBanner({ t, overview }: { t: T; overview: WeatherOverview }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const enable = useMutation(
    trpc.settings.setWeather.mutationOptions({
      onSuccess: async () => {
        notify.success(t('enabled'));
        await queryClient.invalidateQueries({ queryKey: trpc.weather.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.settings.weather.queryKey() });
      },
      onError: (error) => notify.error(errorMessage(error, t('enableFailed'))),
    }),
  );
  if (overview.provider === 'open-meteo') return <p className="text-sm text-muted-foreground">{t('providerOn')}</p>;
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>{t('providerOff')}</p>
      <RoleGatedButton
        needs="admin"
        variant="outline"
        size="sm"
        className="shrink-0"
        disabled={enable.isPending}
        onClick={() => enable.mutate({ ...overview.settings, provider: 'open-meteo' })}
      >
        {enable.isPending ? t('enabling') : t('enableOpenMeteo')}
      </RoleGatedButton>
    </div>
  );
}

function FacilityCard({ t, facility }: { t: T; facility: FacilityWeather }) {
  const { language } = useLanguage();
  const now = new Date();
  const { current } = facility;
  return (
    <CardSection title={facility.name} description={facility.city}>
      <div className="flex flex-col gap-5">
        <section aria-label={t('current')} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium">{t('current')}</h3>
          {current ? (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <Figure label={t('temperature')} value={formatTemperature(current.temperatureC, language)} big />
                <Figure label={t('humidity')} value={formatHumidity(current.humidity, language)} />
                <Figure label={t('wind')} value={formatWind(current.windKmh, language)} />
                <Figure label={t('irradiance')} value={formatIrradiance(current.irradianceWm2, language)} />
              </dl>
              <p className="text-xs text-muted-foreground">
                {t(current.source === 'sensors' ? 'fromSensors' : 'fromForecast', {
                  time: formatDateTime(current.at, language, facility.timezone),
                })}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('noCurrent')}</p>
          )}
        </section>

        {facility.warnings.length > 0 && (
          <section aria-label={t('warnings')}>
            <ul className="flex flex-col gap-1 text-sm">
              {facility.warnings.map((w) => (
                <li
                  key={`${w.kind}-${w.date}`}
                  className="flex items-start gap-2 rounded-md bg-amber-500/15 p-2 text-amber-800 dark:text-amber-300"
                >
                  <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span>{warningText(t, w, language)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}

        <ProviderState t={t} facility={facility} now={now} />

        {facility.cooling && (
          <p className="text-sm">
            {t('cooling', {
              kwh: formatQuantity(facility.cooling.expectedKwh, 'kWh', language),
              mean: formatQuantity(facility.cooling.averageKwh, 'kWh', language),
              perDegreeDay: formatQuantity(
                language === 'en' ? (facility.cooling.kwhPerDegreeDay * 5) / 9 : facility.cooling.kwhPerDegreeDay,
                'kWh',
                language,
                1,
              ),
              days: facility.cooling.days,
              temp: formatTemperature(facility.cooling.tomorrowMeanC, language),
            })}
          </p>
        )}

        {facility.days.length > 0 && (
          <div
            className="overflow-x-auto"
            tabIndex={0}
            role="region"
            aria-label={t('forecastCaption', { name: facility.name })}
          >
            <table className="w-full min-w-[22rem] text-sm">
              <caption className="mb-2 text-left text-sm font-medium">
                {t('forecastCaption', { name: facility.name })}
              </caption>
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('day')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    {t('min')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    {t('max')}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right font-medium">
                    {t('rain')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('windMax')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {facility.days.map((day) => (
                  <tr key={day.date} className="border-b last:border-0">
                    <th scope="row" className="py-1 pr-2 text-left font-normal whitespace-nowrap">
                      {formatForecastDay(day.date, language)}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatTemperature(day.minC, language)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatTemperature(day.maxC, language)}</td>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatRain(day.precipitationMm, language)}</td>
                    <td className="py-1 text-right tabular-nums">
                      {formatWind(Math.max(day.windMaxKmh, day.gustMaxKmh ?? 0), language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <section aria-label={t('stations')} className="flex flex-col gap-1">
          <h3 className="text-sm font-medium">{t('stations')}</h3>
          {facility.stations.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('noStations')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {facility.stations.map((s) => (
                <li key={s.equipmentId} className="flex flex-wrap gap-x-3">
                  <span className="font-medium">{s.name}</span>
                  <span className="tabular-nums">{formatTemperature(s.temperatureC, language)}</span>
                  <span className="tabular-nums">{formatHumidity(s.humidity, language)}</span>
                  <span className="tabular-nums">{formatWind(s.windKmh, language)}</span>
                  <span className="tabular-nums">{formatIrradiance(s.irradianceWm2, language)}</span>
                  <span className="text-muted-foreground">
                    {s.at ? formatDateTime(s.at, language, facility.timezone) : t('neverReported')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </CardSection>
  );
}

function Figure({ label, value, big }: { label: string; value: string; big?: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={big ? 'text-2xl font-semibold tabular-nums' : 'text-lg tabular-nums'}>{value}</dd>
    </div>
  );
}

function ProviderState({ t, facility, now }: { t: T; facility: FacilityWeather; now: Date }) {
  const { language } = useLanguage();
  const p = facility.provider;
  if (p.state === 'off') return null;
  if (p.state === 'ok')
    return (
      <p className="text-xs text-muted-foreground">{t('stateOk', { age: formatAge(p.fetchedAt, now, language) })}</p>
    );
  const reason = t(`reason.${p.reason}`);
  return (
    <p role="status" className="rounded-md border border-amber-500/50 p-2 text-sm">
      {p.state === 'stale'
        ? t('stateStale', { reason, age: formatAge(p.fetchedAt, now, language) })
        : t('stateFailed', { reason })}
    </p>
  );
}

function warningText(t: T, w: WeatherWarning, language: 'pt' | 'en'): string {
  const day = formatForecastDay(w.date, language);
  if (w.kind === 'heat-wave') return t('warningHeat', { day, value: formatTemperature(w.value, language) });
  if (w.unit === 'mm') return t('warningStormRain', { day, value: formatRain(w.value, language) });
  return t('warningStormWind', { day, value: formatWind(w.value, language) });
}
