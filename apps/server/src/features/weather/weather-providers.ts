import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { equipment, rooms, telemetryLatest } from '@sentinela/db/schema/plant';
import { weatherForecasts } from '@sentinela/db/schema/weather';
import {
  OUTDOOR_METRICS,
  outdoorStationMetrics,
  type WeatherProviderName,
  type WeatherProviderState,
  type WeatherStation,
} from '@sentinela/shared/weather';
import { forecastSchema, type Forecast } from './forecast';
import { fetchOpenMeteo, WeatherFetchError, WEATHER_TIMEOUT_MS } from './open-meteo';

/** A facility as a weather provider sees it. */
export interface WeatherPlace {
  facilityId: string;
  timezone: string;
  latitude: number | null;
  longitude: number | null;
}

/** What a provider knows of one facility now. */
export interface WeatherReading {
  stations: WeatherStation[];
  forecast: Forecast | null;
  state: WeatherProviderState;
}

/**
 * A source of weather (ADR 023): the site's own outdoor stations, or a forecast service. Every
 * facility asked for gets an answer; a provider never throws for a failure it can name.
 */
export interface WeatherProvider {
  readonly name: WeatherProviderName;
  read(places: readonly WeatherPlace[], now: Date): Promise<Map<string, WeatherReading>>;
}

/**
 * The outdoor stations: live equipment of kind `sensor` in an outdoor room, or that declares a
 * wind or irradiance metric, with their last readings.
 */
export function sensorWeatherProvider(db: Database): WeatherProvider {
  return {
    name: 'sensors',
    async read(places) {
      const result = new Map<string, WeatherReading>(
        places.map((p) => [p.facilityId, { stations: [], forecast: null, state: { state: 'off' } }]),
      );
      if (places.length === 0) return result;
      const stations = await db
        .select({ id: equipment.id, name: equipment.name, facilityId: equipment.facilityId })
        .from(equipment)
        .leftJoin(rooms, eq(rooms.id, equipment.roomId))
        .where(
          and(
            eq(equipment.kind, 'sensor'),
            isNull(equipment.retiredAt),
            inArray(
              equipment.facilityId,
              places.map((p) => p.facilityId),
            ),
            or(
              eq(rooms.kind, 'outdoor'),
              sql`coalesce(${equipment.metrics}, '[]'::jsonb) ?| array['windSpeed','irradiance']`,
            ),
          ),
        )
        .orderBy(equipment.id);
      if (stations.length === 0) return result;
      const readings = await db
        .select()
        .from(telemetryLatest)
        .where(
          and(
            inArray(
              telemetryLatest.equipmentId,
              stations.map((s) => s.id),
            ),
            inArray(telemetryLatest.metric, outdoorStationMetrics),
          ),
        );
      for (const station of stations) {
        const mine = readings.filter((r) => r.equipmentId === station.id);
        const value = (metric: string) => mine.find((r) => r.metric === metric)?.value ?? null;
        const at = mine.reduce<Date | null>((latest, r) => (!latest || r.ts > latest ? r.ts : latest), null);
        result.get(station.facilityId)?.stations.push({
          equipmentId: station.id,
          name: station.name,
          at,
          temperatureC: value(OUTDOOR_METRICS.temperature),
          humidity: value(OUTDOOR_METRICS.humidity),
          windKmh: value(OUTDOOR_METRICS.wind),
          irradianceWm2: value(OUTDOOR_METRICS.irradiance),
        });
      }
      return result;
    },
  };
}

/** A forecast younger than this is not asked again. */
export const FORECAST_CACHE_MS = 30 * 60_000;
/** After a failure, the provider is asked again only after this (not on every page load). */
export const FAILURE_RETRY_MS = 60_000;

export interface OpenMeteoOptions {
  url: string;
  timeoutMs?: number;
}

/**
 * Open-Meteo at each facility's coordinates, cached in weather_forecasts for 30 minutes. A failure
 * (down, slow, garbage) leaves the last forecast to show as stale, with the reason.
 */
export function openMeteoWeatherProvider(db: Database, options: OpenMeteoOptions): WeatherProvider {
  return {
    name: 'open-meteo',
    async read(places, now) {
      const entries = await Promise.all(
        places.map(async (place) => [place.facilityId, await sharedForecastFor(db, place, now, options)] as const),
      );
      return new Map(entries);
    },
  };
}

/** The reads under way, per database and facility: the job and a page asking at once share one request. */
const inFlight = new WeakMap<Database, Map<string, Promise<WeatherReading>>>();

function sharedForecastFor(db: Database, place: WeatherPlace, now: Date, options: OpenMeteoOptions) {
  let reads = inFlight.get(db);
  if (!reads) {
    reads = new Map<string, Promise<WeatherReading>>();
    inFlight.set(db, reads);
  }
  const key = `${place.facilityId}|${options.url}`;
  const running = reads.get(key);
  if (running) return running;
  const read = forecastFor(db, place, now, options).finally(() => reads.delete(key));
  reads.set(key, read);
  return read;
}

async function forecastFor(
  db: Database,
  place: WeatherPlace,
  now: Date,
  options: OpenMeteoOptions,
): Promise<WeatherReading> {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null)
    return { stations: [], forecast: null, state: { state: 'failed', reason: 'no-coordinates' } };
  const [row] = await db.select().from(weatherForecasts).where(eq(weatherForecasts.facilityId, place.facilityId));
  const here = row && row.latitude === latitude && row.longitude === longitude ? row : undefined;
  const kept = here?.forecast ? forecastSchema.safeParse(here.forecast) : undefined;
  const cached = kept?.success && here?.fetchedAt ? { forecast: kept.data, fetchedAt: here.fetchedAt } : null;
  const age = (at: Date) => now.getTime() - at.getTime();
  if (cached && age(cached.fetchedAt) < FORECAST_CACHE_MS)
    return { stations: [], forecast: cached.forecast, state: { state: 'ok', fetchedAt: cached.fetchedAt } };
  const failedOf = (reason: WeatherFetchError['reason']): WeatherReading =>
    cached
      ? { stations: [], forecast: cached.forecast, state: { state: 'stale', fetchedAt: cached.fetchedAt, reason } }
      : { stations: [], forecast: null, state: { state: 'failed', reason } };
  if (here?.failedAt && here.failure && age(here.failedAt) >= 0 && age(here.failedAt) < FAILURE_RETRY_MS)
    return failedOf(here.failure as WeatherFetchError['reason']);

  try {
    const forecast = await fetchOpenMeteo(options.url, latitude, longitude, options.timeoutMs ?? WEATHER_TIMEOUT_MS);
    const values = { latitude, longitude, fetchedAt: now, forecast, failedAt: null, failure: null };
    await db
      .insert(weatherForecasts)
      .values({ facilityId: place.facilityId, ...values })
      .onConflictDoUpdate({ target: weatherForecasts.facilityId, set: values });
    return { stations: [], forecast, state: { state: 'ok', fetchedAt: now } };
  } catch (error) {
    const reason = error instanceof WeatherFetchError ? error.reason : 'invalid-answer';
    const failure = { failedAt: now, failure: reason };
    await db
      .insert(weatherForecasts)
      .values({
        facilityId: place.facilityId,
        latitude,
        longitude,
        fetchedAt: cached?.fetchedAt ?? null,
        forecast: cached?.forecast ?? null,
        ...failure,
      })
      .onConflictDoUpdate({
        target: weatherForecasts.facilityId,
        set: here ? failure : { latitude, longitude, fetchedAt: null, forecast: null, ...failure },
      });
    return failedOf(reason);
  }
}
