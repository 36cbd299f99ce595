import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  fullCollection,
  lowMemoryCollection,
  rateAbove,
  shouldTidy,
  startMemoryTidy,
  TIDY_DEFAULTS,
  type TidyState,
} from './memory-tidy';

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

  it('collects when quiet, then waits for the gap and for quiet again', async () => {
    let clock = 0;
    let heap = { total: 120 * MB, used: 80 * MB };
    let busy = 0.05;
    let collections = 0;
    let others = 0;
    const order: string[] = [];
    const logged: object[] = [];
    const tidy = startMemoryTidy({
      log: { debug: (details) => logged.push(details) },
      gc: () => {
        collections++;
        order.push('gc');
        heap = { total: 60 * MB, used: 50 * MB };
      },
      alsoTidy: () => Promise.resolve(order.push('worker')).then(() => others++),
      release: () => order.push('release') > 0,
      heap: () => heap,
      utilization: () => busy,
      now: () => clock,
    });
    try {
      expect(await tidy.look()).toBe(true);
      expect(logged).toEqual([
        {
          heapMbBefore: 120,
          heapMbAfter: 60,
          ms: expect.any(Number) as number,
          released: true,
          releaseMs: expect.any(Number) as number,
        },
      ]);
      // Both heaps collected, then what they freed in C memory given back.
      expect(order).toEqual(['gc', 'worker', 'release']);
      heap = { total: 100 * MB, used: 70 * MB };
      clock += 60_000;
      expect(await tidy.look()).toBe(false); // too soon
      clock += 2 * 60_000;
      busy = 0.5;
      expect(await tidy.look()).toBe(false); // busy
      busy = 0.05;
      heap = { total: 100 * MB, used: 90 * MB };
      expect(await tidy.look()).toBe(false); // little to give back
      heap = { total: 100 * MB, used: 70 * MB };
      expect(await tidy.look()).toBe(true);
      expect(logged).toHaveLength(2);
      expect(collections).toBe(2);
      expect(others).toBe(2);
      // Every quiet look gives back what the C heaps freed; a busy one does nothing.
      expect(order).toEqual(['gc', 'worker', 'release', 'release', 'release', 'gc', 'worker', 'release']);
    } finally {
      tidy.stop();
    }
  });

  it('does nothing where V8 gives no collection', async () => {
    const tidy = startMemoryTidy({ log: { debug: () => undefined }, gc: null, utilization: () => 0 });
    expect(await tidy.look()).toBe(false);
    tidy.stop();
  });

  it('runs one collection at a time: a look while one runs does nothing', async () => {
    let finish = (): void => undefined;
    let collections = 0;
    const tidy = startMemoryTidy({
      log: { debug: () => undefined },
      gc: () => {
        collections++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      heap: () => ({ total: 120 * MB, used: 40 * MB }),
      utilization: () => 0,
      minGapMs: 0,
    });
    try {
      const first = tidy.look();
      expect(await tidy.look()).toBe(false);
      finish();
      expect(await first).toBe(true);
      expect(collections).toBe(1);
    } finally {
      tidy.stop();
    }
  });

  it('tells a counter growing faster than a rate from one growing slower, between two calls', () => {
    let total = 0;
    let clock = 0;
    const busy = rateAbove(
      () => total,
      2_000,
      () => clock,
    );
    clock += 30_000;
    total += 30 * 10_000; // 10,000 a second (a loaded plant)
    expect(busy()).toBe(true);
    clock += 30_000;
    total += 30 * 700; // the demo plant at rest
    expect(busy()).toBe(false);
    clock += 30_000;
    total += 30 * 2_000; // at the limit: not above it
    expect(busy()).toBe(false);
    expect(busy()).toBe(false); // nothing since, and no time: no division by zero
  });

  it('holds while a burst is under way, and looks again soon after it ends, without the gap', async () => {
    let clock = 0;
    let collections = 0;
    let burst = true;
    let releases = 0;
    const tidy = startMemoryTidy({
      log: { debug: () => undefined },
      gc: () => void collections++,
      release: () => releases++ >= 0,
      heap: () => ({ total: 120 * MB, used: 40 * MB }),
      utilization: () => 0,
      now: () => clock,
      holdWhile: () => burst,
      afterBurstMs: 10,
    });
    try {
      expect(await tidy.look()).toBe(false); // the burst holds it
      expect(releases).toBe(0); // and gives nothing back meanwhile: the burst would take it again
      burst = false;
      expect(await tidy.look()).toBe(true);
      clock += 1_000;
      expect(await tidy.look()).toBe(false); // too soon after the last
      tidy.afterBurst();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(collections).toBe(2); // the look after the burst, within the gap
    } finally {
      tidy.stop();
    }
    tidy.afterBurst();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(collections).toBe(2); // nothing once stopped
  });

  it.each([
    ["V8's full collection (gc)", (): (() => void | Promise<void>) | null => fullCollection()],
    ["the inspector's low-memory collection", (): (() => void | Promise<void>) | null => lowMemoryCollection()],
  ])('%s frees garbage', async (_name, take) => {
    const gc = take();
    expect(gc).toBeTypeOf('function');
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, (_, i) => i));
    const withGarbage = getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(200);
    garbage = null;
    await gc!();
    expect(getHeapStatistics().used_heap_size).toBeLessThan(withGarbage - 10 * MB);
    expect(garbage).toBeNull();
  });

  it("the inspector's collection gives the young generation back, which gc() does not", async () => {
    const youngSize = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;
    // Short-lived objects at a high rate, some surviving a while: V8 grows the young generation.
    let kept: object[] = [];
    for (let i = 0; i < 300; i++) {
      kept.push(Array.from({ length: 20_000 }, (_, x) => ({ x })));
      if (kept.length > 8) kept = kept.slice(1);
    }
    kept = [];
    const grown = youngSize();
    fullCollection()!();
    expect(youngSize()).toBe(grown);
    await lowMemoryCollection()!();
    expect(youngSize()).toBeLessThan(grown / 2);
    expect(kept).toEqual([]);
  });
});
