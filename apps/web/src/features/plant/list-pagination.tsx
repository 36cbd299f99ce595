import { Pagination } from '../../components/pagination';

interface ListPaginationProps {
  /** The page the server answered (`undefined` while the first one loads). */
  data: { page: number; pageSize: number; total: number } | undefined;
  busy: boolean;
  onPage: (page: number) => void;
  totalLabel: (count: number) => string;
  /** Show nothing for an empty list (default: the pagination shows "0 …"). */
  hideWhenEmpty?: boolean;
}

/** Pagination under a server-paged list, once its first page arrived. */
export function ListPagination({ data, busy, onPage, totalLabel, hideWhenEmpty = false }: ListPaginationProps) {
  if (!data || (hideWhenEmpty && data.total === 0)) return null;
  return (
    <Pagination
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      busy={busy}
      onPage={onPage}
      totalLabel={totalLabel(data.total)}
    />
  );
}
