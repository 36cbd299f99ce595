import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { alerts, facilities } from '@sentinela/db/schema/plant';
import { settings } from '@sentinela/db/schema/settings';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import type { LiveEvent } from '@sentinela/shared/live-events';
import { defaultWeatherSettings } from '@sentinela/shared/weather';
import { FakeOpenMeteo } from '../../../test/fake-open-meteo';
import { weatherOverview } from './weather-overview.service';
import { checkWeatherWarnings, WEATHER_WARNINGS_INTERVAL_MS } from './weather-warnings-job';

describe.each(testDatabaseKinds())('weather warnings job on %s', (kind) => {
  let handle: DatabaseHandle;
  let fake: FakeOpenMeteo;
  let campinasId: string;
  const events: LiveEvent[] = [];
  const bus = { publish: (event: LiveEvent) => void events.push(event) };
  const now = new Date('2026-03-02T12:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  // A generous limit: the fake answers at once, but with two test files at a time on a loaded
  // machine the 400 ms this test used expired, and a timed-out fetch raises nothing.
  const source = () => ({ url: fake.url, timeoutMs: 10_000 });
  const weatherAlerts = () => handle.db.select().from(alerts).where(like(alerts.source, 'weather:%'));

  beforeAll(async () => {
    // Campinas's day starts at 03:00Z (UTC−3); the fake forecasts a heat wave on 03-03 and a storm on 03-04.
    fake = await new FakeOpenMeteo(Date.parse('2026-03-02T03:00:00Z')).listen();
    handle = await createTestDatabase(kind);
    const [campinas] = await handle.db
      .insert(facilities)
      .values({ code: 'campinas', name: 'Campinas', city: 'Campinas', latitude: -22.9, longitude: -47.06 })
      .returning();
    campinasId = campinas!.id;
  });
  afterAll(async () => {
    await handle.close();
    await fake.close();
  });

  it('asks no one while Open-Meteo is off (the default)', async () => {
    expect(await checkWeatherWarnings(handle.db, bus, source(), now)).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(await weatherAlerts()).toEqual([]);
  });

  it('raises each warning once per facility and day, however often it runs, through the 30-minute cache', async () => {
    const on = { ...defaultWeatherSettings, provider: 'open-meteo' as const };
    await handle.db
      .insert(settings)
      .values({ key: 'weather', value: on })
      .onConflictDoUpdate({ target: settings.key, set: { value: on } });

    expect(await checkWeatherWarnings(handle.db, bus, source(), now)).toBe(2);
    expect(fake.requests).toHaveLength(1);
    const raised = await weatherAlerts();
    expect(raised.map((a) => [a.source, a.severity, a.status]).sort()).toEqual([
      [`weather:${campinasId}:heat-wave:2026-03-03`, 'info', 'active'],
      [`weather:${campinasId}:storm:2026-03-04`, 'info', 'active'],
    ]);
    expect(events.filter((e) => e.type === 'alert')).toHaveLength(2);

    // Run twice: the cached forecast is read again (no request), nothing new is raised.
    expect(await checkWeatherWarnings(handle.db, bus, source(), later(60_000))).toBe(0);
    expect(fake.requests).toHaveLength(1);

    // The next run, 30 minutes on, fetches a fresh forecast with the same warnings: still nothing
    // new, even after someone cleared the alerts.
    await handle.db.update(alerts).set({ status: 'cleared' });
    expect(await checkWeatherWarnings(handle.db, bus, source(), later(WEATHER_WARNINGS_INTERVAL_MS))).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expect(await weatherAlerts()).toHaveLength(2);
  });

  it('shares one request with a page read at the same moment, and the page raises nothing twice', async () => {
    const at = later(2 * WEATHER_WARNINGS_INTERVAL_MS);
    const [raised, overview] = await Promise.all([
      checkWeatherWarnings(handle.db, bus, source(), at),
      weatherOverview(handle.db, source(), at, bus),
    ]);
    expect(fake.requests).toHaveLength(3);
    expect(raised).toBe(0);
    expect(overview.facilities[0]!.warnings).toHaveLength(2);
    expect(await weatherAlerts()).toHaveLength(2);
  });

  it('says nothing new while the provider is down (the stale forecast was read when fresh)', async () => {
    fake.mode = 'error';
    try {
      expect(await checkWeatherWarnings(handle.db, bus, source(), later(3 * WEATHER_WARNINGS_INTERVAL_MS))).toBe(0);
      expect(fake.requests).toHaveLength(4);
    } finally {
      fake.mode = 'good';
    }
  });
});
