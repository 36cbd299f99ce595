import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EquipmentFilters as EquipmentFilterInput, EquipmentItem } from '@sentinela/shared/equipment';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { hasRole } from '@sentinela/shared/auth-rules';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { LiveBadge } from '../../components/live-badge';
import { PageHeader } from '../../components/page-header';
import { ErrorState, FirstPageLoading } from '../../components/query-state';
import { useCurrentUser } from '../../lib/use-current-user';
import { equipmentStrings } from './equipment.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useLiveEvents, type LiveEvent } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';
import { ListPagination } from '../../components/list-pagination';
import { EquipmentFilters } from './equipment-filters';
import { EquipmentTable } from './equipment-table';
import { ExportCsvButton } from './export-csv-button';
import { ProvisioningButton } from './provisioning-button';
import { RegistryNewButton } from '../plant/registry-actions';
import { RegistryImportButton } from '../plant/registry-import-button';
import { useEquipmentFilters } from './use-equipment-filters';
import { CheckboxLabel } from '../../components/checkbox-label';

// The drawer (live values, history chart) loads on the first click, not with the page.
const EquipmentDrawer = lazy(() => import('./equipment-drawer'));
// The form brings the shared schemas (zod) along: it loads on the first click too.
const EquipmentFormDialog = lazy(() => import('./equipment-form-dialog'));

export const EQUIPMENT_PAGE_SIZE = 25;

/** /equipment: every device, searched and filtered on the server, statuses live, details in a drawer. */
export default function EquipmentPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(equipmentStrings);
  const trpc = useTRPC();
  const [filters, setFilters] = useEquipmentFilters();

  const query: EquipmentFilterInput = useMemo(
    () => ({
      search: filters.search || undefined,
      status: filters.status,
      kind: filters.kind,
      facilityId: filters.facilityId,
      roomId: filters.roomId,
      retired: filters.retired,
    }),
    [filters.search, filters.status, filters.kind, filters.facilityId, filters.roomId, filters.retired],
  );
  const list = useQuery(
    trpc.equipment.list.queryOptions(
      { ...query, page: filters.page, pageSize: EQUIPMENT_PAGE_SIZE },
      { placeholderData: keepPreviousData, staleTime: 15_000 },
    ),
  );
  const data = list.data;

  // Status changes pushed by the server since the list was read.
  const [liveStatuses, setLiveStatuses] = useState<Record<string, { status: EquipmentStatus; at: number }>>({});
  const ids = useMemo(() => data?.items.map((item) => item.id), [data]);
  const onEvents = useCallback((events: LiveEvent[]) => {
    const changes = events.filter((e): e is Extract<LiveEvent, { type: 'status' }> => e.type === 'status');
    if (changes.length === 0) return;
    setLiveStatuses((current) => {
      const next = { ...current };
      for (const change of changes) next[change.equipmentId] = { status: change.status, at: Date.now() };
      return next;
    });
  }, []);
  const live = useLiveEvents(onEvents, ids ?? null);
  const statusOf = useCallback(
    (item: EquipmentItem) => {
      const pushed = liveStatuses[item.id];
      return pushed && pushed.at > list.dataUpdatedAt ? pushed.status : item.status;
    },
    [liveStatuses, list.dataUpdatedAt],
  );

  // The drawer follows the list's copy of the device (its confirmed state after a command).
  const [selected, setSelected] = useState<EquipmentItem | null>(null);
  // A link from elsewhere (the events timeline): ?open=<id> opens that device's drawer once listed.
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState(() => params.get('open'));
  const linked = openId ? data?.items.find((item) => item.id === openId) : undefined;
  const current = selected ? (data?.items.find((item) => item.id === selected.id) ?? selected) : (linked ?? null);

  // The registry (administrators): the form (null id: a new device); retired devices on request.
  const admin = hasRole(useCurrentUser(), 'admin');
  const [form, setForm] = useState<{ id: string | null } | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title={tCore('nav.equipment')}>
        <div className="flex flex-wrap items-center gap-2">
          <LiveBadge status={live} />
          <ExportCsvButton filters={query} />
          <RegistryImportButton entity="equipment" />
          <ProvisioningButton />
          <RegistryNewButton label={t('newEquipment')} onClick={() => setForm({ id: null })} />
        </div>
      </PageHeader>
      <p className="-mt-4 text-sm text-muted-foreground">{t('description')}</p>

      <EquipmentFilters filters={filters} onChange={setFilters} />
      {admin && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <CheckboxLabel
            className="inline-flex items-center gap-2"
            checked={filters.retired === true}
            onCheckedChange={(checked) => setFilters({ retired: checked ? true : undefined })}
          >
            {t('showRetired')}
          </CheckboxLabel>
          {filters.retired && <span className="text-xs text-muted-foreground">{t('retiredHint')}</span>}
        </div>
      )}

      {list.isError && !data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <EquipmentTable
          items={data?.items}
          statusOf={statusOf}
          busy={list.isFetching}
          stale={list.isPlaceholderData}
          onOpen={setSelected}
          rows={EQUIPMENT_PAGE_SIZE}
        />
      )}
      <FirstPageLoading query={list} text={t('loading')} />
      <div className="min-h-8">
        <ListPagination
          data={data}
          busy={list.isFetching}
          onPage={(page) => setFilters({ page })}
          totalLabel={(count) => t('total', { count })}
        />
      </div>

      {current && (
        <Suspense fallback={null}>
          <EquipmentDrawer
            item={current}
            status={statusOf(current)}
            onClose={() => {
              setSelected(null);
              setOpenId(null);
            }}
            onEdit={(id) => {
              setSelected(null);
              setOpenId(null);
              setForm({ id });
            }}
          />
        </Suspense>
      )}
      {form && (
        <Suspense fallback={null}>
          <EquipmentFormDialog
            open
            onOpenChange={(open) => !open && setForm(null)}
            equipmentId={form.id}
            defaults={{ facilityId: filters.facilityId, roomId: filters.roomId, kind: filters.kind }}
          />
        </Suspense>
      )}
    </section>
  );
}
