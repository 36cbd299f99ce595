import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../components/select-field';
import { useTRPC } from '../../lib/trpc';

/** A list's facility filter: "all facilities" (`emptyOption`, no id) first, then every facility by name. */
export function FacilityFilter({
  label,
  emptyOption,
  value,
  onChange,
}: {
  label: string;
  emptyOption: string;
  value: string | undefined;
  onChange: (facilityId: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      emptyOption={emptyOption}
      options={(facilities.data ?? []).map((facility) => ({ value: facility.id, label: facility.name }))}
      onChange={(id) => onChange(id || undefined)}
    />
  );
}
