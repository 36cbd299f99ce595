import { describe, expect, it } from 'vitest';
import { listAlertsInput, listAlertsOutput } from './alerts';

describe('alert list contract', () => {
  it('pages with 25 by default, up to 200', () => {
    expect(listAlertsInput.parse(undefined)).toEqual({ page: 1, pageSize: 25 });
    expect(listAlertsInput.parse({ pageSize: 200 }).pageSize).toBe(200);
    expect(listAlertsInput.safeParse({ pageSize: 201 }).success).toBe(false);
  });

  it('answers a page envelope with the open counts', () => {
    const out = { items: [], total: 0, page: 1, pageSize: 25, counts: { total: 0, critical: 0, warning: 0, info: 0 } };
    expect(listAlertsOutput.parse(out)).toEqual(out);
    expect(listAlertsOutput.safeParse({ ...out, counts: undefined }).success).toBe(false);
  });
});
