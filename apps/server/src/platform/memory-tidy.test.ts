import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { fullCollection, shouldTidy, startMemoryTidy, TIDY_DEFAULTS, type TidyState } from './memory-tidy';

const MB = 2 ** 20;
const quietLongAgo: TidyState = { utilization: 0.05, sinceLastMs: 600_000, slackBytes: 40 * MB };

describe('the memory tidy', () => {
  it.each<[string, Partial<TidyState>, boolean]>([
    ['quiet, long ago', {}, true],
    ['never tidied yet', { sinceLastMs: Number.POSITIVE_INFINITY }, true],
    ['busy', { utilization: 0.3 }, false],
    ['just under busy', { utilization: 0.249 }, true],
    ['too soon after the last', { sinceLastMs: TIDY_DEFAULTS.minGapMs - 1 }, false],
    ['just the gap', { sinceLastMs: TIDY_DEFAULTS.minGapMs }, true],
    ['too little to give back', { slackBytes: 15 * MB }, false],
    ['just enough to give back', { slackBytes: 16 * MB }, true],
  ])('%s: %s', (_name, change, expected) => {
    expect(shouldTidy({ ...quietLongAgo, ...change })).toBe(expected);
  });

  it('collects when quiet, then waits for the gap and for quiet again', () => {
    let clock = 0;
    let heap = { total: 120 * MB, used: 80 * MB };
    let busy = 0.05;
    let collections = 0;
    const logged: object[] = [];
    const tidy = startMemoryTidy({
      log: { debug: (details) => logged.push(details) },
      gc: () => {
        collections++;
        heap = { total: 60 * MB, used: 50 * MB };
      },
      heap: () => heap,
      utilization: () => busy,
      now: () => clock,
    });
    try {
      expect(tidy.look()).toBe(true);
      expect(logged).toEqual([{ heapMbBefore: 120, heapMbAfter: 60, ms: expect.any(Number) as number }]);
      heap = { total: 100 * MB, used: 70 * MB };
      clock += 60_000;
      expect(tidy.look()).toBe(false); // too soon
      clock += 2 * 60_000;
      busy = 0.5;
      expect(tidy.look()).toBe(false); // busy
      busy = 0.05;
      heap = { total: 100 * MB, used: 90 * MB };
      expect(tidy.look()).toBe(false); // little to give back
      heap = { total: 100 * MB, used: 70 * MB };
      expect(tidy.look()).toBe(true);
      expect(logged).toHaveLength(2);
      expect(collections).toBe(2);
    } finally {
      tidy.stop();
    }
  });

  it('does nothing where V8 gives no collection', () => {
    const tidy = startMemoryTidy({ log: { debug: () => undefined }, gc: null, utilization: () => 0 });
    expect(tidy.look()).toBe(false);
    tidy.stop();
  });

  it("takes V8's full collection, which frees garbage", () => {
    const gc = fullCollection();
    expect(gc).toBeTypeOf('function');
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, (_, i) => i));
    const withGarbage = getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(200);
    garbage = null;
    gc!();
    expect(getHeapStatistics().used_heap_size).toBeLessThan(withGarbage - 10 * MB);
    expect(garbage).toBeNull();
  });
});
