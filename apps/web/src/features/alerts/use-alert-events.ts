import { useSubscription } from '@trpc/tanstack-react-query';
import type { AlertEvent } from '@sentinela/shared/live-events';
import type { LiveStatus } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';
import { useSessionRecheck } from '../../lib/use-current-user';

/**
 * Alert changes as they happen (alerts.live: raised, acknowledged, cleared; no telemetry).
 * The handler may change between renders without reconnecting.
 */
export function useAlertEvents(onEvents: (events: AlertEvent[]) => void): LiveStatus {
  const trpc = useTRPC();
  const recheckSession = useSessionRecheck();
  const subscription = useSubscription(
    trpc.alerts.live.subscriptionOptions(undefined, {
      onData: (data) => {
        onEvents(data.events);
      },
      onError: recheckSession,
    }),
  );
  // 'pending': connected, waiting for the next batch.
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
