/** The weather area's published service: its settings (read by the weather page, written on /settings). */
import type { Database } from '@sentinela/db/client';
import { defaultWeatherSettings, weatherSettingsSchema, type WeatherSettings } from '@sentinela/shared/weather';
import type { ChangeCaller } from '../../platform/audit';
import { readSetting, replaceSettings } from '../../platform/settings-store';

/** The weather settings in force: the stored ones when they validate, else the defaults (provider off). */
export function getWeatherSettings(db: Database): Promise<WeatherSettings> {
  return readSetting(db, 'weather', weatherSettingsSchema, defaultWeatherSettings);
}

/** Replaces the weather settings (an administrator's change), audited with the old and new value. */
export function setWeatherSettings(caller: ChangeCaller, next: WeatherSettings): Promise<WeatherSettings> {
  return replaceSettings(caller, {
    action: 'settings.setWeather',
    target: 'weather',
    read: getWeatherSettings,
    values: { weather: next },
    after: next,
  });
}
