import type { MotorLocation } from '@sentinela/shared/motors';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { useMemo } from 'react';
import { SearchField } from '../../components/filter-bar';
import { SelectField } from '../../components/select-field';
import { motorsStrings } from './motors.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { StatusSelect } from '../plant/status-select';

export interface MotorFilterValues {
  search: string;
  facilityId: string;
  roomId: string;
  status: '' | EquipmentStatus;
  power: '' | 'on' | 'off';
}

export const noMotorFilters: MotorFilterValues = { search: '', facilityId: '', roomId: '', status: '', power: '' };

interface MotorFiltersProps {
  values: MotorFilterValues;
  locations: MotorLocation[] | undefined;
  onChange: (values: MotorFilterValues) => void;
}

/** Search, facility, room, status and on/off: all applied by the server. */
export function MotorFilters({ values, locations, onChange }: MotorFiltersProps) {
  const t = useStrings(motorsStrings);
  const tOps = useStrings(opsStrings);
  const facilities = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of locations ?? []) seen.set(l.facilityId, l.facilityName);
    return [...seen];
  }, [locations]);
  const rooms = (locations ?? []).filter((l) => l.roomId && (!values.facilityId || l.facilityId === values.facilityId));
  const set = (change: Partial<MotorFilterValues>) => {
    onChange({ ...values, ...change });
  };

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1fr)_repeat(4,10rem)]">
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
        label={t('filter.facility')}
        labelPlacement="hidden"
        value={values.facilityId}
        emptyOption={t('scopeAll')}
        options={facilities.map(([id, name]) => ({ value: id, label: name }))}
        onChange={(facilityId) => {
          set({ facilityId, roomId: '' });
        }}
      />
      <SelectField
        label={t('filter.room')}
        labelPlacement="hidden"
        value={values.roomId}
        emptyOption={t('filter.allRooms')}
        options={rooms.map((room) => ({
          value: room.roomId ?? '',
          label: values.facilityId ? (room.roomName ?? '') : `${room.roomName} · ${room.facilityName}`,
        }))}
        onChange={(roomId) => {
          set({ roomId });
        }}
      />
      <StatusSelect
        label={t('filter.status')}
        labelPlacement="hidden"
        value={values.status}
        emptyOption={`${t('filter.status')}: ${tOps('all')}`}
        onChange={(status) => {
          set({ status });
        }}
      />
      <SelectField
        label={t('filter.power')}
        labelPlacement="hidden"
        value={values.power}
        emptyOption={`${t('filter.power')}: ${tOps('all')}`}
        options={[
          { value: 'on', label: t('power.on') },
          { value: 'off', label: t('power.off') },
        ]}
        onChange={(power) => {
          set({ power: power as MotorFilterValues['power'] });
        }}
      />
    </div>
  );
}
