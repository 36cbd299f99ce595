import type { EquipmentStatus } from '@sentinela/shared/plant';
import { useMemo, useState, type ReactNode } from 'react';
import { filterSelects, SearchField } from '../../components/filter-bar';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-search-draft';
import { plantStrings } from './plant.strings';
import { StatusSelect } from './status-select';
import { useFilteredPage } from './use-filtered-page';

/** The filters every device list has; a kind adds its own (say on/off) to these. */
export interface DeviceFilterValues {
  search: string;
  facilityId: string;
  /** Used only by lists that filter by room. */
  roomId: string;
  status: '' | EquipmentStatus;
}

export const noDeviceFilters: DeviceFilterValues = { search: '', facilityId: '', roomId: '', status: '' };

/** Where a kind's devices are: the facilities (and rooms) of its locations procedure. */
export interface DeviceLocation {
  facilityId: string;
  facilityName: string;
  roomId?: string | null;
  roomName?: string | null;
}

/** The filter values as a list procedure takes them: trimmed, debounced search; an empty choice is no filter. */
type ListInput<V> = { [K in keyof V]?: Exclude<V[K], ''> };

/**
 * A device list's filter state and its page: the values the inputs show, the input the list
 * procedure takes, and the page (back to 1 whenever the input changes).
 */
export function useDeviceFilters<V extends DeviceFilterValues>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const search = useDebouncedValue(values.search.trim(), SEARCH_DEBOUNCE_MS);
  const input = useMemo(() => {
    const chosen: Record<string, unknown> = {};
    for (const [key, value] of Object.entries({ ...values, search })) if (value !== '') chosen[key] = value;
    return chosen as ListInput<V>;
  }, [values, search]);
  const filterKey = JSON.stringify(input);
  const [page, setPage] = useFilteredPage(filterKey);
  return { values, setValues, input, page, setPage, filtered: filterKey !== '{}' };
}

interface DeviceFiltersProps<V extends DeviceFilterValues> {
  values: V;
  onChange: (values: V) => void;
  locations: DeviceLocation[] | undefined;
  /** The search box's name, e.g. "Buscar motores". */
  searchLabel: string;
  /** Offer a room filter (its rooms follow the chosen facility). */
  rooms?: boolean;
  /** The kind's own filters, after the status. */
  children?: ReactNode;
  /** The grid's columns (Tailwind). */
  className: string;
}

/** Search, facility, room (optional) and status of a device list, then the kind's own filters. */
export function DeviceFilters<V extends DeviceFilterValues>({
  values,
  onChange,
  locations,
  searchLabel,
  rooms: withRooms = false,
  children,
  className,
}: DeviceFiltersProps<V>) {
  const t = useStrings(plantStrings);
  const tOps = useStrings(opsStrings);
  const facilities = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of locations ?? []) seen.set(l.facilityId, l.facilityName);
    return [...seen];
  }, [locations]);
  const rooms = (locations ?? []).filter((l) => l.roomId && (!values.facilityId || l.facilityId === values.facilityId));
  const { set, select } = filterSelects<DeviceFilterValues>(values, (next) => {
    onChange({ ...values, ...next });
  });

  return (
    <div className={className}>
      <SearchField
        label={searchLabel}
        labelPlacement="hidden"
        placeholder={t('filter.searchPlaceholder')}
        value={values.search}
        onChange={(event) => {
          set({ search: event.target.value });
        }}
      />
      {select('facilityId', {
        label: t('filter.facility'),
        emptyOption: t('filter.allFacilities'),
        options: facilities.map(([id, name]) => ({ value: id, label: name })),
        clears: { roomId: '' },
      })}
      {withRooms &&
        select('roomId', {
          label: t('filter.room'),
          emptyOption: t('filter.allRooms'),
          options: rooms.map((room) => ({
            value: room.roomId ?? '',
            label: values.facilityId ? (room.roomName ?? '') : `${room.roomName} · ${room.facilityName}`,
          })),
        })}
      <StatusSelect
        label={t('filter.status')}
        labelPlacement="hidden"
        value={values.status}
        emptyOption={`${t('filter.status')}: ${tOps('all')}`}
        onChange={(status) => {
          set({ status });
        }}
      />
      {children}
    </div>
  );
}
