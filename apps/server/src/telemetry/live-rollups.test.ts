import { describe, expect, it } from 'vitest';
import { LiveRollups } from './live-rollups';
import { hourSpans } from './rollups';

const at = (iso: string) => Date.parse(iso);
// A start at 11:58:30 with a point of 11:58:10 already stored: the start's minute is not whole.
const start = { startedAt: at('2026-03-02T11:58:30Z'), newestStored: at('2026-03-02T11:58:10Z') };

describe('rollups counted in memory', () => {
  it('holds whole the minutes after the newest stored point and the hours after the start; the rest to raw', () => {
    const rollups = new LiveRollups({ source: 'memory', ...start });
    rollups.added([
      { equipmentId: 'm1', ts: at('2026-03-02T11:58:40Z'), metrics: { kw: 1 } }, // the start's minute
      { equipmentId: 'm1', ts: at('2026-03-02T11:59:10Z'), metrics: { kw: 2, rpm: 10 } },
      { equipmentId: 'm1', ts: at('2026-03-02T11:59:20Z'), metrics: { kw: 4 } },
      { equipmentId: 'm1', ts: at('2026-03-02T12:00:05Z'), metrics: { kw: 8 } },
    ]);
    const taken = rollups.take(at('2026-03-02T12:00:30Z'));
    expect(taken.minutes).toEqual([
      { equipmentId: 'm1', metric: 'kw', bucket: at('2026-03-02T11:59:00Z'), count: 2, sum: 6, min: 2, max: 4 },
      { equipmentId: 'm1', metric: 'rpm', bucket: at('2026-03-02T11:59:00Z'), count: 1, sum: 10, min: 10, max: 10 },
      { equipmentId: 'm1', metric: 'kw', bucket: at('2026-03-02T12:00:00Z'), count: 1, sum: 8, min: 8, max: 8 },
    ]);
    // 12:00 is the first hour that began after the start; 11:00 comes from its minutes.
    expect(taken.hours).toEqual([
      { equipmentId: 'm1', metric: 'kw', bucket: at('2026-03-02T12:00:00Z'), count: 1, sum: 8, min: 8, max: 8 },
    ]);
    expect(taken.raw).toEqual([new Date('2026-03-02T11:58:00Z'), new Date('2026-03-02T11:59:00Z')]);
    expect(taken.hoursFromMinutes).toEqual([new Date('2026-03-02T11:00:00Z'), new Date('2026-03-02T11:01:00Z')]);
  });

  it('holds the start’s own minute whole when no stored point lies in it; its hour from the minutes', () => {
    const point = { equipmentId: 'm1', ts: at('2026-03-02T11:58:40Z'), metrics: { kw: 3 } };
    for (const newestStored of [null, at('2026-03-02T11:57:59Z')]) {
      const rollups = new LiveRollups({ source: 'memory', startedAt: start.startedAt, newestStored });
      rollups.added([point]);
      const taken = rollups.take(at('2026-03-02T11:59:00Z'));
      expect(taken.minutes).toEqual([
        { equipmentId: 'm1', metric: 'kw', bucket: at('2026-03-02T11:58:00Z'), count: 1, sum: 3, min: 3, max: 3 },
      ]);
      expect(taken.raw).toBeNull();
      expect(taken.hours).toEqual([]);
      expect(taken.hoursFromMinutes).toEqual([new Date('2026-03-02T11:00:00Z'), new Date('2026-03-02T11:01:00Z')]);
    }
  });

  it('a stored point ahead of the start (a device clock ahead) keeps its minute and the ones before it out', () => {
    const rollups = new LiveRollups({
      source: 'memory',
      startedAt: start.startedAt,
      newestStored: at('2026-03-02T12:01:30Z'),
    });
    rollups.added([
      { equipmentId: 'm1', ts: at('2026-03-02T12:01:40Z'), metrics: { kw: 1 } },
      { equipmentId: 'm1', ts: at('2026-03-02T12:02:05Z'), metrics: { kw: 2 } },
    ]);
    const taken = rollups.take(at('2026-03-02T12:02:10Z'));
    expect(taken.minutes).toMatchObject([{ bucket: at('2026-03-02T12:02:00Z'), sum: 2 }]);
    expect(taken.raw).toEqual([new Date('2026-03-02T12:01:00Z'), new Date('2026-03-02T12:02:00Z')]);
    // The stored point's hour is not whole in memory either.
    expect(taken.hours).toEqual([]);
    expect(taken.hoursFromMinutes).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
  });

  it('writes a row again only when it changed, always whole', () => {
    const rollups = new LiveRollups({ source: 'memory', ...start });
    const point = (ts: string, kw: number) => ({ equipmentId: 'm1', ts: at(ts), metrics: { kw } });
    rollups.added([point('2026-03-02T12:00:05Z', 3)]);
    rollups.take(at('2026-03-02T12:00:10Z'));
    expect(rollups.take(at('2026-03-02T12:00:20Z')).minutes).toEqual([]);
    rollups.added([point('2026-03-02T12:00:25Z', 5)]);
    const again = rollups.take(at('2026-03-02T12:00:30Z'));
    expect(again.minutes).toMatchObject([{ count: 2, sum: 8, min: 3, max: 5 }]);
    expect(again.hours).toMatchObject([{ count: 2, sum: 8, min: 3, max: 5 }]);
  });

  it('sends a replaced point’s minute to raw and its hour to its minutes from then on', () => {
    const rollups = new LiveRollups({ source: 'memory', ...start });
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:01:05Z'), metrics: { kw: 3 } }]);
    rollups.replaced([{ equipmentId: 'm1', ts: at('2026-03-02T12:01:05Z'), metrics: { kw: 7 } }]);
    rollups.added([
      { equipmentId: 'm1', ts: at('2026-03-02T12:01:30Z'), metrics: { kw: 1 } }, // the tainted minute
      { equipmentId: 'm1', ts: at('2026-03-02T12:02:10Z'), metrics: { kw: 2 } },
    ]);
    const taken = rollups.take(at('2026-03-02T12:02:30Z'));
    expect(taken.minutes).toMatchObject([{ bucket: at('2026-03-02T12:02:00Z'), count: 1, sum: 2 }]);
    expect(taken.hours).toEqual([]);
    expect(taken.raw).toEqual([new Date('2026-03-02T12:01:00Z'), new Date('2026-03-02T12:02:00Z')]);
    expect(taken.hoursFromMinutes).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
  });

  it('lets go of minutes three minutes after they end and of the hour before the last; late points go to raw', () => {
    const rollups = new LiveRollups({ source: 'memory', ...start });
    rollups.added([
      { equipmentId: 'm1', ts: at('2026-03-02T12:00:05Z'), metrics: { kw: 1 } },
      { equipmentId: 'm1', ts: at('2026-03-02T12:05:05Z'), metrics: { kw: 1 } },
    ]);
    expect(rollups.aggregates).toBe(3); // two minutes, one hour
    rollups.take(at('2026-03-02T12:05:10Z'));
    expect(rollups.aggregates).toBe(2); // 12:00 let go (it ended more than 3 minutes before)
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:00:50Z'), metrics: { kw: 1 } }]);
    const late = rollups.take(at('2026-03-02T12:05:20Z'));
    expect(late.minutes).toEqual([]);
    expect(late.raw).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
    // Its hour is no longer whole in memory: from the minutes, this run and later ones.
    expect(late.hours).toEqual([]);
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:05:30Z'), metrics: { kw: 1 } }]);
    const next = rollups.take(at('2026-03-02T12:05:40Z'));
    expect(next.hours).toEqual([]);
    expect(next.hoursFromMinutes).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
    rollups.take(at('2026-03-02T14:00:00Z'));
    expect(rollups.aggregates).toBe(0);
  });

  it('gives up past its size: what it held and every later point go to raw', () => {
    let overflowed = 0;
    const rollups = new LiveRollups({ source: 'memory', ...start, maxAggregates: 3, onOverflow: () => overflowed++ });
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:00:05Z'), metrics: { a: 1, b: 2 } }]);
    expect(overflowed).toBe(1);
    expect(rollups.aggregates).toBe(0);
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:03:05Z'), metrics: { a: 1 } }]);
    const taken = rollups.take(at('2026-03-02T12:03:10Z'));
    expect(taken.minutes).toEqual([]);
    expect(taken.raw).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:04:00Z')]);
    expect(taken.hoursFromMinutes).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
  });

  it('with source raw, every point goes to raw, as before', () => {
    const rollups = new LiveRollups({ source: 'raw', ...start });
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:00:05Z'), metrics: { kw: 1 } }]);
    expect(rollups.aggregates).toBe(0);
    expect(rollups.take(at('2026-03-02T12:00:10Z'))).toEqual({
      minutes: [],
      hours: [],
      raw: [new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')],
      hoursFromMinutes: null,
    });
  });

  it('a failed run is recomputed at the next one', () => {
    const rollups = new LiveRollups({ source: 'memory', ...start });
    rollups.added([{ equipmentId: 'm1', ts: at('2026-03-02T12:00:05Z'), metrics: { kw: 1 } }]);
    rollups.retry(rollups.take(at('2026-03-02T12:00:10Z')));
    const again = rollups.take(at('2026-03-02T12:00:20Z'));
    expect(again.raw).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
    expect(again.hoursFromMinutes).toEqual([new Date('2026-03-02T12:00:00Z'), new Date('2026-03-02T12:01:00Z')]);
  });
});

describe('hours recomputed from their minutes', () => {
  const span = (from: string, to: string): [Date, Date] => [new Date(from), new Date(to)];

  it('recomputes the raw span’s hours and memory’s once when they meet', () => {
    // The start's partial minute (11:58) and memory's hour before the current one (11:00): one statement.
    expect(
      hourSpans(
        span('2026-03-02T11:58:00Z', '2026-03-02T11:59:00Z'),
        span('2026-03-02T11:00:00Z', '2026-03-02T11:01:00Z'),
      ),
    ).toEqual([span('2026-03-02T11:00:00Z', '2026-03-02T11:59:00Z')]);
    // Adjacent hours are one span too.
    expect(
      hourSpans(
        span('2026-03-02T12:10:00Z', '2026-03-02T12:11:00Z'),
        span('2026-03-02T11:00:00Z', '2026-03-02T11:01:00Z'),
      ),
    ).toEqual([span('2026-03-02T11:00:00Z', '2026-03-02T12:11:00Z')]);
  });

  it('keeps far spans apart, so a late point days back does not bring every hour between', () => {
    const late = span('2026-02-27T08:00:00Z', '2026-02-27T08:01:00Z');
    const recent = span('2026-03-02T11:00:00Z', '2026-03-02T11:01:00Z');
    expect(hourSpans(late, recent)).toEqual([late, recent]);
    expect(hourSpans(recent, late)).toEqual([late, recent]);
  });

  it('recomputes what there is when one side has nothing', () => {
    const one = span('2026-03-02T11:00:00Z', '2026-03-02T11:01:00Z');
    expect(hourSpans(one, null)).toEqual([one]);
    expect(hourSpans(null, one)).toEqual([one]);
    expect(hourSpans(null, null)).toEqual([]);
  });
});
