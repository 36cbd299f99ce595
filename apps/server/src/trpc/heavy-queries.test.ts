import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors';
import { HeavyQueryGate } from './heavy-queries';

const limits = { perUser: 2, global: 4, waitingPerUser: 6, waitMs: 10_000 };

/** A query that runs until released, recording how many run at once. */
function harness(gate: HeavyQueryGate) {
  let running = 0;
  let peak = 0;
  const peakBy = new Map<string, number>();
  const runningBy = new Map<string, number>();
  const releases: (() => void)[] = [];
  const started: string[] = [];
  function call(user: string, signal?: AbortSignal) {
    return gate.run(user, signal, async () => {
      running += 1;
      runningBy.set(user, (runningBy.get(user) ?? 0) + 1);
      peak = Math.max(peak, running);
      peakBy.set(user, Math.max(peakBy.get(user) ?? 0, runningBy.get(user)!));
      started.push(user);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
      runningBy.set(user, runningBy.get(user)! - 1);
      return user;
    });
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return {
    call,
    tick,
    started,
    peak: () => peak,
    peakBy,
    async releaseAll() {
      while (releases.length) {
        releases.splice(0).forEach((release) => release());
        await tick();
      }
    },
  };
}

describe('HeavyQueryGate', () => {
  it('never runs more than 2 per user and 4 in all, however many arrive at once', async () => {
    const gate = new HeavyQueryGate(limits);
    const h = harness(gate);
    const calls = ['a', 'b', 'c'].flatMap((user) => Array.from({ length: 6 }, () => h.call(user)));
    await h.tick();
    expect(gate.load).toEqual({ running: 4, waiting: 14 });
    await h.releaseAll();
    expect(await Promise.all(calls)).toHaveLength(18);
    expect(h.peak()).toBe(4);
    expect(Math.max(...h.peakBy.values())).toBe(2);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a user's query beyond 2 running and 6 waiting at once, clearly; others still get in", async () => {
    const gate = new HeavyQueryGate(limits);
    const h = harness(gate);
    const mine = Array.from({ length: 9 }, () => h.call('a').catch((error: unknown) => error));
    const another = h.call('b');
    await h.tick();
    // b is not stuck behind a's queue: the server has room and b runs nothing yet.
    expect(h.started.filter((u) => u === 'b')).toHaveLength(1);
    const ninth = await Promise.race([mine[8], new Promise((r) => setTimeout(() => r('still waiting'), 50))]);
    expect(ninth).toBeInstanceOf(AppError);
    expect((ninth as AppError).code).toBe('TOO_MANY_REQUESTS');
    expect((ninth as AppError).key).toBe('error.tooManyHeavyQueries');
    await h.releaseAll();
    expect((await Promise.all(mine)).filter((o) => o === 'a')).toHaveLength(8);
    expect(await another).toBe('b');
  });

  it('gives up on a query that waited too long or whose request ended, and frees its place', async () => {
    const gate = new HeavyQueryGate({ ...limits, waitMs: 30 });
    const h = harness(gate);
    const running = [h.call('a'), h.call('a')];
    const late = h.call('a').catch((error: unknown) => error);
    expect(await late).toBeInstanceOf(AppError);
    const controller = new AbortController();
    const abandoned = h.call('a', controller.signal).catch((error: unknown) => error);
    controller.abort();
    expect(await abandoned).toBeInstanceOf(AppError);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    await h.releaseAll();
    await Promise.all(running);
    expect(h.started).toEqual(['a', 'a']);
  });
});
