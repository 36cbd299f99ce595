import { describe, expect, it } from 'vitest';
import type { SeedDevice } from './demo-equipment';
import { statusHistory, type Incident } from './demo-incidents';

const HOUR = 3_600_000;
const device = (id: string, status: SeedDevice['status'], statusSince?: number) =>
  ({ id, status, profile: { statusSince } }) as unknown as SeedDevice;
const silence = (d: SeedDevice, start: number, end: number | null): Incident => ({
  kind: 'silence',
  device: d,
  start,
  end,
  peak: 0,
});

describe("the demo's status history", () => {
  it('writes each past silence as offline then online, and every status now from its since, in order', () => {
    const rack = device('rack', 'online');
    const gone = device('gone', 'offline', 10 * HOUR);
    const fixing = device('fixing', 'maintenance', 20 * HOUR);
    const rows = statusHistory(
      [rack, gone, fixing],
      [
        silence(rack, 5 * HOUR, 6 * HOUR),
        silence(gone, 2 * HOUR, 3 * HOUR),
        // The open silence of an offline device: its statusSince says when.
        silence(gone, 10 * HOUR + 60_000, null),
        // Not a silence: no status change.
        { kind: 'overheat', device: rack, start: 1, end: 2, peak: 90 },
      ],
    );
    const of = (id: string) =>
      rows.filter((r) => r.equipmentId === id).map((r) => [r.at.getTime() / HOUR, r.fromStatus, r.toStatus]);
    expect(of('rack')).toEqual([
      [5, 'online', 'offline'],
      [6, 'offline', 'online'],
    ]);
    expect(of('gone')).toEqual([
      [2, 'online', 'offline'],
      [3, 'offline', 'online'],
      [10, 'online', 'offline'],
    ]);
    expect(of('fixing')).toEqual([[20, 'online', 'maintenance']]);
  });
});
