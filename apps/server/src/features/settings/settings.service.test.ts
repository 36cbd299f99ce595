import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { settings } from '@sentinela/db/schema/settings';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { defaultPublicSettings } from '@sentinela/shared/settings';
import { retentionPeriods } from '../../platform/retention-periods';
import { getPublicSettings } from './settings.service';

describe.each(testDatabaseKinds())('public settings on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('answers the defaults on an empty database', async () => {
    expect(await getPublicSettings(handle.db)).toEqual(defaultPublicSettings);
  });

  it('uses stored values and ignores one that no longer validates', async () => {
    await handle.db.insert(settings).values([
      { key: 'siteName', value: 'Fábrica Campinas' },
      { key: 'themeSwitchable', value: false },
      { key: 'defaultLanguage', value: 'klingon' },
    ]);
    expect(await getPublicSettings(handle.db)).toEqual({
      siteName: 'Fábrica Campinas',
      themeSwitchable: false,
      defaultLanguage: 'pt',
    });
  });
});

describe.each(testDatabaseKinds())('telemetry retention setting on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('defaults to 7 days raw and 90 days of minutes, and follows each valid stored field only', async () => {
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 7, minuteDays: 90, auditDays: 365 });
    await handle.db.insert(settings).values({ key: 'telemetryRetention', value: { rawDays: 0, minuteDays: 30 } });
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 7, minuteDays: 30, auditDays: 365 });
    await handle.db.update(settings).set({ value: { rawDays: 14, minuteDays: 30 } });
    expect(await retentionPeriods(handle.db)).toEqual({ rawDays: 14, minuteDays: 30, auditDays: 365 });
  });
});
