import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { Button } from './ui/button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  busy?: boolean;
  onPage: (page: number) => void;
  /** The total's text ('{count} item(s)' by default). */
  totalLabel?: string;
  /** An id for the total, for a list that names it in aria-describedby. */
  totalId?: string;
}

/** Previous / "Page n of m" / Next under a server-paged list. */
export function Pagination({ page, pageSize, total, busy, onPage, totalLabel, totalId }: PaginationProps) {
  const t = useStrings(opsStrings);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <span id={totalId} className="text-muted-foreground">
        {totalLabel ?? t('total', { count: total })}
      </span>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </Button>
        <span aria-live="polite">{t('pageOf', { page, pages })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
          {t('next')}
        </Button>
      </div>
    </nav>
  );
}
