import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@sentinela/db/client';
import { seedDemoSite } from '@sentinela/db/seed/demo-site';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { lightsSavings } from './lights-savings.service';

const NOW = new Date('2026-03-18T14:37:21.000Z');
const DAY_MS = 86_400_000;

// The lights savings card on a first start: the demo history holds its lights' hours.
describe.each(testDatabaseKinds())('lights savings of the demo site on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoSite(handle.db, { now: NOW, seed: 7 });
  }, 180_000);
  afterAll(() => handle.close());

  it('saves energy and money over the last 30 days, the whole window read', async () => {
    const savings = await lightsSavings(handle.db, {}, NOW, { fillBudgetMs: 120_000, background: false });
    expect(savings.complete).toBe(true);
    expect(savings.since?.getTime()).toBeLessThanOrEqual(NOW.getTime() - 29 * DAY_MS);
    expect(savings.savedKwh).toBeGreaterThan(10);
    expect(savings.peakKwh).toBeGreaterThan(0);
    expect(savings.offPeakKwh).toBeGreaterThan(0);
    expect(savings.amount).toBeGreaterThan(1);
    expect(savings.dimmedHours).toBeGreaterThan(0);
  }, 180_000);
});
