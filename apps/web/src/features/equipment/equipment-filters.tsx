import { useQuery } from '@tanstack/react-query';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { Input, Select } from '../../components/ui/input';
import { equipmentStrings } from './equipment.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { equipmentKinds, equipmentStatuses } from './equipment-values';
import type { EquipmentFilterPatch, EquipmentFilterState } from './use-equipment-filters';

export const SEARCH_DEBOUNCE_MS = 300;

function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

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
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const rooms = useQuery(trpc.rooms.options.queryOptions(filters.facilityId ? { facilityId: filters.facilityId } : {}));

  // The box follows the URL (a link, "clear filters") and writes to it once typing pauses.
  const [text, setText] = useState(filters.search);
  const [seen, setSeen] = useState(filters.search);
  if (seen !== filters.search) {
    setSeen(filters.search);
    setText(filters.search);
  }
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === text.trim() && debounced !== filters.search) onChange({ search: debounced });
  }, [debounced, text, filters.search, onChange]);

  const filtered = Boolean(filters.search || filters.status || filters.kind || filters.facilityId || filters.roomId);
  const roomOptions = rooms.data ?? [];

  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(4,minmax(8rem,1fr))_auto] lg:items-end">
      <Field label={t('search')} className="col-span-2 lg:col-span-1">
        {(id) => (
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={id}
              type="search"
              placeholder={t('searchPlaceholder')}
              value={text}
              maxLength={120}
              onChange={(event) => setText(event.target.value)}
              className="w-full pl-8"
            />
          </div>
        )}
      </Field>
      <Field label={t('status')}>
        {(id) => (
          <Select
            id={id}
            value={filters.status ?? ''}
            onChange={(event) => onChange({ status: (event.target.value || undefined) as EquipmentStatus | undefined })}
          >
            <option value="">{t('all')}</option>
            {equipmentStatuses.map((status) => (
              <option key={status} value={status}>
                {tOps(`status.${status}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('kind')}>
        {(id) => (
          <Select
            id={id}
            value={filters.kind ?? ''}
            onChange={(event) => onChange({ kind: (event.target.value || undefined) as EquipmentKind | undefined })}
          >
            <option value="">{t('all')}</option>
            {equipmentKinds.map((kind) => (
              <option key={kind} value={kind}>
                {tOps(`kind.${kind}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('facility')}>
        {(id) => (
          <Select
            id={id}
            value={filters.facilityId ?? ''}
            // A room belongs to one facility: choosing another facility drops the room.
            onChange={(event) => onChange({ facilityId: event.target.value || undefined, roomId: undefined })}
          >
            <option value="">{t('allFacilities')}</option>
            {(facilities.data ?? []).map((facility) => (
              <option key={facility.id} value={facility.id}>
                {facility.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('room')}>
        {(id) => (
          <Select
            id={id}
            value={filters.roomId ?? ''}
            onChange={(event) => onChange({ roomId: event.target.value || undefined })}
          >
            <option value="">{t('allRooms')}</option>
            {roomOptions.map((room) => (
              <option key={room.id} value={room.id}>
                {filters.facilityId ? room.name : `${room.name} · ${room.facilityName}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button
        variant="ghost"
        size="sm"
        className="col-span-2 h-9 justify-self-start lg:col-span-1"
        disabled={!filtered}
        onClick={() =>
          onChange({ search: undefined, status: undefined, kind: undefined, facilityId: undefined, roomId: undefined })
        }
      >
        <X aria-hidden />
        {t('clearFilters')}
      </Button>
    </div>
  );
}
