import { describe, expect, it } from 'vitest';
import { datacentersStrings } from './datacenters.strings';
import { projectSites } from './datacenter-diagram';
import { formatCoordinates, formatUptime } from './datacenter-site-card';

const sites = [
  { id: 'cps', latitude: -22.9064, longitude: -47.0616 },
  { id: 'rio', latitude: -22.9068, longitude: -43.1729 },
  { id: 'jlle', latitude: -26.3045, longitude: -48.8487 },
];

describe('the data-center diagram', () => {
  it('places the sites by their coordinates: east to the right, south lower, inside the picture', () => {
    const { positions, parallels, meridians } = projectSites(sites);
    const cps = positions.get('cps')!;
    const rio = positions.get('rio')!;
    const jlle = positions.get('jlle')!;
    expect(rio.x).toBeGreaterThan(cps.x);
    expect(Math.abs(rio.y - cps.y)).toBeLessThan(0.1);
    expect(jlle.y).toBeGreaterThan(cps.y);
    expect(jlle.x).toBeLessThan(cps.x);
    for (const p of positions.values()) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(520);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(300);
    }
    // A whole-degree grid around them.
    expect(parallels.map((p) => p.lat)).toContain(-23);
    expect(meridians.map((m) => m.lon)).toContain(-47);
  });

  it('copes with a single site', () => {
    const { positions } = projectSites([sites[0]!]);
    expect(positions.get('cps')).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(Number.isFinite(positions.get('cps')!.x)).toBe(true);
  });

  it('writes coordinates and uptime in the reader’s language', () => {
    const pt = (key: keyof (typeof datacentersStrings)['pt']) => datacentersStrings.pt[key];
    const en = (key: keyof (typeof datacentersStrings)['pt']) => datacentersStrings.en[key];
    expect(formatCoordinates(-22.9068, -43.1729, 'pt', pt)).toBe('22,9068° S, 43,1729° O');
    expect(formatCoordinates(-22.9068, -43.1729, 'en', en)).toBe('22.9068° S, 43.1729° W');
    expect(formatUptime(0.9996408, 'pt')).toBe('99,964\u00a0%');
    expect(formatUptime(1, 'en')).toBe('100\u00a0%');
    expect(formatUptime(null, 'en')).toBeNull();
  });
});
