import { inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { settings } from '@sentinela/db/schema/settings';
import { defaultPublicSettings, publicSettingsSchema, type PublicSettings } from '@sentinela/shared/settings';
import { defaultEnergyTariff, energyTariffSchema, type EnergyTariff } from '@sentinela/shared/settings';
import { readSetting } from '../../platform/settings-store';

const publicKeys = Object.keys(defaultPublicSettings) as (keyof PublicSettings)[];

/**
 * The settings the shell reads before sign-in. Stored values override the defaults one key at
 * a time; a stored value that no longer validates is ignored rather than breaking the shell.
 */
export async function getPublicSettings(db: Database): Promise<PublicSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, publicKeys));
  const result: PublicSettings = { ...defaultPublicSettings };
  for (const row of rows) {
    const key = row.key as keyof PublicSettings;
    const checked = publicSettingsSchema.shape[key].safeParse(row.value);
    if (checked.success) Object.assign(result, { [key]: checked.data });
  }
  return result;
}

/** The energy tariff in force: the stored setting when it validates, else the defaults. */
export function getEnergyTariff(db: Database): Promise<EnergyTariff> {
  return readSetting(db, 'energyTariff', energyTariffSchema, defaultEnergyTariff);
}
