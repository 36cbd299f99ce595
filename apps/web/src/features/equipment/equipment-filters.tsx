import { useQuery } from '@tanstack/react-query';
import type { EquipmentKind } from '@sentinela/shared/plant';
import { useCallback } from 'react';
import { ClearFiltersButton, DraftSearchField } from '../../components/filter-bar';
import { SelectField } from '../../components/select-field';
import { equipmentStrings } from './equipment.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { equipmentKinds } from '../plant/equipment-values';
import { FacilityFilter } from '../plant/facility-filter';
import { StatusSelect } from '../plant/status-select';
import type { EquipmentFilterPatch, EquipmentFilterState } from './use-equipment-filters';

/** Search (debounced) and the status, kind, facility and room filters, all kept in the URL. */
export function EquipmentFilters({
  filters,
  onChange,
}: {
  filters: EquipmentFilterState;
  onChange: (patch: EquipmentFilterPatch) => void;
}) {
  const t = useStrings(equipmentStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const rooms = useQuery(trpc.rooms.options.queryOptions(filters.facilityId ? { facilityId: filters.facilityId } : {}));

  const onSearch = useCallback((search: string) => onChange({ search }), [onChange]);

  const filtered = Boolean(filters.search || filters.status || filters.kind || filters.facilityId || filters.roomId);
  const roomOptions = rooms.data ?? [];

  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))_auto] lg:items-end">
      <DraftSearchField
        label={t('search')}
        fieldClassName="col-span-2 lg:col-span-1"
        placeholder={t('searchPlaceholder')}
        search={filters.search}
        onSearch={onSearch}
      />
      <StatusSelect
        label={t('status')}
        value={filters.status ?? ''}
        emptyOption={t('all')}
        onChange={(status) => onChange({ status: status || undefined })}
      />
      <SelectField
        label={t('kind')}
        value={filters.kind ?? ''}
        emptyOption={t('all')}
        options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
        onChange={(value) => onChange({ kind: (value || undefined) as EquipmentKind | undefined })}
      />
      <FacilityFilter
        label={t('facility')}
        emptyOption={t('allFacilities')}
        value={filters.facilityId}
        // A room belongs to one facility: choosing another facility drops the room.
        onChange={(facilityId) => onChange({ facilityId, roomId: undefined })}
      />
      <SelectField
        label={t('room')}
        value={filters.roomId ?? ''}
        emptyOption={t('allRooms')}
        options={roomOptions.map((room) => ({
          value: room.id,
          label: filters.facilityId ? room.name : `${room.name} · ${room.facilityName}`,
        }))}
        onChange={(value) => onChange({ roomId: value || undefined })}
      />
      <ClearFiltersButton
        className="col-span-2 h-9 justify-self-start lg:col-span-1"
        filtered={filtered}
        onClear={() =>
          onChange({ search: undefined, status: undefined, kind: undefined, facilityId: undefined, roomId: undefined })
        }
      >
        {t('clearFilters')}
      </ClearFiltersButton>
    </div>
  );
}
