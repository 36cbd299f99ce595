import { idParam, pageParam, searchParam, useUrlFilters } from '../plant/url-filters';

/** The Rooms page's filters, kept in the URL (?facilityId=&search=&page=) so links can open it filtered. */
export interface RoomsFilterState {
  facilityId: string | undefined;
  search: string;
  page: number;
}

export function parseRoomsFilters(params: URLSearchParams): RoomsFilterState {
  return { facilityId: idParam(params, 'facilityId'), search: searchParam(params), page: pageParam(params) };
}

/** The filters and a setter writing them to the URL; any change but the page goes back to page 1. */
export function useRoomsFilters(): [RoomsFilterState, (patch: Partial<RoomsFilterState>) => void] {
  return useUrlFilters(parseRoomsFilters);
}
