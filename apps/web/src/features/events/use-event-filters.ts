import type { EventKind } from '@sentinela/shared/events';
import { eventKinds, SYSTEM_ACTOR_FILTER } from '@sentinela/shared/event-values';
import { useMemo, useState } from 'react';

export const eventRanges = ['all', '1h', '24h', '7d', '30d', '365d'] as const;
export type EventRange = (typeof eventRanges)[number];

const rangeMs: Record<Exclude<EventRange, 'all'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '365d': 365 * 86_400_000,
};

export interface EventFilterValues {
  kind: '' | EventKind;
  facilityId: string;
  equipmentId: string;
  /** A user id, 'system', or '' for everyone. */
  actor: string;
  range: EventRange;
  /** When the range was chosen: "last 24 hours" counts back from then (a steady query key). */
  rangeFrom: number;
}

export const initialEventFilters: EventFilterValues = {
  kind: '',
  facilityId: '',
  equipmentId: '',
  actor: '',
  range: 'all',
  rangeFrom: 0,
};

/** The filters as events.list takes them (blank ones left out). */
export function eventFiltersInput(values: EventFilterValues) {
  const kinds = eventKinds.filter((k) => k === values.kind);
  return {
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(values.facilityId ? { facilityId: values.facilityId } : {}),
    ...(values.equipmentId ? { equipmentId: values.equipmentId } : {}),
    ...(values.actor === SYSTEM_ACTOR_FILTER || values.actor ? { actor: values.actor } : {}),
    ...(values.range !== 'all' ? { from: new Date(values.rangeFrom - rangeMs[values.range]) } : {}),
  };
}

export function useEventFilters() {
  const [values, setValues] = useState(initialEventFilters);
  const input = useMemo(() => eventFiltersInput(values), [values]);
  const filtered = JSON.stringify(values) !== JSON.stringify(initialEventFilters);
  return { values, setValues, input, filtered };
}
