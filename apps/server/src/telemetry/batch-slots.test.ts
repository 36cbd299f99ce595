import { describe, expect, it } from 'vitest';
import { BatchSlots } from './batch-slots';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batch slots', () => {
  it('lets `concurrent` batches in at once and hands a released slot to the next in line', async () => {
    const slots = new BatchSlots(1, 2);
    expect(slots.acquire()).toBeUndefined();
    expect(slots.inFlight).toBe(1);
    const order: string[] = [];
    void slots.acquire()!.then(() => order.push('second'));
    void slots.acquire()!.then(() => order.push('third'));
    slots.release();
    await turn();
    expect(order).toEqual(['second']);
    expect(slots.inFlight).toBe(1);
    slots.release();
    await turn();
    expect(order).toEqual(['second', 'third']);
    slots.release();
    expect(slots.inFlight).toBe(0);
  });

  it('says whether the next batch would get a slot at once', () => {
    const slots = new BatchSlots(2, 2);
    expect(slots.free).toBe(true);
    void slots.acquire();
    expect(slots.free).toBe(true);
    void slots.acquire();
    expect(slots.free).toBe(false);
    void slots.acquire(); // waits
    slots.release(); // handed to the waiting one
    expect(slots.free).toBe(false);
    slots.release();
    expect(slots.free).toBe(true);
  });

  it('parks deliveries while too many batches wait, and resumes them as batches go in', async () => {
    const slots = new BatchSlots(1, 2);
    void slots.acquire();
    const resumed: number[] = [];
    slots.resumeWhenFree(() => resumed.push(1));
    await turn();
    expect(resumed).toEqual([1]);
    void slots.acquire();
    void slots.acquire();
    slots.resumeWhenFree(() => resumed.push(2));
    await turn();
    expect(resumed).toEqual([1]);
    slots.release();
    await turn();
    expect(resumed).toEqual([1, 2]);
  });

  it('keeps one parked callback per connection: an earlier one is let go when the same connection parks again', async () => {
    const slots = new BatchSlots(1, 2);
    void slots.acquire();
    void slots.acquire();
    void slots.acquire(); // two batches wait: deliveries park
    const a = {};
    const b = {};
    const resumed: string[] = [];
    for (let i = 1; i <= 50; i++) slots.resumeWhenFree(() => resumed.push(`a${i}`), a);
    slots.resumeWhenFree(() => resumed.push('b1'), b);
    slots.resumeWhenFree(() => resumed.push('b2'), b);
    await turn();
    // a1..a49 and b1 went on (their packets let go); a50 and b2 hold their connections unread.
    expect(resumed).toEqual([...Array.from({ length: 49 }, (_, i) => `a${i + 1}`), 'b1']);
    expect(slots.parkedCount).toBe(2);
    slots.release();
    await turn();
    expect(resumed.slice(50)).toEqual(['a50', 'b2']); // in the order the connections first parked
    expect(slots.parkedCount).toBe(0);
  });

  it('parks callbacks without a connection one by one, as before', async () => {
    const slots = new BatchSlots(1, 1);
    void slots.acquire();
    void slots.acquire();
    const resumed: number[] = [];
    slots.resumeWhenFree(() => resumed.push(1));
    slots.resumeWhenFree(() => resumed.push(2));
    await turn();
    expect(resumed).toEqual([]);
    expect(slots.parkedCount).toBe(2);
    slots.release();
    await turn();
    expect(resumed).toEqual([1, 2]);
  });
});
