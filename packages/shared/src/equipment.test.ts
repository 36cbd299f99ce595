import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { placeFigures, placesSummaryFigures } from './equipment';

const counts = { total: 2, online: 1, offline: 1, maintenance: 0, error: 0 };
const alerts = { total: 1, critical: 1, warning: 0, info: 0 };

describe('place figures', () => {
  it('carry equipment by status, power and open alerts', () => {
    const place = z.object(placeFigures);
    const value = { equipment: counts, power: { kw: 1.5, source: 'meter', asOf: new Date(0) }, openAlerts: alerts };
    expect(place.parse(value)).toEqual(value);
    expect(place.safeParse({ ...value, power: { kw: 1, source: 'guess', asOf: null } }).success).toBe(false);
  });
  it('sum into a summary whose power may be missing', () => {
    const summary = z.object(placesSummaryFigures);
    expect(summary.parse({ equipment: counts, powerKw: null, openAlerts: alerts }).powerKw).toBeNull();
    expect(summary.safeParse({ equipment: counts, openAlerts: alerts }).success).toBe(false);
  });
});
