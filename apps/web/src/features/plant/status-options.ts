import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import type { SelectOption } from '../../components/select-field';
import { equipmentStatuses } from './equipment-values';

/** The device statuses, in their names, for a status filter. */
export function useStatusOptions(): SelectOption[] {
  const tOps = useStrings(opsStrings);
  return equipmentStatuses.map((status) => ({ value: status, label: tOps(`status.${status}`) }));
}
