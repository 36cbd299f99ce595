import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertItem, AlertSeverity } from '@sentinela/shared/alerts';
import { AlertOctagon, AlertTriangle, Bell, Info } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LiveBadge } from '../../components/live-badge';
import { PageHeader } from '../../components/page-header';
import { ListPagination } from '../../components/list-pagination';
import { ErrorState, FirstPageLoading } from '../../components/query-state';
import { RoleGatedButton } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { StatCard } from '../../components/stat-card';
import { errorMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { alertsStrings } from './alerts.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { AlertFilters, type StatusFilter } from './alert-filters';
import { alertText } from '../../lib/alert-text';
import { linkedAlertId } from './alert-link';
import { AlertNoteDialog } from './alert-note-dialog';
import { AlertsTable } from './alerts-table';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { useAlertEvents } from './use-alert-events';

export const ALERTS_PAGE_SIZE = 25;

/** /alerts: open alerts by severity, the filtered and paged list, acknowledge and clear. */
export default function AlertsPage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(alertsStrings);
  // One clock for every row when the facilities share a zone; otherwise each row reads its facility's.
  const sharedZone = useFacilityZones().shared;
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const [status, setStatus] = useState<StatusFilter>('open');
  const [severity, setSeverity] = useState<AlertSeverity | ''>('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<{ alert: AlertItem; action: 'acknowledge' | 'clear' } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  // A link to one alert (the events timeline's): ?alert=<id> lists it alone until "show all".
  const [params, setParams] = useSearchParams();
  const focusId = linkedAlertId(params.get('alert'));
  const showAll = () => {
    setParams({}, { replace: true });
    setPage(1);
  };

  const list = useQuery(
    trpc.alerts.list.queryOptions(
      focusId
        ? { id: focusId, page: 1, pageSize: ALERTS_PAGE_SIZE }
        : {
            status: status === 'all' ? undefined : status,
            severity: severity === '' ? undefined : severity,
            page,
            pageSize: ALERTS_PAGE_SIZE,
          },
      { placeholderData: keepPreviousData, staleTime: 30_000 },
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.alerts.list.pathKey() });

  const live = useAlertEvents((events) => {
    void refresh();
    for (const event of events) {
      if (event.status === 'active' && event.severity === 'critical')
        notify.error(t('newCritical', { message: alertText(event, language) }));
    }
  });

  // Acknowledging or clearing one alert: a toast, the dialog closed on success, the list refreshed.
  const singleAction = (success: string, failure: string) => ({
    onSuccess: () => {
      notify.success(success);
      setTarget(null);
    },
    onError: (error: unknown) => {
      notify.error(errorMessage(error, failure));
    },
    onSettled: refresh,
  });
  const acknowledge = useMutation(
    trpc.alerts.acknowledge.mutationOptions(singleAction(t('acknowledged'), t('acknowledgeFailed'))),
  );
  const clear = useMutation(trpc.alerts.clear.mutationOptions(singleAction(t('cleared'), t('clearFailed'))));
  const acknowledgeMany = useMutation(
    trpc.alerts.acknowledgeMany.mutationOptions({
      onSuccess: ({ acknowledged }) => {
        notify.success(t('acknowledgedMany', { count: acknowledged }));
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('acknowledgeFailed')));
      },
      onSettled: refresh,
    }),
  );

  const data = list.data;
  const counts = data?.counts;
  const visibleActive = (data?.items ?? []).filter((item) => item.status === 'active').map((item) => item.id);
  const pendingId = acknowledge.isPending ? acknowledge.variables.id : clear.isPending ? clear.variables.id : null;
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n, language));

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.alerts')}>
        <LiveBadge status={live} />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t('stat.total')} value={count(counts?.total)} hint={t('stat.totalHint')} icon={<Bell />} />
        <StatCard
          label={t('stat.critical')}
          value={count(counts?.critical)}
          hint={t('stat.hint')}
          icon={<AlertOctagon />}
        />
        <StatCard
          label={t('stat.warning')}
          value={count(counts?.warning)}
          hint={t('stat.hint')}
          icon={<AlertTriangle />}
        />
        <StatCard label={t('stat.info')} value={count(counts?.info)} hint={t('stat.hint')} icon={<Info />} />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        {t('howCounts')} {t('liveHint')}
      </p>

      <div className="flex flex-wrap items-end justify-between gap-3">
        {focusId ? (
          <div role="status" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{t('focused')}</span>
            <Button variant="outline" size="sm" onClick={showAll}>
              {t('showAll')}
            </Button>
          </div>
        ) : (
          <AlertFilters
            status={status}
            severity={severity}
            onStatus={(next) => {
              setStatus(next);
              setPage(1);
            }}
            onSeverity={(next) => {
              setSeverity(next);
              setPage(1);
            }}
          />
        )}
        <RoleGatedButton
          needs="operator"
          variant="outline"
          disabled={visibleActive.length === 0 || acknowledgeMany.isPending || list.isPlaceholderData}
          onClick={() => {
            setConfirmAll(true);
          }}
        >
          {t('acknowledgeAll', { count: visibleActive.length })}
        </RoleGatedButton>
      </div>

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ZoneNote place={sharedZone?.place} timeZone={sharedZone?.timeZone} />
          <AlertsTable
            items={data?.items}
            filtered={focusId !== null || !(status === 'open' || status === 'active') || severity !== ''}
            highlightId={focusId}
            stale={list.isPlaceholderData}
            busy={list.isFetching}
            pendingId={pendingId}
            onAcknowledge={(alert) => {
              setTarget({ alert, action: 'acknowledge' });
            }}
            onClear={(alert) => {
              setTarget({ alert, action: 'clear' });
            }}
          />
        </>
      )}
      <FirstPageLoading query={list} text={tOps('loading')} />

      <ListPagination
        data={data}
        busy={list.isFetching}
        onPage={setPage}
        totalLabel={(count) => t('total', { count: formatNumber(count, language) })}
      />

      <AlertNoteDialog
        key={target ? `${target.action}:${target.alert.id}` : 'closed'}
        action={target?.action ?? 'acknowledge'}
        subject={
          target
            ? {
                equipmentName: target.alert.equipmentName ?? t('site.name'),
                message: alertText(target.alert, language),
              }
            : null
        }
        pending={acknowledge.isPending || clear.isPending}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        onSubmit={(note) => {
          if (!target) return;
          if (target.action === 'clear') clear.mutate({ id: target.alert.id, note });
          else acknowledge.mutate({ id: target.alert.id, note: note === '' ? undefined : note });
        }}
      />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t('acknowledgeAllTitle')}
        description={t('acknowledgeAllDescription', { count: visibleActive.length })}
        confirmLabel={t('acknowledge')}
        onConfirm={() => {
          if (visibleActive.length > 0) acknowledgeMany.mutate({ ids: visibleActive });
        }}
      />
    </section>
  );
}
