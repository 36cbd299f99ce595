import { supplierCategoryValues, type SupplierCategory } from '@sentinela/shared/procurement-values';
import { pageParam, searchParam, useUrlFilters } from '../plant/url-filters';

/** The list's filters, kept in the URL (?search=&category=&active=&page=). */
export interface SupplierFilterState {
  search: string;
  category: SupplierCategory | undefined;
  /** 'true': active only; 'false': inactive only; none: both. */
  active: 'true' | 'false' | undefined;
  page: number;
}

/** What the URL says, ignoring values that could not be filters (a mangled link shows everything). */
export function parseSupplierFilters(params: URLSearchParams): SupplierFilterState {
  const active = params.get('active');
  return {
    search: searchParam(params),
    category: supplierCategoryValues.find((c) => c === params.get('category')),
    active: active === 'true' || active === 'false' ? active : undefined,
    page: pageParam(params),
  };
}

/** The filters as the list and the CSV export take them. */
export function supplierListFilters(filters: SupplierFilterState) {
  return {
    search: filters.search || undefined,
    category: filters.category,
    active: filters.active === undefined ? undefined : filters.active === 'true',
  };
}

export function useSupplierFilters() {
  return useUrlFilters(parseSupplierFilters);
}
