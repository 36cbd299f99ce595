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
});
