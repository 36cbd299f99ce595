import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { equipmentKinds, equipmentStatuses } from '../plant/equipment-values';
import { idParam, pageParam, searchParam, useUrlFilters } from '../plant/url-filters';

/** The list's filters, kept in the URL (?status=&kind=&facilityId=&roomId=&retired=&search=&page=). */
export interface EquipmentFilterState {
  search: string;
  status: EquipmentStatus | undefined;
  kind: EquipmentKind | undefined;
  facilityId: string | undefined;
  roomId: string | undefined;
  /** Only the retired equipment (?retired=true; administrators' toggle). */
  retired: true | undefined;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** What the URL says, ignoring values that could not be filters (a mangled link shows everything). */
export function parseEquipmentFilters(params: URLSearchParams): EquipmentFilterState {
  return {
    search: searchParam(params),
    status: oneOf(equipmentStatuses, params.get('status')),
    kind: oneOf(equipmentKinds, params.get('kind')),
    facilityId: idParam(params, 'facilityId'),
    roomId: idParam(params, 'roomId'),
    retired: params.get('retired') === 'true' ? true : undefined,
    page: pageParam(params),
  };
}

export type EquipmentFilterPatch = Partial<Omit<EquipmentFilterState, 'page'>> & { page?: number };

/**
 * The filters and a setter that writes them back to the URL (replacing the history entry, so
 * typing a search does not fill the back button). Any change but the page goes back to page 1.
 */
export function useEquipmentFilters(): [EquipmentFilterState, (patch: EquipmentFilterPatch) => void] {
  return useUrlFilters(parseEquipmentFilters);
}
