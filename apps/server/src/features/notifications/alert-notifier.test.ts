import { describe, expect, it } from 'vitest';
import { LiveBus, type LiveEvent } from '../../telemetry/live-bus';
import { startAlertNotifier } from './alert-notifier';
import type { NotifyDeps } from './notification-delivery';

const raised = (n: number): LiveEvent => ({
  type: 'alert',
  alertId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  equipmentId: 'mtr-1',
  severity: 'critical',
  status: 'active',
  message: 'Temperatura alta',
  messageKey: null,
  messageParams: null,
});

describe('alert notifier', () => {
  it('notifies the alerts raised on this instance, not those relayed from another (that one notifies them)', async () => {
    const tried: string[] = [];
    // Any read of the database marks an attempt to notify (and fails it, which the notifier logs).
    const db = new Proxy({} as NotifyDeps['db'], {
      get: () => {
        throw new Error('no database here');
      },
    });
    const deps = {
      db,
      log: {
        info: () => {},
        warn: () => {},
        error: (fields: { alertId?: string }) => void tried.push(fields.alertId ?? '?'),
      },
      now: () => new Date(),
    } as unknown as NotifyDeps;
    const bus = new LiveBus();
    const notifier = startAlertNotifier(deps, bus);
    bus.receive(raised(1));
    bus.publish(raised(2));
    await notifier.idle();
    await notifier.stop();
    expect(tried).toEqual([(raised(2) as { alertId: string }).alertId]);
  });
});
