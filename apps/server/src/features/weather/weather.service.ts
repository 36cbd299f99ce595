/** The weather area's published service: its settings (read by the weather page, written on /settings). */
import { eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { settings } from '@sentinela/db/schema/settings';
import { defaultWeatherSettings, weatherSettingsSchema, type WeatherSettings } from '@sentinela/shared/weather';
import { actedBy, auditedChange, type ChangeCaller } from '../../platform/audit';

/** The weather settings in force: the stored ones when they validate, else the defaults (provider off). */
export async function getWeatherSettings(db: Database): Promise<WeatherSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'weather'));
  const parsed = weatherSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultWeatherSettings;
}

/** Replaces the weather settings (an administrator's change), audited with the old and new value. */
export async function setWeatherSettings(caller: ChangeCaller, next: WeatherSettings): Promise<WeatherSettings> {
  return auditedChange(
    caller.db,
    caller.origin,
    async (tx) => {
      const before = await getWeatherSettings(tx);
      const now = new Date();
      await tx
        .insert(settings)
        .values({ key: 'weather', value: next, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: now } });
      return before;
    },
    (before) => ({
      ...actedBy(caller.actor),
      action: 'settings.setWeather',
      result: 'success',
      target: 'weather',
      details: { before, after: next },
    }),
  ).then(() => next);
}
