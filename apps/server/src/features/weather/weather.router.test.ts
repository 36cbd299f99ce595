import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@sentinela/db/schema/audit';
import { alerts, equipment, facilities, rooms, telemetry1h, telemetryLatest } from '@sentinela/db/schema/plant';
import { weatherForecasts } from '@sentinela/db/schema/weather';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { defaultWeatherSettings, type FacilityWeather } from '@sentinela/shared/weather';
import { failure } from '../../../test/call-failure';
import { FakeOpenMeteo } from '../../../test/fake-open-meteo';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import { fetchOpenMeteo, WeatherFetchError } from './open-meteo';

const MINUTE = 60_000;

describe.each(testDatabaseKinds())('weather on %s', (kind) => {
  let server: TestServer;
  let fake: FakeOpenMeteo;
  let viewer: TestClient;
  let admin: TestClient;
  let campinasId: string;

  beforeAll(async () => {
    // The test clock is 2026-03-02T12:00Z; Campinas's day starts at 03:00Z (UTC−3).
    fake = await new FakeOpenMeteo(Date.parse('2026-03-02T03:00:00Z')).listen();
    server = await startTestServer(kind, { weather: { url: fake.url, timeoutMs: 400 } });
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    const db = server.database.db;
    const [campinas] = await db
      .insert(facilities)
      .values({ code: 'campinas', name: 'Campinas', city: 'Campinas', latitude: -22.9, longitude: -47.06 })
      .returning();
    await db.insert(facilities).values({ code: 'sem-gps', name: 'Sem GPS', city: 'Recife' });
    campinasId = campinas!.id;
    const [outdoor] = await db
      .insert(rooms)
      .values({ facilityId: campinasId, name: 'Área Externa', kind: 'outdoor' })
      .returning();
    await db.insert(equipment).values([
      {
        id: 'sns-test-001',
        name: 'Estação Meteorológica',
        kind: 'sensor',
        facilityId: campinasId,
        roomId: outdoor!.id,
      },
      // An indoor sensor is not a weather station.
      { id: 'sns-test-002', name: 'Sensor da sala', kind: 'sensor', facilityId: campinasId },
    ]);
    const ts = server.clock.now();
    await db.insert(telemetryLatest).values([
      { equipmentId: 'sns-test-001', metric: 'temperature', ts, value: 27.4 },
      { equipmentId: 'sns-test-001', metric: 'humidity', ts, value: 61 },
      { equipmentId: 'sns-test-001', metric: 'windSpeed', ts, value: 9.5 },
      { equipmentId: 'sns-test-001', metric: 'irradiance', ts, value: 640 },
      { equipmentId: 'sns-test-002', metric: 'temperature', ts, value: 22 },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const campinas = async (): Promise<FacilityWeather> =>
    (await viewer.trpc.weather.overview.query()).facilities.find((f) => f.facilityId === campinasId)!;

  it('shows the outdoor stations and asks no one while the provider is off (the default)', async () => {
    const overview = await viewer.trpc.weather.overview.query();
    expect(overview.provider).toBe('sensors');
    expect(overview.settings).toEqual(defaultWeatherSettings);
    const place = overview.facilities.find((f) => f.facilityId === campinasId)!;
    expect(place.stations).toEqual([
      expect.objectContaining({ equipmentId: 'sns-test-001', temperatureC: 27.4, windKmh: 9.5, irradianceWm2: 640 }),
    ]);
    expect(place.current).toMatchObject({ source: 'sensors', temperatureC: 27.4, humidity: 61 });
    expect(place.provider).toEqual({ state: 'off' });
    expect(place.days).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('lets only administrators turn Open-Meteo on, audited; bad thresholds get a clear message', async () => {
    const on = { ...defaultWeatherSettings, provider: 'open-meteo' as const };
    expect(await failure(viewer.trpc.settings.setWeather.mutate(on))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(admin.trpc.settings.setWeather.mutate({ ...on, heatWaveC: 90 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('onda de calor'),
    });
    expect(await admin.trpc.settings.setWeather.mutate(on)).toEqual(on);
    expect(await viewer.trpc.settings.weather.query()).toEqual(on);
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.setWeather'));
    const entry = entries.find((e) => e.result === 'success');
    expect(entry).toMatchObject({ actorEmail: 'ana@example.com', target: 'weather' });
    expect(entry!.details).toEqual({ before: defaultWeatherSettings, after: on });
  });

  it('gives the 7-day forecast in the facility time zone, with heat-wave and storm warnings', async () => {
    const overview = await viewer.trpc.weather.overview.query();
    const place = overview.facilities.find((f) => f.facilityId === campinasId)!;
    expect(place.provider).toEqual({ state: 'ok', fetchedAt: server.clock.now() });
    expect(place.days.map((d) => d.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(place.days[0]).toEqual({
      date: '2026-03-02',
      minC: 19,
      maxC: 29,
      precipitationMm: 0,
      windMaxKmh: 10,
      gustMaxKmh: 20,
    });
    expect(place.days[2]).toMatchObject({ precipitationMm: 60, gustMaxKmh: 85 });
    expect(place.warnings).toEqual([
      { kind: 'heat-wave', date: '2026-03-03', value: 37, unit: 'C' },
      { kind: 'storm', date: '2026-03-04', value: 85, unit: 'kmh' },
    ]);
    // The station reports, so "now" is the station's; a facility without coordinates says so.
    expect(place.current).toMatchObject({ source: 'sensors' });
    expect(overview.facilities.find((f) => f.name === 'Sem GPS')!.provider).toEqual({
      state: 'failed',
      reason: 'no-coordinates',
    });
    expect(fake.requests).toHaveLength(1);
    // Each warning is an info site alert, raised once per facility, kind and day.
    await viewer.trpc.weather.overview.query();
    const raised = await server.database.db.select().from(alerts).where(like(alerts.source, 'weather:%'));
    expect(raised.map((a) => [a.source, a.severity, a.messageKey, a.messageParams]).sort()).toEqual([
      [
        `weather:${campinasId}:heat-wave:2026-03-03`,
        'info',
        'weather.heatWave',
        { facility: 'Campinas', date: '2026-03-03', value: 37, unit: 'C' },
      ],
      [
        `weather:${campinasId}:storm:2026-03-04`,
        'info',
        'weather.storm',
        { facility: 'Campinas', date: '2026-03-04', value: 85, unit: 'kmh' },
      ],
    ]);
    expect(fake.requests[0]!.searchParams.get('latitude')).toBe('-22.9');
    expect(fake.requests[0]!.searchParams.get('forecast_days')).toBe('7');
  });

  it("expects tomorrow's cooling energy from the last days' HVAC kWh per degree-day", async () => {
    const db = server.database.db;
    await db.insert(equipment).values({ id: 'hvc-test-001', name: 'Chiller', kind: 'hvac', facilityId: campinasId });
    // Ten days before 2026-03-02 (local): day i has a mean of 18 + i °C and uses 100 + 20·i kWh.
    const rows = [];
    for (let i = 1; i <= 10; i++) {
      const midnight = Date.parse('2026-03-02T03:00:00Z') - i * 86_400_000;
      for (let h = 0; h < 24; h++) {
        const bucket = new Date(midnight + h * 3_600_000);
        const kw = (100 + 20 * i) / 24;
        rows.push({
          equipmentId: 'hvc-test-001',
          metric: 'powerKw',
          bucket,
          count: 60,
          sum: kw * 60,
          min: kw,
          max: kw,
        });
        const c = 18 + i;
        rows.push({
          equipmentId: 'sns-test-001',
          metric: 'temperature',
          bucket,
          count: 60,
          sum: c * 60,
          min: c,
          max: c,
        });
      }
    }
    await db.insert(telemetry1h).values(rows);
    // Tomorrow's forecast: 27–37 °C, a mean of 32 °C, 14 degree-days: 100 + 20 × 14 = 380 kWh.
    expect((await campinas()).cooling).toEqual({
      date: '2026-03-03',
      days: 10,
      kwhPerDegreeDay: 20,
      tomorrowMeanC: 32,
      expectedKwh: 380,
      averageKwh: 210,
    });
  });

  it('answers from the database within 30 minutes, and asks again after', async () => {
    server.clock.advance(29 * MINUTE);
    expect((await campinas()).provider.state).toBe('ok');
    expect(fake.requests).toHaveLength(1);
    server.clock.advance(2 * MINUTE);
    expect(await campinas()).toMatchObject({ provider: { state: 'ok', fetchedAt: server.clock.now() } });
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps the last forecast with its age when the provider fails (500, garbage, timeout), never a 500', async () => {
    const fetchedAt = server.clock.now();
    const cases = [
      ['error', 'http-error'],
      ['garbage', 'invalid-answer'],
      ['huge', 'invalid-answer'],
      ['timeout', 'timeout'],
    ] as const;
    for (const [mode, reason] of cases) {
      server.clock.advance(31 * MINUTE);
      fake.mode = mode;
      const place = await campinas();
      expect(place.provider, mode).toEqual({ state: 'stale', fetchedAt, reason });
      expect(place.days.length).toBeGreaterThan(0);
    }
    // Within a minute of a failure the provider is not asked again.
    const asked = fake.requests.length;
    server.clock.advance(30_000);
    expect((await campinas()).provider).toMatchObject({ state: 'stale', reason: 'timeout' });
    expect(fake.requests).toHaveLength(asked);
    // With no forecast kept, a failure leaves nothing to show, and says why.
    await server.database.db.delete(weatherForecasts);
    fake.mode = 'error';
    expect((await campinas()).provider).toEqual({ state: 'failed', reason: 'http-error' });
    // Back up: fresh again.
    server.clock.advance(2 * MINUTE);
    fake.mode = 'good';
    expect((await campinas()).provider).toEqual({ state: 'ok', fetchedAt: server.clock.now() });
  });

  it('refuses a signed-out caller', async () => {
    expect(await failure(server.client().trpc.weather.overview.query())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('fetchOpenMeteo', () => {
  let fake: FakeOpenMeteo;
  beforeAll(async () => {
    fake = await new FakeOpenMeteo(Date.parse('2026-03-02T00:00:00Z')).listen();
  });
  afterAll(() => fake.close());

  it('reads a good answer into hours in epoch ms', async () => {
    const forecast = await fetchOpenMeteo(fake.url, -22.9, -47.06, 1000);
    expect(forecast.hours).toHaveLength(168);
    expect(forecast.hours[0]).toMatchObject({ at: Date.parse('2026-03-02T00:00:00Z'), windKmh: 10, gustKmh: 20 });
    expect(forecast.current).toMatchObject({ temperatureC: 24.5, humidity: 66 });
  });

  it('names garbage, an error status and a dead port', async () => {
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => 'none',
        (e: unknown) => (e instanceof WeatherFetchError ? e.reason : String(e)),
      );
    fake.mode = 'garbage';
    expect(await reason(fetchOpenMeteo(fake.url, 0, 0, 1000))).toBe('invalid-answer');
    fake.mode = 'error';
    expect(await reason(fetchOpenMeteo(fake.url, 0, 0, 1000))).toBe('http-error');
    expect(await reason(fetchOpenMeteo('http://127.0.0.1:1', 0, 0, 1000))).toBe('unreachable');
  });
});
