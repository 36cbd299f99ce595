import type { Database } from '@sentinela/db/client';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { weatherWarnings } from '@sentinela/shared/weather';
import { forecastDays } from './forecast';
import { raiseWeatherAlerts } from './weather-alerts';
import { weatherPlaces } from './weather-overview.service';
import { openMeteoWeatherProvider, type OpenMeteoOptions } from './weather-providers';
import { getWeatherSettings } from './weather.service';

/** How often the background job looks at the forecast: the cache's age, so each run reads one fresh answer. */
export const WEATHER_WARNINGS_INTERVAL_MS = 30 * 60_000;

/**
 * The `weather.warnings` job: heat-wave and storm warnings become info site alerts even when
 * nobody opens /weather. Nothing is asked while Open-Meteo is off; when on, the forecast comes
 * through the same 30-minute cache as the page (weather_forecasts), so the two never fetch the
 * same facility twice in a window. Each warning is raised once per facility, kind and day.
 * Answers how many alerts were raised.
 */
export async function checkWeatherWarnings(
  db: Database,
  bus: { publish(event: LiveEvent): void },
  openMeteo: OpenMeteoOptions,
  now: Date,
): Promise<number> {
  const settings = await getWeatherSettings(db);
  if (settings.provider !== 'open-meteo') return 0;
  const places = await weatherPlaces(db);
  const forecasts = await openMeteoWeatherProvider(db, openMeteo).read(places, now);
  const warnings = places.flatMap((place) => {
    const reading = forecasts.get(place.facilityId);
    // Only a fresh forecast warns: a stale one has already been read (and raised) when it was fresh.
    if (!reading?.forecast || reading.state.state !== 'ok') return [];
    const days = forecastDays(reading.forecast, place.timezone, now);
    return weatherWarnings(days, settings).map((warning) => ({
      facilityId: place.facilityId,
      facility: place.name,
      warning,
    }));
  });
  return raiseWeatherAlerts(db, bus, warnings, now);
}
