import { supplierCategoryValues, type SupplierCategory } from '@sentinela/shared/procurement-values';
import { useCallback } from 'react';
import { ClearFiltersButton, SearchField } from '../../components/filter-bar';
import { SelectField } from '../../components/select-field';
import { useStrings } from '../../lib/i18n/strings';
import { useSearchDraft } from '../../lib/use-search-draft';
import { suppliersStrings } from './suppliers.strings';
import type { SupplierFilterState } from './use-supplier-filters';

/** Search (debounced), category and active, all kept in the URL. */
export function SupplierFilters({
  filters,
  onChange,
}: {
  filters: SupplierFilterState;
  onChange: (patch: Partial<SupplierFilterState>) => void;
}) {
  const t = useStrings(suppliersStrings);
  const onSearch = useCallback(
    (search: string) => {
      onChange({ search });
    },
    [onChange],
  );
  const [text, setText] = useSearchDraft(filters.search, onSearch);
  const filtered = Boolean(filters.search || filters.category || filters.active);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(2,minmax(10rem,1fr))_auto] lg:items-end">
      <SearchField
        label={t('search')}
        fieldClassName="sm:col-span-2 lg:col-span-1"
        placeholder={t('searchPlaceholder')}
        value={text}
        maxLength={120}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <SelectField
        label={t('category')}
        value={filters.category ?? ''}
        emptyOption={t('allCategories')}
        options={supplierCategoryValues.map((c) => ({ value: c, label: t(`category.${c}`) }))}
        onChange={(value) => {
          onChange({ category: (value || undefined) as SupplierCategory | undefined });
        }}
      />
      <SelectField
        label={t('status')}
        value={filters.active ?? ''}
        emptyOption={t('allStatuses')}
        options={[
          { value: 'true', label: t('active') },
          { value: 'false', label: t('inactive') },
        ]}
        onChange={(value) => {
          onChange({ active: value === 'true' || value === 'false' ? value : undefined });
        }}
      />
      <ClearFiltersButton
        filtered={filtered}
        onClear={() => {
          setText('');
          onChange({ search: '', category: undefined, active: undefined });
        }}
      >
        {t('clearFilters')}
      </ClearFiltersButton>
    </div>
  );
}
