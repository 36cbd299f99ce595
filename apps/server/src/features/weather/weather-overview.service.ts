import { asc } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { facilities } from '@sentinela/db/schema/plant';
import { weatherWarnings, type FacilityWeather, type WeatherOverview } from '@sentinela/shared/weather';
import { civilDate, forecastDays } from './forecast';
import { openMeteoWeatherProvider, sensorWeatherProvider, type OpenMeteoOptions } from './weather-providers';
import { getWeatherSettings } from './weather.service';
import { raiseWeatherAlerts } from './weather-alerts';
import { coolingOutlook } from './cooling-outlook';
import type { LiveEvent } from '@sentinela/shared/live-events';

/** Every facility, with what the providers need (coordinates, time zone), by name. */
export function weatherPlaces(db: Database) {
  return db
    .select({
      facilityId: facilities.id,
      name: facilities.name,
      city: facilities.city,
      timezone: facilities.timezone,
      latitude: facilities.latitude,
      longitude: facilities.longitude,
    })
    .from(facilities)
    .orderBy(asc(facilities.name));
}

/** A station reading older than this gives way to the forecast's current conditions. */
const STATION_FRESH_MS = 60 * 60_000;

/**
 * The weather page: per facility, its outdoor stations, the conditions now, the forecast's days
 * in its time zone with heat-wave and storm warnings, and the forecast provider's state.
 */
export async function weatherOverview(
  db: Database,
  openMeteo: OpenMeteoOptions,
  now: Date,
  bus?: { publish(event: LiveEvent): void },
): Promise<WeatherOverview> {
  const settings = await getWeatherSettings(db);
  const places = await weatherPlaces(db);
  const sensors = await sensorWeatherProvider(db).read(places, now);
  const forecasts =
    settings.provider === 'open-meteo' ? await openMeteoWeatherProvider(db, openMeteo).read(places, now) : null;

  const overview: WeatherOverview = {
    provider: settings.provider,
    settings,
    facilities: places.map((place): FacilityWeather => {
      const stations = sensors.get(place.facilityId)?.stations ?? [];
      const reading = forecasts?.get(place.facilityId);
      const forecast = reading?.forecast ?? null;
      const days = forecast ? forecastDays(forecast, place.timezone, now) : [];
      const station = stations.find((s) => s.at !== null && s.temperatureC !== null);
      const fresh = station?.at && now.getTime() - station.at.getTime() < STATION_FRESH_MS;
      const fromForecast = forecast?.current ?? null;
      const current =
        station?.at && (fresh || !fromForecast)
          ? { source: 'sensors' as const, ...station, at: station.at }
          : fromForecast
            ? { source: 'forecast' as const, ...fromForecast, at: new Date(fromForecast.at) }
            : null;
      return {
        facilityId: place.facilityId,
        name: place.name,
        city: place.city,
        timezone: place.timezone,
        hasCoordinates: place.latitude !== null && place.longitude !== null,
        stations,
        current: current && {
          source: current.source,
          at: current.at,
          temperatureC: current.temperatureC,
          humidity: current.humidity,
          windKmh: current.windKmh,
          irradianceWm2: current.irradianceWm2,
        },
        provider: reading?.state ?? { state: 'off' },
        days,
        warnings: weatherWarnings(days, settings),
        cooling: null,
      };
    }),
  };
  for (const f of overview.facilities) {
    const tomorrow = f.days.find((d) => d.date > civilDate(now.getTime(), f.timezone));
    f.cooling = await coolingOutlook(db, f.facilityId, f.timezone, tomorrow, now);
  }
  // A fresh forecast's warnings become info site alerts (once per facility, kind and day).
  if (bus) {
    const warnings = overview.facilities
      .filter((f) => f.provider.state === 'ok')
      .flatMap((f) => f.warnings.map((warning) => ({ facilityId: f.facilityId, facility: f.name, warning })));
    await raiseWeatherAlerts(db, bus, warnings, now);
  }
  return overview;
}
