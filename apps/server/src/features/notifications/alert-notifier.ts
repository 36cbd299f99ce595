import type { LiveBus } from '../../telemetry/live-bus';
import { notifyAlertRaised } from './alert-notifications';
import type { NotifyDeps } from './notification-delivery';

/** Bound on alerts waiting to be notified in this process (a storm beyond it is still on the portal). */
const MAX_QUEUED = 5000;

export interface AlertNotifier {
  /** Resolves when every alert queued so far is notified (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Listens to the live bus: each alert published as active (raised, or moved to another band) is
 * notified, one at a time, off the alarm engine's path. The instance whose engine raised it does
 * it (alerts relayed from other instances are skipped); the alert_notifications row keeps it to
 * once even so.
 */
export function startAlertNotifier(deps: NotifyDeps, bus: LiveBus): AlertNotifier {
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const unsubscribe = bus.subscribe((event, origin) => {
    // Another instance's alert (relayed, ADR 038) is that instance's to notify.
    if (stopped || origin !== 'here' || event.type !== 'alert' || event.status !== 'active') return;
    if (queued >= MAX_QUEUED) {
      deps.log.warn({ alertId: event.alertId }, 'notification queue full: alert not notified');
      return;
    }
    queued += 1;
    chain = chain
      .then(() => notifyAlertRaised(deps, event.alertId))
      .then(
        () => undefined,
        (error: unknown) => deps.log.error({ err: error, alertId: event.alertId }, 'alert notification failed'),
      )
      .finally(() => {
        queued -= 1;
      });
  });
  return {
    idle: () => chain,
    async stop() {
      stopped = true;
      unsubscribe();
      await chain;
    },
  };
}
