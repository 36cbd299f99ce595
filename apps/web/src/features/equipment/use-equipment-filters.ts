import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { equipmentKinds, equipmentStatuses } from './equipment-values';

/** The list's filters, kept in the URL (?status=&kind=&facilityId=&roomId=&search=&page=). */
export interface EquipmentFilterState {
  search: string;
  status: EquipmentStatus | undefined;
  kind: EquipmentKind | undefined;
  facilityId: string | undefined;
  roomId: string | undefined;
  page: number;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** What the URL says, ignoring values that could not be filters (a mangled link shows everything). */
export function parseEquipmentFilters(params: URLSearchParams): EquipmentFilterState {
  const id = (name: string) => {
    const value = params.get(name);
    return value && GUID.test(value) ? value : undefined;
  };
  const page = Number(params.get('page'));
  return {
    search: (params.get('search') ?? '').slice(0, 120),
    status: oneOf(equipmentStatuses, params.get('status')),
    kind: oneOf(equipmentKinds, params.get('kind')),
    facilityId: id('facilityId'),
    roomId: id('roomId'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export type EquipmentFilterPatch = Partial<Omit<EquipmentFilterState, 'page'>> & { page?: number };

/**
 * The filters and a setter that writes them back to the URL (replacing the history entry, so
 * typing a search does not fill the back button). Any change but the page goes back to page 1.
 */
export function useEquipmentFilters(): [EquipmentFilterState, (patch: EquipmentFilterPatch) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseEquipmentFilters(params), [params]);
  const update = useCallback(
    (patch: EquipmentFilterPatch) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (key === 'page') continue;
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          const page = patch.page ?? 1;
          if (page > 1) next.set('page', String(page));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}
