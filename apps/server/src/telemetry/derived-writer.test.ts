import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDerived } from './derived-state';
import { DerivedWriter } from './derived-writer';

type Part = Map<string, DeviceDerived>;

function writer(write: (part: Part) => Promise<string[]>, valuesPerStatement?: number) {
  const events: string[] = [];
  const derived = new DerivedWriter({
    write,
    everyMs: 1000,
    valuesPerStatement,
    onBackOnline: (id) => events.push(`online ${id}`),
    onWritten: () => events.push('written'),
    onError: () => events.push('error'),
  });
  return { derived, events };
}

describe('derived writer', () => {
  afterEach(() => vi.useRealTimers());

  it('coalesces readings into one write of the newest values, after everyMs', async () => {
    vi.useFakeTimers();
    const parts: Part[] = [];
    const { derived, events } = writer((part) => {
      parts.push(part);
      return Promise.resolve(['m2']);
    });
    derived.add([{ equipmentId: 'm1', ts: 1000, metrics: { a: 1 } }], false);
    derived.add([{ equipmentId: 'm1', ts: 2000, metrics: { a: 2 } }], false);
    derived.add([{ equipmentId: 'm2', ts: 1500, metrics: { b: 3 } }], false);
    await vi.advanceTimersByTimeAsync(999);
    expect(parts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.get('m1')).toEqual({ seen: 2000, latest: new Map([['a', { ts: 2000, value: 2 }]]) });
    expect(events).toEqual(['online m2', 'written']);
    expect(derived.pending).toBe(0);
  });

  it('writes at once when asked soon, in parts of whole devices', async () => {
    const parts: Part[] = [];
    const { derived } = writer((part) => {
      parts.push(part);
      return Promise.resolve([]);
    }, 1);
    derived.add(
      [
        { equipmentId: 'm1', ts: 1000, metrics: { a: 1 } },
        { equipmentId: 'm2', ts: 1000, metrics: { a: 1 } },
      ],
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(parts.map((p) => [...p.keys()])).toEqual([['m1'], ['m2']]);
  });

  it('keeps what a failed write took, under anything newer, for the next write', async () => {
    let fail = true;
    const parts: Part[] = [];
    const { derived, events } = writer((part) => {
      if (fail) return Promise.reject(new Error('database away'));
      parts.push(part);
      return Promise.resolve([]);
    });
    derived.add([{ equipmentId: 'm1', ts: 1000, metrics: { a: 1, b: 1 } }], false);
    await derived.writeNow();
    expect(events).toEqual(['error']);
    expect(derived.pending).toBe(1);
    derived.add([{ equipmentId: 'm1', ts: 2000, metrics: { a: 2 } }], false);
    fail = false;
    await derived.writeNow();
    derived.cancel();
    expect(parts[0]!.get('m1')).toEqual({
      seen: 2000,
      latest: new Map([
        ['a', { ts: 2000, value: 2 }],
        ['b', { ts: 1000, value: 1 }],
      ]),
    });
    expect(events).toEqual(['error', 'written']);
  });

  it('waits longer after a long write, keeping the writes to a twentieth of the time, at most 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    let takes = 100;
    const started: number[] = [];
    const { derived } = writer(() => {
      started.push(performance.now());
      return new Promise((resolve) => setTimeout(() => resolve([]), takes));
    });
    const t0 = performance.now();
    derived.add([{ equipmentId: 'm1', ts: 1000, metrics: { a: 1 } }], false);
    await vi.advanceTimersByTimeAsync(1000 + 100);
    expect(started).toEqual([t0 + 1000]);
    expect(derived.intervalMs).toBe(1900); // 100 ms × (1 / 0.05 − 1)
    derived.add([{ equipmentId: 'm1', ts: 2000, metrics: { a: 2 } }], false);
    await vi.advanceTimersByTimeAsync(1899);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(2);
    takes = 1000;
    await vi.advanceTimersByTimeAsync(100);
    derived.add([{ equipmentId: 'm1', ts: 3000, metrics: { a: 3 } }], false);
    await vi.advanceTimersByTimeAsync(1900 + 1000);
    expect(derived.intervalMs).toBe(10_000);
    takes = 5;
    derived.add([{ equipmentId: 'm1', ts: 4000, metrics: { a: 4 } }], false);
    await vi.advanceTimersByTimeAsync(10_000 + 5);
    expect(started).toHaveLength(4);
    expect(derived.intervalMs).toBe(1000);
    // Asked soon (a device that may be offline), it writes at once whatever the last write took.
    takes = 1000;
    derived.add([{ equipmentId: 'm1', ts: 5000, metrics: { a: 5 } }], false);
    await vi.advanceTimersByTimeAsync(1000 + 1000);
    expect(derived.intervalMs).toBe(10_000);
    derived.add([{ equipmentId: 'm2', ts: 5000, metrics: { a: 5 } }], true);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(6);
    derived.cancel();
  });
});
