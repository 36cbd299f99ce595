import { settings } from '@sentinela/db/schema/settings';
import type { EnergyTariff } from '@sentinela/shared/settings';
import { actedBy, auditedChange, type ChangeCaller } from '../../platform/audit';
import { getEnergyTariff } from './settings.service';

/**
 * Replaces the energy tariff (an administrator's change on /settings). The input has passed the
 * shared schema (defaults filled in); the audit entry keeps the tariff before and after.
 */
export async function setEnergyTariff(caller: ChangeCaller, tariff: EnergyTariff): Promise<EnergyTariff> {
  return auditedChange(
    caller.db,
    caller.origin,
    async (tx) => {
      const before = await getEnergyTariff(tx);
      const now = new Date();
      await tx
        .insert(settings)
        .values({ key: 'energyTariff', value: tariff, updatedAt: now })
        .onConflictDoUpdate({ target: settings.key, set: { value: tariff, updatedAt: now } });
      return before;
    },
    (before) => ({
      ...actedBy(caller.actor),
      action: 'settings.setEnergyTariff',
      result: 'success',
      target: 'energyTariff',
      details: { before, after: tariff },
    }),
  ).then(() => tariff);
}
