import { openDatabase, PGLITE_SETTINGS } from '@sentinela/db/client';
if (process.env.DEFAULTS === '1') for (const k of Object.keys(PGLITE_SETTINGS)) delete PGLITE_SETTINGS[k];
console.log('settings', JSON.stringify(PGLITE_SETTINGS));
import { sql } from 'drizzle-orm';
import { energySavings, facilityEnergyHours, motorsIdle } from '/work/main/apps/server/src/features/energy/energy-savings.service';
import { facilitiesUsage, facilityUsage } from '/work/main/apps/server/src/features/energy/energy-usage.service';
import { lightsSavings } from '/work/main/apps/server/src/features/lights/lights.service';
import { getEnergyTariff } from '/work/main/apps/server/src/features/settings/settings.service';
import { tariffFor } from '@sentinela/shared/energy-billing';

const handle = await openDatabase({ kind: 'pglite', dataDir: '' + process.env.DIR + '' });
const db = handle.db;
const [f] = (await db.execute(sql`select id from facilities order by name limit 1`)).rows as { id: string }[];
const facilityId = f!.id;
const now = new Date();
const HOUR = 3_600_000;
const to = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
const from = new Date(to.getTime() - 7 * 24 * HOUR);
const site = await getEnergyTariff(db);
const tariff = tariffFor(site, facilityId);
const monthStart = new Date(now.getFullYear(), now.getMonth(), 1);
async function time(name: string, fn: () => Promise<unknown>, n = 8) {
  const t: number[] = [];
  for (let i = 0; i < n; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(30), 'min', t[0]!.toFixed(1), 'med', t[Math.floor(n / 2)]!.toFixed(1), 'max', t[n - 1]!.toFixed(1));
}
await time('energyHours 7d', () => facilityEnergyHours(db, facilityId, from, to));
await time('motorsIdle 7d', () => motorsIdle(db, facilityId, from, to));
await time('lightsSavings facility (warm)', () => lightsSavings(db, { facilityId }, now));
await time('facilityUsage month', () => facilityUsage(db, facilityId, monthStart, now, tariff));
await time('energySavings', () => energySavings(db, { facilityId }, now));
const facs = (await db.execute(sql`select id from facilities`)).rows as { id: string }[];
await time('facilitiesUsage all month', () => facilitiesUsage(db, facs.map((x) => ({ facilityId: x.id, from: monthStart, to: now, tariff: tariffFor(site, x.id) }))), 4);
await handle.close();
