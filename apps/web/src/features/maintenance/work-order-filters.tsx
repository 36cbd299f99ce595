import {
  workOrderKindValues,
  workOrderPriorityValues,
  workOrderStatusValues,
  type WorkOrderKind,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@sentinela/shared/maintenance-values';
import { useMemo, useState } from 'react';
import { SearchField } from '../../components/filter-bar';
import { SelectField } from '../../components/select-field';
import { useStrings } from '../../lib/i18n/strings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFilteredPage } from '../plant/use-filtered-page';
import { maintenanceStrings } from './maintenance.strings';

export interface WorkOrderFilterValues {
  search: string;
  /** A status, 'open' (the default: what still has to be done) or 'overdue'; '' = all. */
  status: '' | WorkOrderStatus | 'open' | 'overdue';
  kind: '' | WorkOrderKind;
  priority: '' | WorkOrderPriority;
  /** A user id or 'unassigned'. */
  technician: string;
  facilityId: string;
}

const initialFilters: WorkOrderFilterValues = {
  search: '',
  status: 'open',
  kind: '',
  priority: '',
  technician: '',
  facilityId: '',
};

const SEARCH_DEBOUNCE_MS = 300;

/** The list's filter values, the input the list procedure takes, and the page (1 again on every change). */
export function useWorkOrderFilters() {
  const [values, setValues] = useState(initialFilters);
  const search = useDebouncedValue(values.search.trim(), SEARCH_DEBOUNCE_MS);
  const input = useMemo(() => {
    const chosen: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...values, search })) if (value !== '') chosen[key] = value;
    return chosen;
  }, [values, search]);
  const filterKey = JSON.stringify(input);
  const [page, setPage] = useFilteredPage(filterKey);
  return { values, setValues, input, page, setPage, filtered: filterKey !== JSON.stringify({ status: 'open' }) };
}

interface WorkOrderFiltersProps {
  values: WorkOrderFilterValues;
  onChange: (values: WorkOrderFilterValues) => void;
  technicians: readonly { id: string; name: string }[] | undefined;
  facilities: readonly { id: string; name: string }[] | undefined;
}

/** Search, status (incl. open and overdue), kind, priority, technician (incl. not assigned), facility. */
export function WorkOrderFilters({ values, onChange, technicians, facilities }: WorkOrderFiltersProps) {
  const t = useStrings(maintenanceStrings);
  const set = (change: Partial<WorkOrderFilterValues>) => {
    onChange({ ...values, ...change });
  };
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1fr)_repeat(5,minmax(8rem,11rem))]">
      <legend className="sr-only">{t('filter.status')}</legend>
      <SearchField
        label={t('filter.search')}
        labelPlacement="hidden"
        placeholder={t('filter.searchPlaceholder')}
        value={values.search}
        onChange={(event) => {
          set({ search: event.target.value });
        }}
      />
      <SelectField
        label={t('filter.status')}
        labelPlacement="hidden"
        value={values.status}
        emptyOption={t('filter.allStatuses')}
        options={[
          { value: 'open', label: t('filter.open') },
          { value: 'overdue', label: t('filter.overdue') },
          ...workOrderStatusValues.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
        onChange={(status) => {
          set({ status: status as WorkOrderFilterValues['status'] });
        }}
      />
      <SelectField
        label={t('filter.kind')}
        labelPlacement="hidden"
        value={values.kind}
        emptyOption={t('filter.allKinds')}
        options={workOrderKindValues.map((value) => ({ value, label: t(`kind.${value}`) }))}
        onChange={(kind) => {
          set({ kind: kind as WorkOrderFilterValues['kind'] });
        }}
      />
      <SelectField
        label={t('filter.priority')}
        labelPlacement="hidden"
        value={values.priority}
        emptyOption={t('filter.allPriorities')}
        options={workOrderPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) }))}
        onChange={(priority) => {
          set({ priority: priority as WorkOrderFilterValues['priority'] });
        }}
      />
      <SelectField
        label={t('filter.technician')}
        labelPlacement="hidden"
        value={values.technician}
        emptyOption={t('filter.allTechnicians')}
        options={[
          { value: 'unassigned', label: t('unassigned') },
          ...(technicians ?? []).map((tech) => ({ value: tech.id, label: tech.name })),
        ]}
        onChange={(technician) => {
          set({ technician });
        }}
      />
      <SelectField
        label={t('filter.facility')}
        labelPlacement="hidden"
        value={values.facilityId}
        emptyOption={t('filter.allFacilities')}
        options={(facilities ?? []).map((f) => ({ value: f.id, label: f.name }))}
        onChange={(facilityId) => {
          set({ facilityId });
        }}
      />
    </fieldset>
  );
}
