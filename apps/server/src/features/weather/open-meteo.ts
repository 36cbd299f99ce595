import { z } from 'zod';
import type { WeatherFailureReason } from '@sentinela/shared/weather';
import { forecastSchema, type Forecast } from './forecast';

/** How long Open-Meteo may take before the page gives up on it. */
export const WEATHER_TIMEOUT_MS = 5000;
/** A forecast of 7 days hourly is ≈ 15 KB: anything past this is not one. */
const MAX_ANSWER_BYTES = 1_000_000;

export class WeatherFetchError extends Error {
  constructor(
    readonly reason: WeatherFailureReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'WeatherFetchError';
  }
}

const HOURLY = [
  'temperature_2m',
  'relative_humidity_2m',
  'precipitation',
  'wind_speed_10m',
  'wind_gusts_10m',
  'shortwave_radiation',
];
const CURRENT = ['temperature_2m', 'relative_humidity_2m', 'wind_speed_10m', 'shortwave_radiation'];

/** Plausible bounds: a value outside them is garbage, not weather. */
const temperature = z.number().min(-90).max(65).nullable();
const percent = z.number().min(0).max(100).nullable();
const speed = z.number().min(0).max(500).nullable();
const rain = z.number().min(0).max(1000).nullable();
const radiation = z.number().min(0).max(2000).nullable();
const epochS = z.number().int().min(946_684_800).max(4_102_444_800);
const series = <T extends z.ZodType>(item: T) => z.array(item).max(400);

/** The part of Open-Meteo's /v1/forecast answer (timeformat=unixtime) the portal reads. */
const answerSchema = z.object({
  current: z
    .object({
      time: epochS,
      temperature_2m: temperature.optional(),
      relative_humidity_2m: percent.optional(),
      wind_speed_10m: speed.optional(),
      shortwave_radiation: radiation.optional(),
    })
    .optional(),
  hourly: z
    .object({
      time: series(epochS).min(1),
      temperature_2m: series(temperature),
      relative_humidity_2m: series(percent).optional(),
      precipitation: series(rain).optional(),
      wind_speed_10m: series(speed).optional(),
      wind_gusts_10m: series(speed).optional(),
      shortwave_radiation: series(radiation).optional(),
    })
    .refine(
      (h) => Object.values(h).every((values) => values === undefined || values.length === h.time.length),
      'series of different lengths',
    ),
});

export function forecastUrl(baseUrl: string, latitude: number, longitude: number): string {
  const url = new URL('/v1/forecast', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    latitude: String(latitude),
    longitude: String(longitude),
    current: CURRENT.join(','),
    hourly: HOURLY.join(','),
    forecast_days: '7',
    timeformat: 'unixtime',
    wind_speed_unit: 'kmh',
    timezone: 'GMT',
  }).toString();
  return url.toString();
}

/** Reads the body, refusing one past `limit` bytes. */
async function boundedText(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > limit) throw new WeatherFetchError('invalid-answer', `answer of ${declared} bytes`);
  if (!res.body) return '';
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new WeatherFetchError('invalid-answer', `answer over ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Current conditions and a 7-day hourly forecast at a place, from Open-Meteo (or anything at
 * `baseUrl` speaking its JSON). Throws WeatherFetchError naming why it has nothing.
 */
export async function fetchOpenMeteo(
  baseUrl: string,
  latitude: number,
  longitude: number,
  timeoutMs = WEATHER_TIMEOUT_MS,
): Promise<Forecast> {
  const signal = AbortSignal.timeout(timeoutMs);
  let text: string;
  try {
    const res = await fetch(forecastUrl(baseUrl, latitude, longitude), {
      signal,
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new WeatherFetchError('http-error', `HTTP ${res.status}`);
    }
    text = await boundedText(res, MAX_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof WeatherFetchError) throw error;
    if (signal.aborted) throw new WeatherFetchError('timeout', `no answer within ${timeoutMs} ms`);
    throw new WeatherFetchError('unreachable', error instanceof Error ? error.message : String(error));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WeatherFetchError('invalid-answer', 'not JSON');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new WeatherFetchError('invalid-answer', parsed.error.issues[0]?.message ?? 'bad shape');
  const { current, hourly } = parsed.data;
  const pick = (values: (number | null)[] | undefined, i: number) => values?.[i] ?? null;
  const forecast: Forecast = {
    current: current
      ? {
          at: current.time * 1000,
          temperatureC: current.temperature_2m ?? null,
          humidity: current.relative_humidity_2m ?? null,
          windKmh: current.wind_speed_10m ?? null,
          irradianceWm2: current.shortwave_radiation ?? null,
        }
      : null,
    hours: hourly.time.map((t, i) => ({
      at: t * 1000,
      temperatureC: pick(hourly.temperature_2m, i),
      humidity: pick(hourly.relative_humidity_2m, i),
      precipitationMm: pick(hourly.precipitation, i),
      windKmh: pick(hourly.wind_speed_10m, i),
      gustKmh: pick(hourly.wind_gusts_10m, i),
      irradianceWm2: pick(hourly.shortwave_radiation, i),
    })),
  };
  return forecastSchema.parse(forecast);
}
