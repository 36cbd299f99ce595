import type { EnergyTariff } from '@sentinela/shared/settings';
import type { ChangeCaller } from '../../platform/audit';
import { replaceSettings } from '../../platform/settings-store';
import { getEnergyTariff } from './settings.service';

/**
 * Replaces the energy tariff (an administrator's change on /settings). The input has passed the
 * shared schema (defaults filled in); the audit entry keeps the tariff before and after.
 */
export function setEnergyTariff(caller: ChangeCaller, tariff: EnergyTariff): Promise<EnergyTariff> {
  return replaceSettings(caller, {
    action: 'settings.setEnergyTariff',
    target: 'energyTariff',
    read: getEnergyTariff,
    values: { energyTariff: tariff },
    after: tariff,
  });
}
