import type { Random } from '@sentinela/db/seed/seeded-random';
import type { EquipmentKind } from './plant-devices';

export type FaultType = 'overheat' | 'vibration' | 'silence' | 'lowPowerFactor' | 'supplyAir' | 'rackInlet';

export interface ActiveFault {
  type: FaultType;
  /** Simulated ms of the device. */
  start: number;
  end: number;
  /** How bad: °C or mm/s added, or the power factor it sinks to. */
  magnitude: number;
}

interface FaultSpec {
  type: FaultType;
  /** Mean time between two such faults of one device, simulated seconds. */
  everyS: number;
  durationS: [number, number];
  magnitude: [number, number];
}

const HOUR_S = 3600;
const silence: FaultSpec = { type: 'silence', everyS: 5 * 24 * HOUR_S, durationS: [90, 180], magnitude: [0, 0] };

// With the demo site (~50 motors, ~450 devices) this makes, site-wide, an overheating motor
// about every half hour, a vibration spike every 20 min and a silent device every 15 min.
const FAULTS: Record<EquipmentKind, FaultSpec[]> = {
  motor: [
    { type: 'overheat', everyS: 24 * HOUR_S, durationS: [480, 720], magnitude: [97, 102] },
    { type: 'vibration', everyS: 16 * HOUR_S, durationS: [30, 120], magnitude: [3.5, 7.5] },
    silence,
  ],
  light: [silence],
  hvac: [{ type: 'supplyAir', everyS: 24 * HOUR_S, durationS: [300, 600], magnitude: [6, 9] }, silence],
  meter: [{ type: 'lowPowerFactor', everyS: 24 * HOUR_S, durationS: [300, 900], magnitude: [0.86, 0.91] }, silence],
  server: [{ type: 'rackInlet', everyS: 48 * HOUR_S, durationS: [300, 600], magnitude: [4, 6] }, silence],
  sensor: [silence],
  gateway: [silence],
};

/**
 * Ends the faults that are over and, now and then, starts one. `canStart` lets a model veto a
 * fault that makes no sense now (a stopped motor does not overheat).
 */
export function updateFaults(
  faults: ActiveFault[],
  kind: EquipmentKind,
  random: Random,
  t: number,
  dtMs: number,
  canStart: (type: FaultType) => boolean,
): ActiveFault[] {
  const current = faults.filter((f) => f.end > t);
  for (const spec of FAULTS[kind]) {
    if (current.some((f) => f.type === spec.type)) continue;
    if (!random.chance(dtMs / 1000 / spec.everyS) || !canStart(spec.type)) continue;
    const duration = random.range(spec.durationS[0], spec.durationS[1]) * 1000;
    current.push({
      type: spec.type,
      start: t,
      end: t + duration,
      magnitude: random.range(spec.magnitude[0], spec.magnitude[1]),
    });
  }
  return current;
}

/**
 * How far into its effect a fault is, 0…1: it builds up over the first half, holds, and fades
 * over the last 30 % (an overheating motor climbs for minutes, then cools back).
 */
export function faultLevel(faults: ActiveFault[], type: FaultType, t: number): number {
  const fault = faults.find((f) => f.type === type && t >= f.start && t < f.end);
  if (!fault) return 0;
  const x = (t - fault.start) / (fault.end - fault.start);
  if (type === 'vibration' || type === 'silence') return 1;
  if (x < 0.55) return x / 0.55;
  if (x < 0.7) return 1;
  return (1 - x) / 0.3;
}

export function activeFault(faults: ActiveFault[], type: FaultType, t: number): ActiveFault | undefined {
  return faults.find((f) => f.type === type && t >= f.start && t < f.end);
}
