import type { MotorLocation } from '@sentinela/shared/motors';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { Search } from 'lucide-react';
import { useMemo } from 'react';
import { Input, Select } from '../../components/ui/input';
import { motorsStrings } from './motors.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

export interface MotorFilterValues {
  search: string;
  facilityId: string;
  roomId: string;
  status: '' | EquipmentStatus;
  power: '' | 'on' | 'off';
}

export const noMotorFilters: MotorFilterValues = { search: '', facilityId: '', roomId: '', status: '', power: '' };

const statuses: EquipmentStatus[] = ['online', 'offline', 'maintenance', 'error'];

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
      <label className="relative">
        <span className="sr-only">{t('filter.search')}</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          className="w-full pl-8"
          placeholder={t('filter.searchPlaceholder')}
          value={values.search}
          onChange={(event) => {
            set({ search: event.target.value });
          }}
        />
      </label>
      <Select
        aria-label={t('filter.facility')}
        value={values.facilityId}
        onChange={(event) => {
          set({ facilityId: event.target.value, roomId: '' });
        }}
      >
        <option value="">{t('scopeAll')}</option>
        {facilities.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('filter.room')}
        value={values.roomId}
        onChange={(event) => {
          set({ roomId: event.target.value });
        }}
      >
        <option value="">{t('filter.allRooms')}</option>
        {rooms.map((room) => (
          <option key={room.roomId} value={room.roomId ?? ''}>
            {values.facilityId ? room.roomName : `${room.roomName} · ${room.facilityName}`}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('filter.status')}
        value={values.status}
        onChange={(event) => {
          set({ status: event.target.value as MotorFilterValues['status'] });
        }}
      >
        <option value="">{`${t('filter.status')}: ${tOps('all')}`}</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {tOps(`status.${status}`)}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('filter.power')}
        value={values.power}
        onChange={(event) => {
          set({ power: event.target.value as MotorFilterValues['power'] });
        }}
      >
        <option value="">{`${t('filter.power')}: ${tOps('all')}`}</option>
        <option value="on">{t('power.on')}</option>
        <option value="off">{t('power.off')}</option>
      </Select>
    </div>
  );
}
