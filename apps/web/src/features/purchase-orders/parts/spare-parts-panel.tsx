import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PartFilters } from '@sentinela/shared/spare-parts';
import type { EquipmentKind } from '@sentinela/shared/plant';
import { lazy, Suspense, useState } from 'react';
import { CsvExportButton } from '../../../components/csv-export-button';
import { SearchField } from '../../../components/filter-bar';
import { ListPagination } from '../../../components/list-pagination';
import { EmptyState, ErrorState, FirstPageLoading } from '../../../components/query-state';
import { RoleGatedNewButton } from '../../../components/role-gated';
import { SelectField } from '../../../components/select-field';
import { useLanguage } from '../../../lib/i18n/language-context';
import { opsStrings } from '../../../lib/i18n/ops-strings';
import { useStrings } from '../../../lib/i18n/strings';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { equipmentKinds } from '../../plant/equipment-values';
import type { PartDialogTarget } from './part-dialogs';
import { BelowMinimumBadge } from './below-minimum-badge';
import { sparePartsStrings } from './spare-parts.strings';
import { formatStock } from './stock-format';

const PartSheet = lazy(() => import('./part-sheet'));
const PartDialog = lazy(() => import('./part-dialogs'));

const PAGE_SIZE = 25;

/**
 * The spare-parts catalogue with stock levels (the "Peças" tab of /purchase-orders): filters,
 * a paged table with the below-minimum badge, CSV, a part's drawer, and the part, adjustment and
 * transfer dialogs (loaded on first use: they bring the schemas along).
 */
export function SparePartsPanel() {
  const t = useStrings(sparePartsStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<PartFilters, 'search'>>({ active: true });
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<PartDialogTarget | null>(null);
  const debounced = useDebouncedValue(search, 300);
  const input = { ...filters, search: debounced.trim() || undefined };
  const list = useQuery({
    ...trpc.spareParts.list.queryOptions({ ...input, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const locations = useQuery(trpc.spareParts.locations.list.queryOptions());
  const change = (next: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const filtered =
    Boolean(input.search) || Boolean(filters.belowMinimum || filters.locationId || filters.equipmentKind);

  return (
    <section className="flex flex-col gap-4" aria-labelledby="spare-parts-title" data-slot="spare-parts-panel">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="spare-parts-title" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CsvExportButton t={t} load={() => client.spareParts.exportCsv.query(input)} />
          <RoleGatedNewButton needs="operator" onClick={() => setDialog({ kind: 'create' })} label={t('newPart')} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <SearchField
          label={t('filter.search')}
          fieldClassName="col-span-2 lg:col-span-1"
          placeholder={t('filter.searchPlaceholder')}
          value={search}
          maxLength={120}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label={t('filter.location')}
          value={filters.locationId ?? ''}
          emptyOption={t('filter.allLocations')}
          options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          onChange={(value) => change({ locationId: value || undefined })}
        />
        <SelectField
          label={t('filter.kind')}
          value={filters.equipmentKind ?? ''}
          emptyOption={t('filter.allKinds')}
          options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
          onChange={(value) => change({ equipmentKind: (value || undefined) as EquipmentKind | undefined })}
        />
        <SelectField
          label={t('filter.active')}
          value={filters.active === false ? 'retired' : 'active'}
          options={[
            { value: 'active', label: t('filter.activeOnly') },
            { value: 'retired', label: t('filter.retiredOnly') },
          ]}
          onChange={(value) => change({ active: value !== 'retired' })}
        />
        <label className="inline-flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            name="belowMinimum"
            checked={filters.belowMinimum ?? false}
            onChange={(event) => change({ belowMinimum: event.target.checked || undefined })}
          />
          {t('filter.belowMinimum')}
        </label>
      </div>
      <FirstPageLoading query={list} text={t('loading')} />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <EmptyState>{filtered ? t('emptyFiltered') : t('empty')}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border" tabIndex={0} aria-labelledby="spare-parts-title">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">{t('col.code')}</th>
                <th className="px-3 py-2 font-medium">{t('col.description')}</th>
                <th className="px-3 py-2 text-right font-medium">{t('col.stock')}</th>
                <th className="px-3 py-2 text-right font-medium">{t('col.minimum')}</th>
                <th className="px-3 py-2 font-medium">{t('col.location')}</th>
                <th className="px-3 py-2 font-medium">{t('col.supplier')}</th>
              </tr>
            </thead>
            <tbody aria-busy={list.isFetching}>
              {(list.data?.items ?? []).map((part) => {
                const unit = t(`unit.${part.unit}`);
                return (
                  <tr key={part.id} className="border-t" data-part-code={part.code}>
                    <td className="px-3 py-2 font-mono whitespace-nowrap">
                      <button
                        type="button"
                        className="text-left underline-offset-2 hover:underline"
                        onClick={() => setOpenId(part.id)}
                      >
                        {part.code}
                      </button>
                    </td>
                    <td className="px-3 py-2">{part.description}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      <span className="inline-flex items-center gap-2">
                        {part.belowMinimum && <BelowMinimumBadge />}
                        <span data-slot="part-stock">{formatStock(part.stock, unit, language)}</span>
                      </span>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                      {formatStock(part.minimumStock, unit, language)}
                    </td>
                    <td className="px-3 py-2">{part.defaultLocation?.name ?? '—'}</td>
                    <td className="px-3 py-2">{part.preferredSupplier?.name ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ListPagination
        data={list.data}
        busy={list.isFetching}
        onPage={setPage}
        totalLabel={(count) => t('total', { count })}
        hideWhenEmpty
      />
      {openId !== null && (
        <Suspense fallback={null}>
          <PartSheet
            id={openId}
            onDialog={setDialog}
            onOpenChange={(open) => {
              if (!open) setOpenId(null);
            }}
          />
        </Suspense>
      )}
      {dialog !== null && (
        <Suspense fallback={null}>
          <PartDialog target={dialog} onClose={() => setDialog(null)} onSaved={(part) => setOpenId(part.id)} />
        </Suspense>
      )}
    </section>
  );
}
