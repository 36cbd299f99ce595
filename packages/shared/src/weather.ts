import { z } from 'zod';

/**
 * Weather (ADR 022). Where forecasts come from (settings key `weather`): the site's own outdoor
 * sensors only (the default: nothing leaves the machine), or Open-Meteo as well (no key; its base
 * URL from WEATHER_URL). The heat-wave and storm thresholds turn a forecast into warnings.
 */
/** Open-Meteo's public API (WEATHER_URL overrides it). */
export const DEFAULT_WEATHER_URL = 'https://api.open-meteo.com';

export const weatherProviders = ['sensors', 'open-meteo'] as const;
export type WeatherProviderName = (typeof weatherProviders)[number];

export const weatherSettingsSchema = z.object({
  provider: z.enum(weatherProviders).default('sensors'),
  /** A day whose forecast maximum reaches this, °C, is a heat-wave day. */
  heatWaveC: z.number('validation.number').min(20, 'validation.heatWaveC').max(60, 'validation.heatWaveC').default(34),
  /** A day whose forecast gusts reach this, km/h, is a storm day… */
  stormWindKmh: z
    .number('validation.number')
    .min(20, 'validation.stormWindKmh')
    .max(300, 'validation.stormWindKmh')
    .default(60),
  /** …or whose rain reaches this, mm. */
  stormRainMm: z
    .number('validation.number')
    .min(1, 'validation.stormRainMm')
    .max(1000, 'validation.stormRainMm')
    .default(50),
});
export type WeatherSettings = z.infer<typeof weatherSettingsSchema>;
export const defaultWeatherSettings: WeatherSettings = weatherSettingsSchema.parse({});

/** Metric names of an outdoor weather station (equipment of kind `sensor` in an outdoor room). */
export const OUTDOOR_METRICS = {
  temperature: 'temperature',
  humidity: 'humidity',
  /** km/h */
  wind: 'windSpeed',
  /** W/m² */
  irradiance: 'irradiance',
} as const;
export const outdoorStationMetrics = Object.values(OUTDOOR_METRICS);

/** Why the forecast provider gave nothing fresh. */
export const weatherFailureReasons = [
  'timeout',
  'unreachable',
  'http-error',
  'invalid-answer',
  'no-coordinates',
] as const;
export type WeatherFailureReason = (typeof weatherFailureReasons)[number];

/** The forecast provider's state for one facility. */
export const weatherProviderStateSchema = z.discriminatedUnion('state', [
  /** No forecast provider configured (the sensors only). */
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('ok'), fetchedAt: z.date() }),
  /** The last good forecast, older than the cache, shown because the provider failed. */
  z.object({ state: z.literal('stale'), fetchedAt: z.date(), reason: z.enum(weatherFailureReasons) }),
  /** Nothing to show: the provider failed and no earlier forecast is kept. */
  z.object({ state: z.literal('failed'), reason: z.enum(weatherFailureReasons) }),
]);
export type WeatherProviderState = z.infer<typeof weatherProviderStateSchema>;

const conditions = {
  /** °C */
  temperatureC: z.number().nullable(),
  /** % */
  humidity: z.number().nullable(),
  /** km/h */
  windKmh: z.number().nullable(),
  /** W/m² */
  irradianceWm2: z.number().nullable(),
};

export const weatherStationSchema = z.object({
  equipmentId: z.string(),
  name: z.string(),
  /** When it reported last (null: never). */
  at: z.date().nullable(),
  ...conditions,
});
export type WeatherStation = z.infer<typeof weatherStationSchema>;

export const weatherDaySchema = z.object({
  /** A civil date of the facility, YYYY-MM-DD. */
  date: z.string(),
  minC: z.number(),
  maxC: z.number(),
  precipitationMm: z.number(),
  windMaxKmh: z.number(),
  gustMaxKmh: z.number().nullable(),
});
export type WeatherDay = z.infer<typeof weatherDaySchema>;

export const weatherWarningKinds = ['heat-wave', 'storm'] as const;
export type WeatherWarningKind = (typeof weatherWarningKinds)[number];
export const weatherWarningSchema = z.object({
  kind: z.enum(weatherWarningKinds),
  date: z.string(),
  /** The forecast figure that crossed the threshold: °C (heat), km/h or mm (storm). */
  value: z.number(),
  unit: z.enum(['C', 'kmh', 'mm']),
});
export type WeatherWarning = z.infer<typeof weatherWarningSchema>;

/**
 * Tomorrow's expected HVAC energy from the last 30 days' kWh per cooling degree-day (base 18 °C)
 * and tomorrow's forecast mean temperature.
 */
export const coolingOutlookSchema = z.object({
  date: z.string(),
  /** Days of history the fit used (7–30). */
  days: z.number(),
  kwhPerDegreeDay: z.number(),
  tomorrowMeanC: z.number(),
  expectedKwh: z.number(),
  /** The mean daily HVAC kWh of those days, to compare. */
  averageKwh: z.number(),
});
export type CoolingOutlook = z.infer<typeof coolingOutlookSchema>;

export const facilityWeatherSchema = z.object({
  facilityId: z.string(),
  name: z.string(),
  city: z.string(),
  timezone: z.string(),
  hasCoordinates: z.boolean(),
  /** The outdoor stations' last readings. */
  stations: z.array(weatherStationSchema),
  /** Now: the stations' readings when they report, else the forecast's current conditions. */
  current: z.object({ source: z.enum(['sensors', 'forecast']), at: z.date(), ...conditions }).nullable(),
  provider: weatherProviderStateSchema,
  /** The forecast's days in the facility's time zone (up to 7; empty without a forecast). */
  days: z.array(weatherDaySchema),
  warnings: z.array(weatherWarningSchema),
  /** Null without tomorrow's forecast or a week of HVAC and station history. */
  cooling: coolingOutlookSchema.nullable(),
});
export type FacilityWeather = z.infer<typeof facilityWeatherSchema>;

export const weatherOverviewSchema = z.object({
  provider: z.enum(weatherProviders),
  settings: weatherSettingsSchema,
  facilities: z.array(facilityWeatherSchema),
});
export type WeatherOverview = z.infer<typeof weatherOverviewSchema>;

/** The heat-wave and storm warnings of a forecast's days. */
export function weatherWarnings(days: readonly WeatherDay[], s: WeatherSettings): WeatherWarning[] {
  const warnings: WeatherWarning[] = [];
  for (const day of days) {
    if (day.maxC >= s.heatWaveC) warnings.push({ kind: 'heat-wave', date: day.date, value: day.maxC, unit: 'C' });
    const wind = Math.max(day.windMaxKmh, day.gustMaxKmh ?? 0);
    if (wind >= s.stormWindKmh) warnings.push({ kind: 'storm', date: day.date, value: wind, unit: 'kmh' });
    else if (day.precipitationMm >= s.stormRainMm)
      warnings.push({ kind: 'storm', date: day.date, value: day.precipitationMm, unit: 'mm' });
  }
  return warnings;
}
