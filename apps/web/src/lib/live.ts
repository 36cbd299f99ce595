import { skipToken, useQuery } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useMemo, useState } from 'react';
import type { LiveEvent, LiveEventType } from '@sentinela/shared/live-events';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { useTRPC } from './trpc';
import { useSessionRecheck } from './use-current-user';

export type { LiveEvent, LiveEventType };

/** 'live': the stream is open; 'connecting': opening or re-opening; 'offline': it failed. */
export type LiveStatus = 'live' | 'connecting' | 'offline';

/**
 * The live stream (live.events over SSE) for this component: `onEvents` gets every batch the
 * server pushes (telemetry throttled per device, statuses, command results, alerts). Only
 * `equipmentIds` when given (undefined: every device). `null` while the page does not know its
 * devices yet (its list is loading): the stream waits for them instead of opening for an empty
 * list and again when the list comes. Only the kinds in `types` when given (the events page wants
 * no telemetry: the server does not send it). The handler may change between renders without
 * reconnecting.
 */
export function useLiveEvents(
  onEvents: (events: LiveEvent[]) => void,
  equipmentIds?: string[] | null,
  types?: readonly LiveEventType[],
): LiveStatus {
  const trpc = useTRPC();
  const recheckSession = useSessionRecheck();
  // A new array with the same ids (or kinds) must not reopen the stream.
  const idsKey = equipmentIds ? [...equipmentIds].sort().join(',') : equipmentIds;
  const typesKey = types ? [...types].sort().join(',') : undefined;
  const input = useMemo(() => liveInput(idsKey, typesKey), [idsKey, typesKey]);
  const subscription = useSubscription(
    trpc.live.events.subscriptionOptions(input, {
      // useSubscription reads its options through a ref: a new handler never reconnects.
      onData: (data) => onEvents(data.events),
      // The session ended (sign-out elsewhere, expiry, role change): to the login page, as queries do.
      onError: recheckSession,
    }),
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}

/** live.events' input from the memo keys: skipToken while the devices are not known. */
export function liveInput(idsKey: string | null | undefined, typesKey: string | undefined) {
  if (idsKey === null) return skipToken;
  return {
    ...(idsKey === undefined ? {} : { equipmentIds: idsKey === '' ? [] : idsKey.split(',') }),
    ...(typesKey ? { types: typesKey.split(',') as LiveEventType[] } : {}),
  };
}

export type MetricValues = Record<string, number>;

export interface LiveTelemetry {
  /** Latest value of each metric per equipment: the database's, then what the stream brings. */
  values: Record<string, MetricValues>;
  /** Status changes the stream reported since the page opened (the list's status before that). */
  statuses: Record<string, EquipmentStatus>;
  /** When each equipment's newest value was taken. */
  updatedAt: Record<string, Date>;
  live: LiveStatus;
  /** The first answer of telemetry.latest is in. */
  ready: boolean;
}

/**
 * Latest values of the given equipment (all when undefined), kept current by the live stream:
 * telemetry.latest once, then every pushed value merged in. Renders at most once per batch.
 * Disabled (`enabled: false`, the devices are not known yet), it neither reads nor streams.
 */
export function useLiveTelemetry(equipmentIds?: string[], options: { enabled?: boolean } = {}): LiveTelemetry {
  const trpc = useTRPC();
  const enabled = options.enabled ?? true;
  const latest = useQuery(
    trpc.telemetry.latest.queryOptions(equipmentIds ? { equipmentIds } : {}, { enabled, staleTime: 0 }),
  );
  const [pushed, setPushed] = useState<{
    values: Record<string, MetricValues>;
    statuses: Record<string, EquipmentStatus>;
    updatedAt: Record<string, Date>;
  }>({ values: {}, statuses: {}, updatedAt: {} });
  const live = useLiveEvents(
    (events) => {
      setPushed((current) => {
        let { values, statuses, updatedAt } = current;
        for (const event of events) {
          if (event.type === 'telemetry') {
            if (values === current.values) values = { ...values };
            if (updatedAt === current.updatedAt) updatedAt = { ...updatedAt };
            values[event.equipmentId] = { ...values[event.equipmentId], ...event.metrics };
            updatedAt[event.equipmentId] = new Date(event.ts);
          } else if (event.type === 'status') {
            if (statuses === current.statuses) statuses = { ...statuses };
            statuses[event.equipmentId] = event.status;
          }
        }
        return values === current.values && statuses === current.statuses ? current : { values, statuses, updatedAt };
      });
    },
    enabled ? equipmentIds : null,
  );

  const base = useMemo(() => {
    const values: Record<string, MetricValues> = {};
    const updatedAt: Record<string, Date> = {};
    for (const row of latest.data ?? []) {
      (values[row.equipmentId] ??= {})[row.metric] = row.value;
      const known = updatedAt[row.equipmentId];
      if (!known || known < row.ts) updatedAt[row.equipmentId] = row.ts;
    }
    return { values, updatedAt };
  }, [latest.data]);

  const values = useMemo(() => {
    const merged: Record<string, MetricValues> = { ...base.values };
    for (const [id, metrics] of Object.entries(pushed.values)) merged[id] = { ...merged[id], ...metrics };
    return merged;
  }, [base, pushed.values]);

  return {
    values,
    statuses: pushed.statuses,
    updatedAt: { ...base.updatedAt, ...pushed.updatedAt },
    live,
    ready: latest.data !== undefined,
  };
}
