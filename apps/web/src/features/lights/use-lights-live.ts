import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { LightItem } from '@sentinela/shared/lights';
import { useCallback, useState } from 'react';
import { useLiveEvents, type LiveEvent, type LiveStatus } from '../../lib/live';

export type LightMode = LightItem['mode'];
export const lightModes: readonly LightMode[] = ['normal', 'eco', 'boost'];
/** One command to a light: on/off, brightness or mode. */
export type LightChange = { on: boolean } | { brightness: number } | { mode: LightMode };

interface Pushed {
  /** Newest readings of each light, merged metric by metric, with when they were taken. */
  readings: Record<string, { metrics: Record<string, number>; ts: Date }>;
  statuses: Record<string, EquipmentStatus>;
  /** Control state a device confirmed since the page opened (anyone's command), with when it came. */
  states: Record<string, { on?: boolean; brightness?: number; mode?: LightMode; at: number }>;
}

const empty: Pushed = { readings: {}, statuses: {}, states: {} };

function modeOf(value: unknown): LightMode | undefined {
  return lightModes.find((mode) => mode === value);
}

function apply(current: Pushed, events: LiveEvent[]): Pushed {
  const next = { ...current };
  for (const event of events) {
    if (event.type === 'telemetry') {
      const known = next.readings[event.equipmentId];
      next.readings = {
        ...next.readings,
        [event.equipmentId]: { metrics: { ...known?.metrics, ...event.metrics }, ts: new Date(event.ts) },
      };
    } else if (event.type === 'status') {
      next.statuses = { ...next.statuses, [event.equipmentId]: event.status };
    } else if (event.type === 'command' && event.status === 'confirmed' && event.state) {
      next.states = { ...next.states, [event.equipmentId]: { ...stateOf(event.state), at: Date.now() } };
    }
  }
  return next;
}

function stateOf(state: Record<string, unknown>) {
  return {
    ...(typeof state.on === 'boolean' ? { on: state.on } : {}),
    ...(typeof state.brightness === 'number' ? { brightness: state.brightness } : {}),
    ...(modeOf(state.mode) ? { mode: modeOf(state.mode) } : {}),
  };
}

export interface LiveLight {
  status: EquipmentStatus;
  /** The confirmed control state. */
  on: boolean;
  brightness: number;
  mode: LightMode;
  /** What the light measures now. */
  reading: { on: boolean | null; brightness: number | null; powerW: number | null; ts: Date | null };
}

/**
 * The lights on screen kept current by the live stream: the list's values, then what the devices
 * push (readings, statuses, confirmed states). A confirmed state pushed after the list was read
 * wins; one older than the list does not (the list already has it, or something newer).
 * `onStateConfirmed` runs for every batch that changed a light's confirmed state (anyone's command),
 * so what is computed from those states (the figures) is re-read with the table.
 */
export function useLightsLive(lightIds: string[] | null, listUpdatedAt: number, onStateConfirmed?: () => void) {
  const [pushed, setPushed] = useState<Pushed>(empty);
  const live: LiveStatus = useLiveEvents((events) => {
    setPushed((current) => apply(current, events));
    if (events.some((event) => event.type === 'command' && event.status === 'confirmed')) onStateConfirmed?.();
  }, lightIds);

  /** A state a command answered (the live event may come a moment later, or not at all). */
  const confirm = useCallback((id: string, state: Record<string, unknown>) => {
    setPushed((current) => ({
      ...current,
      states: { ...current.states, [id]: { ...stateOf(state), at: Date.now() } },
    }));
  }, []);

  const light = useCallback(
    (item: LightItem): LiveLight => {
      const newest = pushed.readings[item.id];
      const fresh = newest && (!item.reading.ts || newest.ts >= item.reading.ts);
      const metric = (name: string) => (fresh ? newest.metrics[name] : undefined);
      const state = pushed.states[item.id];
      const confirmed = state && state.at > listUpdatedAt ? state : undefined;
      const on = metric('on');
      return {
        status: pushed.statuses[item.id] ?? item.status,
        on: confirmed?.on ?? item.on,
        brightness: confirmed?.brightness ?? item.brightness,
        mode: confirmed?.mode ?? item.mode,
        reading: {
          on: on === undefined ? item.reading.on : on >= 0.5,
          brightness: metric('brightness') ?? item.reading.brightness,
          powerW: metric('powerW') ?? item.reading.powerW,
          ts: fresh ? newest.ts : item.reading.ts,
        },
      };
    },
    [pushed, listUpdatedAt],
  );

  return { live, light, confirm };
}
