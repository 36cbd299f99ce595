import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { MotorItem, MotorReadings } from '@sentinela/shared/motors';
import { useCallback, useState } from 'react';
import { useLiveEvents, type LiveEvent, type LiveStatus } from '../../lib/live';

interface Pushed {
  /** The newest message of each motor, as it came (a motor publishes all its metrics at once). */
  readings: Record<string, { metrics: Record<string, number>; ts: Date }>;
  statuses: Record<string, EquipmentStatus>;
  /** The on/off state a device confirmed since the page opened (any operator's command). */
  on: Record<string, boolean>;
  /** Commands in flight, whoever sent them. */
  pending: Record<string, boolean>;
}

const empty: Pushed = { readings: {}, statuses: {}, on: {}, pending: {} };

function apply(current: Pushed, events: LiveEvent[]): Pushed {
  const next = { readings: current.readings, statuses: current.statuses, on: current.on, pending: current.pending };
  for (const event of events) {
    if (event.type === 'telemetry') {
      next.readings = { ...next.readings, [event.equipmentId]: { metrics: event.metrics, ts: new Date(event.ts) } };
    } else if (event.type === 'status') {
      next.statuses = { ...next.statuses, [event.equipmentId]: event.status };
    } else if (event.type === 'command') {
      next.pending = { ...next.pending, [event.equipmentId]: event.status === 'pending' };
      if (event.status === 'confirmed' && typeof event.state?.on === 'boolean') {
        next.on = { ...next.on, [event.equipmentId]: event.state.on };
      }
    }
  }
  return next;
}

export interface LiveMotor {
  readings: MotorReadings;
  readingsAt: Date | null;
  status: EquipmentStatus;
  on: boolean;
  /** A command to it is in flight (sent from here or by someone else). */
  pending: boolean;
}

/**
 * The motors on screen kept current by the live stream: the list's values first, then what the
 * devices push. A pushed message replaces the motor's readings: a stopped motor stops reporting
 * efficiency, so its last efficiency must not linger.
 */
export function useMotorLive(motorIds: string[] | null): { live: LiveStatus; motor: (item: MotorItem) => LiveMotor } {
  const [pushed, setPushed] = useState<Pushed>(empty);
  const live = useLiveEvents((events) => {
    setPushed((current) => apply(current, events));
  }, motorIds);
  const motor = useCallback(
    (item: MotorItem): LiveMotor => {
      const newest = pushed.readings[item.id];
      const fresh = newest && (!item.readingsAt || newest.ts >= item.readingsAt);
      const metric = (name: keyof MotorReadings) => (fresh ? (newest.metrics[name] ?? null) : item.readings[name]);
      return {
        readings: {
          temperature: metric('temperature'),
          vibration: metric('vibration'),
          current: metric('current'),
          efficiency: metric('efficiency'),
          rpm: metric('rpm'),
          powerKw: metric('powerKw'),
        },
        readingsAt: fresh ? newest.ts : item.readingsAt,
        status: pushed.statuses[item.id] ?? item.status,
        on: pushed.on[item.id] ?? item.on,
        pending: pushed.pending[item.id] ?? false,
      };
    },
    [pushed],
  );
  return { live, motor };
}
