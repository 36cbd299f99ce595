import type { ReactNode } from 'react';
import { LiveBadge } from '../../components/live-badge';
import { PageHeader } from '../../components/page-header';
import { ErrorState } from '../../components/query-state';
import type { LiveStatus } from '../../lib/live';

/** A device page's title with the live stream's badge, and the line saying what the page shows. */
export function DevicePageHeader({
  title,
  live,
  description,
}: {
  title: string;
  live: LiveStatus;
  description: string;
}) {
  return (
    <>
      <PageHeader title={title}>
        <LiveBadge status={live} />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{description}</p>
    </>
  );
}

/** A page's headline figures, or what went wrong reading them (figures read once stay on a failed refresh). */
export function FiguresOrError<T>({
  query,
  children,
}: {
  query: { isError: boolean; data: T | undefined; error: unknown; refetch: () => Promise<unknown> };
  children: (data: T | undefined) => ReactNode;
}) {
  if (query.isError && !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
