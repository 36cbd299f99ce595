import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';

/** Filters a list page keeps in its URL, so links open it filtered; `page` is always one. */
export interface PagedFilters {
  page: number;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Searches are cut to what the server accepts. */
const SEARCH_MAX = 120;

/** An id parameter, or `undefined` when it could not be an id (a mangled link shows everything). */
export function idParam(params: URLSearchParams, name: string): string | undefined {
  const value = params.get(name);
  return value && GUID.test(value) ? value : undefined;
}

export function searchParam(params: URLSearchParams): string {
  return (params.get('search') ?? '').slice(0, SEARCH_MAX);
}

export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export type FilterPatch<S extends PagedFilters> = Partial<S>;

/**
 * The URL after a change: empty values leave it, and any change but the page goes back to
 * page 1 (page 1 is written as no page at all).
 */
export function withFilterPatch<S extends PagedFilters>(previous: URLSearchParams, patch: FilterPatch<S>) {
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
}

/**
 * The filters `parse` reads from the URL and a setter writing a change back (replacing the
 * history entry, so typing a search does not fill the back button).
 */
export function useUrlFilters<S extends PagedFilters>(
  parse: (params: URLSearchParams) => S,
): [S, (patch: FilterPatch<S>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params), [parse, params]);
  const update = useCallback(
    (patch: FilterPatch<S>) => {
      setParams((previous) => withFilterPatch(previous, patch), { replace: true });
    },
    [setParams],
  );
  return [filters, update];
}
