import { useState } from 'react';

/**
 * The page of a list whose filters live in the component: a new set of filters (another
 * `filterKey`) starts again from page 1, in the same render.
 */
export function useFilteredPage(filterKey: string): [number, (page: number) => void] {
  const [page, setPage] = useState(1);
  const [pageFilterKey, setPageFilterKey] = useState(filterKey);
  if (pageFilterKey !== filterKey) {
    setPageFilterKey(filterKey);
    setPage(1);
  }
  return [page, setPage];
}
