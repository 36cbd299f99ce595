import { describe, expect, it } from 'vitest';
import { tallyStatusTabs } from './status-tabs';

describe('tallyStatusTabs', () => {
  it('counts every status (0 when absent), the total and the flagged rows', () => {
    const rows = [
      { status: 'open' as const, late: false, n: 3 },
      { status: 'open' as const, late: true, n: 2 },
      { status: 'done' as const, late: false, n: 4 },
    ];
    expect(tallyStatusTabs(rows, ['open', 'done', 'cancelled'] as const, 'late')).toEqual({
      total: 9,
      open: 5,
      done: 4,
      cancelled: 0,
      late: 2,
    });
  });
});
