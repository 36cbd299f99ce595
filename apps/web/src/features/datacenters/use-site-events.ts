import { useSubscription } from '@trpc/tanstack-react-query';
import type { LiveStatus } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';
import { useSessionRecheck } from '../../lib/use-current-user';

/**
 * Alert changes as they happen (alerts.live, no telemetry): a rack that goes silent raises a
 * silence alert and one that reports again clears it, so these are the sites' status changes.
 */
export function useSiteEvents(onChange: () => void): LiveStatus {
  const trpc = useTRPC();
  const recheckSession = useSessionRecheck();
  const subscription = useSubscription(
    trpc.alerts.live.subscriptionOptions(undefined, {
      onData: () => {
        onChange();
      },
      onError: recheckSession,
    }),
  );
  if (subscription.status === 'pending') return 'live';
  if (subscription.status === 'error') return 'offline';
  return 'connecting';
}
