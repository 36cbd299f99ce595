import { describe, expect, it } from 'vitest';
import { LiveBus } from '../../telemetry/live-bus';
import { SummaryCache } from './summary-cache';

describe('SummaryCache (ADR 034)', () => {
  it('computes once for concurrent callers and keeps the result for its time to live', async () => {
    let at = 0;
    const cache = new SummaryCache<number>(1000, () => at);
    let runs = 0;
    const compute = async () => {
      await Promise.resolve();
      return ++runs;
    };
    expect(await Promise.all([cache.get(compute), cache.get(compute), cache.get(compute)])).toEqual([1, 1, 1]);
    at = 999;
    expect(await cache.get(compute)).toBe(1);
    at = 1000;
    expect(await cache.get(compute)).toBe(2);
  });

  it('drops the kept result on a status or alert event, not on telemetry', async () => {
    const bus = new LiveBus();
    const cache = new SummaryCache<number>(1000, () => 0);
    const stop = cache.followBus(bus);
    let runs = 0;
    const compute = () => Promise.resolve(++runs);
    await cache.get(compute);
    bus.publish({ type: 'telemetry', equipmentId: 'e', ts: Date.now(), metrics: { v: 1 } });
    expect(await cache.get(compute)).toBe(1);
    bus.publish({ type: 'status', equipmentId: 'e', status: 'offline' });
    expect(await cache.get(compute)).toBe(2);
    stop();
    expect(bus.size).toBe(0);
  });

  it('neither keeps nor shares a computation that began before an invalidate(), nor a failure', async () => {
    const cache = new SummaryCache<string>(1000, () => 0);
    let release!: () => void;
    const before = cache.get(() => new Promise((resolve) => (release = () => resolve('before'))));
    cache.invalidate();
    const after = cache.get(() => Promise.resolve('after'));
    release();
    expect([await before, await after]).toEqual(['before', 'after']);
    expect(await cache.get(() => Promise.resolve('later'))).toBe('after');

    const failing = new SummaryCache<string>(1000, () => 0);
    await expect(failing.get(() => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await failing.get(() => Promise.resolve('back'))).toBe('back');
  });
});
