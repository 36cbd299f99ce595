import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SearchInput } from '../../components/filter-bar';
import { FormSelect } from '../../components/form-field';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { maintenanceStrings } from './maintenance.strings';

const EQUIPMENT_OPTIONS = 50;

/**
 * The equipment a work order or plan names: what the search box finds (the first 50), and the
 * chosen one among them (its facility sets the order's time zone).
 */
export function useEquipmentChoice(equipmentId: string, initialSearch = '') {
  const trpc = useTRPC();
  const [search, setSearch] = useState(initialSearch);
  const debounced = useDebouncedValue(search.trim(), 300);
  const equipment = useQuery(
    trpc.equipment.list.queryOptions(
      { search: debounced || undefined, page: 1, pageSize: EQUIPMENT_OPTIONS },
      { placeholderData: keepPreviousData },
    ),
  );
  const options = equipment.data?.items ?? [];
  const chosen = options.find((item) => item.id === equipmentId);
  return { search, setSearch, options, chosen };
}

/** The equipment's search box over its select ("Sem equipamento" first). */
export function EquipmentPicker({
  choice,
  equipmentId,
  /** The label of a chosen equipment the search no longer finds. */
  keptLabel,
  error,
  onChange,
}: {
  choice: ReturnType<typeof useEquipmentChoice>;
  equipmentId: string;
  keptLabel: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const t = useStrings(maintenanceStrings);
  return (
    <div className="flex flex-col gap-1">
      <SearchInput
        aria-label={t('form.equipmentSearch')}
        placeholder={t('form.equipmentSearch')}
        value={choice.search}
        onChange={(event) => {
          choice.setSearch(event.target.value);
        }}
      />
      <FormSelect
        label={t('form.equipment')}
        error={error}
        name="equipmentId"
        value={equipmentId}
        onChange={onChange}
        emptyOption={t('form.noEquipment')}
        options={[
          ...(equipmentId && !choice.chosen ? [{ value: equipmentId, label: keptLabel }] : []),
          ...choice.options.map((item) => ({ value: item.id, label: `${item.name} · ${item.facilityName}` })),
        ]}
      />
    </div>
  );
}
