import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-errors';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { Button } from './ui/button';

/** A query that failed: what happened, the server's message, and a retry. */
export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const t = useStrings(opsStrings);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 p-4 text-sm">
      <p className="font-medium">{title ?? t('loadFailed')}</p>
      <p className="text-muted-foreground">{errorMessage(error, '')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** A failed query's ErrorState; retry refetches it. */
export function QueryError({ query }: { query: { error: unknown; refetch: () => Promise<unknown> } }) {
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
}

/**
 * A query inside a dialog's section: a loading line, its failure in one line with a retry, and
 * once it loaded, `children` with its data.
 */
export function SectionQuery<T, E>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T, E>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const t = useStrings(opsStrings);
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {loading}
      </p>
    );
  if (query.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{failed}</p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void query.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </div>
    );
  return children(query.data);
}

/** Tells screen readers that a list's first page is loading (nothing while it shows or failed). */
export function FirstPageLoading({ query, text }: { query: { data: unknown; isError: boolean }; text: string }) {
  if (query.data !== undefined || query.isError) return null;
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

/** Nothing to show (an empty list, a filter that matches nothing). */
export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
      {icon && (
        <span aria-hidden className="[&_svg]:size-6">
          {icon}
        </span>
      )}
      <p>{children}</p>
    </div>
  );
}
