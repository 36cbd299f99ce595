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
});
