import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchBuffer } from './batch-buffer';

const reading = (ts: number) => ({ equipmentId: 'm1', ts, metrics: { a: 1, b: 2 } });

describe('batch buffer', () => {
  afterEach(() => vi.useRealTimers());

  it('flushes at once when full, and takes everything out', () => {
    const flush = vi.fn();
    const buffer = new BatchBuffer(flush, 4, 250);
    buffer.add(reading(1), 2);
    buffer.schedule(false);
    expect(flush).not.toHaveBeenCalled();
    const ack = () => undefined;
    buffer.holdAck(ack);
    buffer.add(reading(2), 2);
    buffer.schedule(false);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(buffer.points).toBe(4);
    expect(buffer.heldAcks).toBe(1);
    expect(buffer.take()).toEqual({ readings: [reading(1), reading(2)], points: 4, acks: [ack] });
    expect(buffer.points).toBe(0);
    expect(buffer.take()).toEqual({ readings: [], points: 0, acks: [] });
  });

  it('flushes after maxDelayMs, once, and not after a take', () => {
    vi.useFakeTimers();
    const flush = vi.fn();
    const buffer = new BatchBuffer(flush, 100, 250);
    buffer.add(reading(1), 2);
    buffer.schedule(false);
    buffer.schedule(false);
    vi.advanceTimersByTime(249);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    buffer.take();
    buffer.add(reading(2), 2);
    buffer.schedule(false);
    buffer.take();
    vi.advanceTimersByTime(1000);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('flushes in the next turn of the event loop when soon', async () => {
    const flush = vi.fn();
    const buffer = new BatchBuffer(flush, 100, 60_000);
    buffer.add(reading(1), 2);
    buffer.schedule(true);
    buffer.schedule(true);
    expect(flush).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(flush).toHaveBeenCalledTimes(1);
    buffer.take();
  });
});
