import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';

/** The Rooms page's filters, kept in the URL (?facilityId=&search=&page=) so links can open it filtered. */
export interface RoomsFilterState {
  facilityId: string | undefined;
  search: string;
  page: number;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRoomsFilters(params: URLSearchParams): RoomsFilterState {
  const facilityId = params.get('facilityId');
  const page = Number(params.get('page'));
  return {
    facilityId: facilityId && GUID.test(facilityId) ? facilityId : undefined,
    search: (params.get('search') ?? '').slice(0, 120),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters and a setter writing them to the URL; any change but the page goes back to page 1. */
export function useRoomsFilters(): [RoomsFilterState, (patch: Partial<RoomsFilterState>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseRoomsFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<RoomsFilterState>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of ['facilityId', 'search'] as const) {
            if (!(key in patch)) continue;
            const value = patch[key];
            if (value) next.set(key, value);
            else next.delete(key);
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
