import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WeatherProviderName, WeatherSettings } from '@sentinela/shared/weather';
import { useId, useState } from 'react';
import { Input, Select } from '../../components/ui/input';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import {
  parseDecimal,
  temperatureFromDisplay,
  temperatureToDisplay,
  temperatureUnit,
  windFromDisplay,
  windToDisplay,
  windUnit,
} from '../../lib/weather-units';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-form';
import { weatherSettingsStrings } from './weather-settings.strings';

type T = AreaTranslate<keyof (typeof weatherSettingsStrings)['pt']>;

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** The "Tempo" section of /settings (admins): the forecast provider (off by default) and the warning thresholds. */
export function WeatherSettingsSection() {
  const t = useStrings(weatherSettingsStrings);
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.weather.queryOptions());
  return (
    <SettingsSection title={t('title')} description={t('description')} query={settings} t={t}>
      {(data) => <WeatherForm t={t} initial={data} />}
    </SettingsSection>
  );
}

function WeatherForm({ t, initial }: { t: T; initial: WeatherSettings }) {
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [provider, setProvider] = useState<WeatherProviderName>(initial.provider);
  const [heat, setHeat] = useState(oneDecimal(temperatureToDisplay(initial.heatWaveC, language)));
  const [wind, setWind] = useState(oneDecimal(windToDisplay(initial.stormWindKmh, language)));
  const [rain, setRain] = useState(String(initial.stormRainMm));
  const saving = useSettingsSave((h) => trpc.settings.setWeather.mutationOptions(h), {
    saved: t('saved'),
    failed: t('saveFailed'),
    onSaved: async (saved) => {
      queryClient.setQueryData(trpc.settings.weather.queryKey(), saved);
      await queryClient.invalidateQueries({ queryKey: trpc.weather.pathKey() });
    },
  });
  const submit = () => {
    const heatValue = parseDecimal(heat);
    const windValue = parseDecimal(wind);
    const rainValue = parseDecimal(rain);
    if (heatValue === null || windValue === null || rainValue === null) {
      saving.setError(t('notNumber'));
      return;
    }
    saving.send({
      provider,
      heatWaveC: temperatureFromDisplay(heatValue, language),
      stormWindKmh: windFromDisplay(windValue, language),
      stormRainMm: rainValue,
    });
  };
  return (
    <SettingsForm label={t('title')} saving={saving} t={t} onSubmit={submit}>
      <label className="flex max-w-md flex-col gap-1 text-sm font-medium">
        {t('provider')}
        <Select value={provider} onChange={(e) => setProvider(e.target.value as WeatherProviderName)}>
          <option value="sensors">{t('providerSensors')}</option>
          <option value="open-meteo">{t('providerOpenMeteo')}</option>
        </Select>
      </label>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('heatWave', { unit: temperatureUnit(language) })}
          <Input
            inputMode="decimal"
            value={heat}
            aria-describedby={`${id}-heat`}
            onChange={(e) => setHeat(e.target.value)}
          />
          <span id={`${id}-heat`} className="text-xs font-normal text-muted-foreground">
            {t('heatWaveHint')}
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('stormWind', { unit: windUnit(language) })}
          <Input inputMode="decimal" value={wind} onChange={(e) => setWind(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('stormRain')}
          <Input inputMode="decimal" value={rain} onChange={(e) => setRain(e.target.value)} />
        </label>
      </div>
    </SettingsForm>
  );
}
