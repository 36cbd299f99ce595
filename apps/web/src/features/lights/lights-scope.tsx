import type { LightFacilities } from '@sentinela/shared/lights';
import { useId, type ReactNode } from 'react';
import { Select } from '../../components/ui/input';
import { lightsStrings, type LightsStringKey } from './lights.strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';

export interface LightsScopeValue {
  facilityId: string;
  roomId: string;
}

export const siteScope: LightsScopeValue = { facilityId: '', roomId: '' };

/** How a scope reads in a sentence ('Galpão A (Fábrica Campinas)', 'all facilities'). */
export function scopeLabel(
  scope: LightsScopeValue,
  facilities: LightFacilities | undefined,
  t: AreaTranslate<LightsStringKey>,
): string {
  const facility = facilities?.find((f) => f.id === scope.facilityId);
  const room = facility?.rooms.find((r) => r.id === scope.roomId);
  if (facility && room) return t('scope.inRoom', { room: room.name, facility: facility.name });
  if (facility) return t('scope.inFacility', { facility: facility.name });
  return t('scope.site');
}

/**
 * Which lights the page is about: a facility, one of its rooms, or all. The figures, the quick
 * actions, the list and the schedules all follow it.
 */
export function LightsScope({
  facilities,
  value,
  onChange,
}: {
  facilities: LightFacilities | undefined;
  value: LightsScopeValue;
  onChange: (value: LightsScopeValue) => void;
}) {
  const t = useStrings(lightsStrings);
  const id = useId();
  const shown = value.facilityId ? (facilities ?? []).filter((f) => f.id === value.facilityId) : (facilities ?? []);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ScopeSelect
        id={`${id}-facility`}
        label={t('scope.facility')}
        value={value.facilityId}
        disabled={!facilities}
        onChange={(facilityId) => {
          onChange({ facilityId, roomId: '' });
        }}
      >
        <option value="">{t('scope.allFacilities')}</option>
        {facilities?.map((facility) => (
          <option key={facility.id} value={facility.id}>
            {facility.name}
          </option>
        ))}
      </ScopeSelect>
      <ScopeSelect
        id={`${id}-room`}
        label={t('scope.room')}
        value={value.roomId}
        disabled={!facilities}
        onChange={(roomId) => {
          const facility = facilities?.find((f) => f.rooms.some((r) => r.id === roomId));
          onChange({ facilityId: roomId ? (facility?.id ?? value.facilityId) : value.facilityId, roomId });
        }}
      >
        <option value="">{t('scope.allRooms')}</option>
        {shown.map((facility) => (
          <optgroup key={facility.id} label={facility.name}>
            {facility.rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {room.name}
              </option>
            ))}
          </optgroup>
        ))}
      </ScopeSelect>
    </div>
  );
}

/** One of the scope's two selects, its small label above it. */
function ScopeSelect({
  id,
  label,
  value,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Select
        id={id}
        className="w-64 max-w-full"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {children}
      </Select>
    </div>
  );
}
