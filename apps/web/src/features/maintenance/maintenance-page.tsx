import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { FirstPageLoading } from '../../components/query-state';
import { RoleGatedNewButton } from '../../components/role-gated';
import { ZoneNote } from '../../components/zone-note';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { pollKeepingData } from '../../lib/polling';
import { useTRPC } from '../../lib/trpc';
import { FiguresOrError } from '../plant/device-page-header';
import { PagedList } from '../plant/paged-list';
import { useFacilityZones } from '../plant/use-facility-zones';
import { MaintenanceKpiCards } from './maintenance-kpis';
import { MaintenancePlansCard } from './maintenance-plans-card';
import { maintenanceStrings } from './maintenance.strings';
import { MaintenanceViewToggle, useMaintenanceView } from './maintenance-view';
import { useWorkOrderActions } from './use-work-order-actions';
import type { WorkOrderDialogKind } from './work-order-action-dialogs';
import { WorkOrderFilters, useWorkOrderFilters } from './work-order-filters';
import { WorkOrderTable } from './work-order-table';
import { WorkOrdersExportButton } from './work-orders-export-button';
import { prefillFromParams } from './work-order-links';

// The drawer (checklist, history, transitions) loads when an order is opened; the forms (and
// the schemas they check with) when one is first asked for.
const WorkOrderSheet = lazy(() => import('./work-order-sheet'));
const WorkOrderActionDialog = lazy(() => import('./work-order-action-dialogs'));
const WorkOrderFormDialog = lazy(() => import('./work-order-form-dialog'));
// The calendar loads when it is first shown.
const WorkOrderCalendar = lazy(() => import('./work-order-calendar'));

export const WORK_ORDERS_PAGE_SIZE = 25;
const REFRESH_MS = 30_000;

/** /maintenance: the figures, the work orders (filtered, paged) and what a shift does with them. */
export default function MaintenancePage() {
  const { t: tCore, language } = useLanguage();
  const t = useStrings(maintenanceStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sharedZone = useFacilityZones().shared;

  const { values, setValues, input, listInput, rangeError, page, setPage, filtered } = useWorkOrderFilters(
    sharedZone?.timeZone,
  );
  const view = useMaintenanceView();
  const kpis = useQuery(trpc.maintenance.kpis.queryOptions({}, pollKeepingData(REFRESH_MS)));
  const list = useQuery(
    trpc.maintenance.orders.list.queryOptions(
      { ...listInput, page, pageSize: WORK_ORDERS_PAGE_SIZE },
      { ...pollKeepingData(REFRESH_MS), enabled: view.view === 'list' },
    ),
  );
  const technicians = useQuery(trpc.maintenance.orders.technicians.queryOptions());
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const actions = useWorkOrderActions();

  // Links from elsewhere: ?order=<id> opens that order; ?fromAlert=… the new-order form, prefilled.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => params.get('order'));
  const [prefill, setPrefill] = useState(() => prefillFromParams(params));
  const [creating, setCreating] = useState(prefill !== undefined);
  const forgetLink = () => {
    if (params.has('order') || params.has('fromAlert')) setParams({}, { replace: true });
  };
  const [dialog, setDialog] = useState<{ kind: WorkOrderDialogKind; order: WorkOrderItem } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.maintenance')}>
        <WorkOrdersExportButton filters={view.view === 'list' ? listInput : input} />
        <RoleGatedNewButton
          needs="operator"
          onClick={() => {
            setCreating(true);
          }}
          label={t('newOrder')}
        />
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <FiguresOrError query={kpis}>{(data) => <MaintenanceKpiCards kpis={data} />}</FiguresOrError>

      <WorkOrderFilters
        values={values}
        onChange={setValues}
        technicians={technicians.data}
        facilities={facilities.data}
        dates={view.view === 'list'}
        rangeError={rangeError}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ZoneNote place={sharedZone?.place} timeZone={sharedZone?.timeZone} />
        <MaintenanceViewToggle view={view.view} onChange={view.setView} />
      </div>

      {view.view === 'calendar' ? (
        <Suspense fallback={<p className="text-sm text-muted-foreground">{tOps('loading')}</p>}>
          <WorkOrderCalendar
            filters={input}
            filtered={filtered}
            month={view.month}
            onMonth={view.setMonth}
            onOpen={setOpenId}
            onDialog={(kind, order) => {
              setDialog({ kind, order });
            }}
          />
        </Suspense>
      ) : (
        <>
          <PagedList
            list={list}
            onPage={setPage}
            totalLabel={(count) => t('total', { count: formatNumber(count, language) })}
          >
            <WorkOrderTable
              items={list.data?.items}
              filtered={filtered}
              stale={list.isPlaceholderData}
              busy={list.isFetching}
              pendingId={actions.pendingId}
              onStart={(order) => actions.start.mutate({ id: order.id })}
              onComplete={(order) => {
                setDialog({ kind: 'complete', order });
              }}
              onOpen={(order) => {
                setOpenId(order.id);
              }}
            />
          </PagedList>
          <FirstPageLoading query={list} text={tOps('loading')} />
        </>
      )}

      {openId !== null && (
        <Suspense fallback={null}>
          <WorkOrderSheet
            id={openId}
            actions={actions}
            onDialog={(kind, order) => {
              setDialog({ kind, order });
            }}
            onOpenChange={(open) => {
              if (open) return;
              setOpenId(null);
              forgetLink();
            }}
          />
        </Suspense>
      )}
      {dialog !== null && (
        <Suspense fallback={null}>
          <WorkOrderActionDialog
            target={dialog}
            actions={actions}
            technicians={technicians.data}
            onClose={() => {
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      {creating && (
        <Suspense fallback={null}>
          <WorkOrderFormDialog
            open={creating}
            prefill={prefill}
            onOpenChange={(open) => {
              setCreating(open);
              if (open) return;
              setPrefill(undefined);
              forgetLink();
            }}
            technicians={technicians.data}
            onCreated={refresh}
          />
        </Suspense>
      )}

      <MaintenancePlansCard technicians={technicians.data} />
    </section>
  );
}
