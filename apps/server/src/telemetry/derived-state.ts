import type { Reading } from './telemetry-writer';

export interface LatestValue {
  ts: number;
  value: number;
}
export interface DeviceDerived {
  /** Newest point time of the device (its last contact). */
  seen: number;
  latest: Map<string, LatestValue>;
}

/**
 * What committed batches imply for the derived data (latest value per metric, each device's last
 * contact), coalesced in memory until {@link writeDerived} writes it: a device sending every
 * 100 ms costs one latest-value write per metric per flush, not one per message. Never goes
 * backwards: a value replaces another only if its time is the same or newer.
 */
export class DerivedState {
  private devices = new Map<string, DeviceDerived>();

  get size(): number {
    return this.devices.size;
  }

  add(readings: Iterable<Reading>): void {
    for (const r of readings) {
      let device = this.devices.get(r.equipmentId);
      if (!device) {
        device = { seen: r.ts, latest: new Map() };
        this.devices.set(r.equipmentId, device);
      } else if (r.ts > device.seen) device.seen = r.ts;
      for (const metric in r.metrics) {
        const known = device.latest.get(metric);
        if (!known) device.latest.set(metric, { ts: r.ts, value: r.metrics[metric]! });
        else if (known.ts <= r.ts) {
          known.ts = r.ts;
          known.value = r.metrics[metric]!;
        }
      }
    }
  }

  /** Takes everything out (for a write); give it back with restore() if the write fails. */
  take(): Map<string, DeviceDerived> {
    const taken = this.devices;
    this.devices = new Map();
    return taken;
  }

  /** Puts back what a failed write took, under anything newer that came since. */
  restore(taken: Map<string, DeviceDerived>): void {
    for (const [id, old] of taken) {
      const device = this.devices.get(id);
      if (!device) {
        this.devices.set(id, old);
        continue;
      }
      if (old.seen > device.seen) device.seen = old.seen;
      for (const [metric, value] of old.latest) {
        const known = device.latest.get(metric);
        if (!known || known.ts < value.ts) device.latest.set(metric, value);
      }
    }
  }
}

/** Derived data cut into parts of whole devices holding about `values` latest values each. */
export function splitDerived(devices: Map<string, DeviceDerived>, values: number): Map<string, DeviceDerived>[] {
  const parts: Map<string, DeviceDerived>[] = [];
  let part = new Map<string, DeviceDerived>();
  let count = 0;
  for (const [id, device] of devices) {
    if (count > 0 && count + device.latest.size > values) {
      parts.push(part);
      part = new Map();
      count = 0;
    }
    part.set(id, device);
    count += device.latest.size;
  }
  if (part.size > 0) parts.push(part);
  return parts;
}
