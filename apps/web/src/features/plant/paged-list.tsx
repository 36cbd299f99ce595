import type { ReactNode } from 'react';
import { ErrorState } from '../../components/query-state';
import { ListPagination } from '../../components/list-pagination';

interface PagedListProps {
  /** The list's query: its page envelope, and whether it failed or is fetching. */
  list: {
    data: { page: number; pageSize: number; total: number } | undefined;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    refetch: () => Promise<unknown>;
  };
  onPage: (page: number) => void;
  totalLabel: (count: number) => string;
  /** The table of the page's items. */
  children: ReactNode;
}

/** A device list: its table (or what went wrong reading the first page), then its pagination. */
export function PagedList({ list, onPage, totalLabel, children }: PagedListProps) {
  return (
    <>
      {list.isError && !list.data ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : children}
      <ListPagination data={list.data} busy={list.isFetching} onPage={onPage} totalLabel={totalLabel} hideWhenEmpty />
    </>
  );
}
