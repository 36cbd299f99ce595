import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privacyRequestStatuses, type PrivacyRequestStatus } from '@sentinela/shared/privacy-values';
import { useState } from 'react';
import { CardSection } from '../../components/card-section';
import { PageHeader } from '../../components/page-header';
import { EmptyState, FirstPageLoading, QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { privacyStrings } from './privacy.strings';
import { RetentionList } from './retention-list';

export const PRIVACY_PAGE_SIZE = 20;

const selectClass =
  'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

const statusClass: Record<PrivacyRequestStatus, string> = {
  pending: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  done: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  refused: 'bg-muted text-muted-foreground',
};

/** /privacy (administrators, LGPD): the deletion requests, carried out or refused, and the retention periods. */
export default function PrivacyPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(privacyStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PrivacyRequestStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<string | null>(null);

  const mine = useQuery(trpc.privacy.mine.queryOptions());
  const list = useQuery(
    trpc.privacy.requests.queryOptions(
      { status: status === 'all' ? undefined : status, page, pageSize: PRIVACY_PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const settled = () => queryClient.invalidateQueries({ queryKey: trpc.privacy.requests.pathKey() });
  const onError = (error: unknown) => {
    notify.error(errorMessage(error, t('actionFailed')));
  };
  const carryOut = useMutation(
    trpc.privacy.carryOut.mutationOptions({
      onSuccess: ({ anonymisedAs }) => {
        setConfirming(null);
        notify.success(t('carriedOut', { label: anonymisedAs ?? '' }));
      },
      onError,
      onSettled: settled,
    }),
  );
  const refuse = useMutation(
    trpc.privacy.refuse.mutationOptions({
      onSuccess: () => {
        notify.success(t('refused'));
      },
      onError,
      onSettled: settled,
    }),
  );
  const busyId =
    (carryOut.isPending ? carryOut.variables.requestId : null) ??
    (refuse.isPending ? refuse.variables.requestId : null);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.privacy')} />
      <p className="-mt-4 max-w-3xl text-sm text-muted-foreground">{t('pageDescription')}</p>

      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <CardSection title={t('requestsTitle')} className="order-2 lg:order-1">
          <div className="mb-3 flex flex-col gap-1.5">
            <label htmlFor="privacy-status" className="text-sm font-medium">
              {t('status')}
            </label>
            <select
              id="privacy-status"
              className={cn(selectClass, 'max-w-xs')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as PrivacyRequestStatus | 'all');
                setPage(1);
              }}
            >
              <option value="all">{t('statusAll')}</option>
              {privacyRequestStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`status.${value}`)}
                </option>
              ))}
            </select>
          </div>

          {list.isError && !data ? (
            <QueryError query={list} />
          ) : !data ? (
            <div className="flex flex-col gap-2" aria-hidden>
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : data.items.length === 0 ? (
            <EmptyState>{status === 'all' ? t('empty') : t('emptyStatus')}</EmptyState>
          ) : (
            <ul
              aria-label={t('requestsTitle')}
              aria-busy={list.isFetching}
              className={cn('flex flex-col divide-y rounded-md border', list.isPlaceholderData && 'opacity-60')}
            >
              {data.items.map((request) => (
                <li key={request.id} className="flex flex-col gap-2 p-3 text-sm" data-request-user={request.userEmail}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{request.userName}</span>
                    <span className="break-all text-muted-foreground">{request.userEmail}</span>
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusClass[request.status])}>
                      {t(`status.${request.status}`)}
                    </span>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {t('requestedAt', { date: formatDateTime(request.createdAt, language) })}
                    {request.decidedAt &&
                      ` · ${t('decidedAt', {
                        status: t(`status.${request.status}`),
                        date: formatDateTime(request.decidedAt, language),
                        name: request.decidedByName ?? '—',
                      })}`}
                  </p>
                  <p className={cn(!request.reason && 'text-muted-foreground italic')}>
                    {request.reason ?? t('noReason')}
                  </p>
                  {request.status === 'pending' &&
                    (confirming === request.id ? (
                      <div role="group" aria-label={t('carryOut')} className="flex flex-col gap-2">
                        <p className="font-medium">{t('carryOutConfirm', { name: request.userName })}</p>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            size="sm"
                            variant="destructive"
                            disabled={busyId === request.id}
                            onClick={() => {
                              carryOut.mutate({ requestId: request.id });
                            }}
                          >
                            {t('confirm')}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busyId === request.id}
                            onClick={() => {
                              setConfirming(null);
                            }}
                          >
                            {t('cancel')}
                          </Button>
                        </div>
                      </div>
                    ) : (
                      <div className="flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="destructive"
                          disabled={busyId !== null}
                          onClick={() => {
                            setConfirming(request.id);
                          }}
                        >
                          {t('carryOut')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={busyId !== null}
                          onClick={() => {
                            refuse.mutate({ requestId: request.id });
                          }}
                        >
                          {t('refuse')}
                        </Button>
                      </div>
                    ))}
                </li>
              ))}
            </ul>
          )}
          <FirstPageLoading query={list} text={t('requestsLoading')} />

          {data && data.total > 0 && (
            <nav
              aria-label={t('pagination')}
              className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm"
            >
              <span className="text-muted-foreground">{t('total', { count: data.total })}</span>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1 || list.isFetching}
                  onClick={() => {
                    setPage((p) => p - 1);
                  }}
                >
                  {t('previous')}
                </Button>
                <span>{t('pageOf', { page, pages })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages || list.isFetching}
                  onClick={() => {
                    setPage((p) => p + 1);
                  }}
                >
                  {t('next')}
                </Button>
              </div>
            </nav>
          )}
        </CardSection>

        <CardSection
          title={<span id="privacy-retention-title">{t('retentionTitle')}</span>}
          className="order-1 lg:order-2"
        >
          {mine.isError ? (
            <QueryError query={mine} />
          ) : mine.data ? (
            <RetentionList t={t} retention={mine.data.retention} headingId="privacy-retention-title" />
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              {t('loading')}
            </p>
          )}
        </CardSection>
      </div>
    </section>
  );
}
