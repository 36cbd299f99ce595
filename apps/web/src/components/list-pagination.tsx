import { Pagination } from './pagination';

interface ListPaginationProps {
  /** The page the server answered (`undefined` while the first one loads). */
  data: { page: number; pageSize: number; total: number } | undefined;
  busy: boolean;
  onPage: (page: number) => void;
  totalLabel: (count: number) => string;
  /** An id for the total, for a list that names it in aria-describedby. */
  totalId?: string;
  /** Show nothing for an empty list (default: the pagination shows "0 …"). */
  hideWhenEmpty?: boolean;
  /** Show nothing while the whole list fits on one page. */
  hideWhenOnePage?: boolean;
}

/** Pagination under a server-paged list, once its first page arrived. */
export function ListPagination({
  data,
  busy,
  onPage,
  totalLabel,
  totalId,
  hideWhenEmpty = false,
  hideWhenOnePage = false,
}: ListPaginationProps) {
  if (!data || (hideWhenEmpty && data.total === 0) || (hideWhenOnePage && data.total <= data.pageSize)) return null;
  return (
    <Pagination
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      busy={busy}
      onPage={onPage}
      totalLabel={totalLabel(data.total)}
      totalId={totalId}
    />
  );
}
