import { afterEach, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { createTestDatabase, testDatabaseKinds } from '@sentinela/db/test/test-database';
import { until } from '../../test/private-mosquitto';
import { runOnOneInstance, type OnOneInstance, type Stoppable } from './one-instance';

const log = { info: () => {}, warn: () => {}, error: () => {} };

/** Something that counts how often it was started and stopped. */
function counter() {
  const counts = { started: 0, stopped: 0 };
  return {
    counts,
    start: (): Promise<Stoppable> => {
      counts.started++;
      return Promise.resolve({
        stop: () => {
          counts.stopped++;
          return Promise.resolve();
        },
      });
    },
  };
}

describe('runOnOneInstance', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it.runIf(testDatabaseKinds().includes('pglite'))('runs here on PGlite (one owner of its data)', async () => {
    const database = await createTestDatabase('pglite');
    cleanup.push(() => database.close());
    const work = counter();
    const runner = await runOnOneInstance({ database, lock: 'test.one', what: 'test', log, start: work.start });
    expect(runner.current()).not.toBeNull();
    await runner.stop();
    expect(work.counts).toEqual({ started: 1, stopped: 1 });
  });

  it.runIf(testDatabaseKinds().includes('postgres'))(
    'runs on one of two; the other takes over when the holder stops or loses its connection',
    async () => {
      const database = await createTestDatabase('postgres');
      cleanup.push(() => database.close());
      const lock = `test.one.${Math.random()}`;
      const first = counter();
      const second = counter();
      const one: OnOneInstance<Stoppable> = await runOnOneInstance({
        database,
        lock,
        what: 'test',
        log,
        start: first.start,
        pollMs: 200,
      });
      const two = await runOnOneInstance({ database, lock, what: 'test', log, start: second.start, pollMs: 200 });
      cleanup.push(() => two.stop());
      cleanup.push(() => one.stop());
      expect(one.current()).not.toBeNull();
      expect(two.current()).toBeNull();

      // The holder's lock connection dies (as when its process is killed): it stops, two takes over.
      const admin = postgres(database.url!, { max: 1, onnotice: () => {} });
      cleanup.push(() => admin.end());
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${`sentinela lock ${lock}`.slice(0, 63)}`;
      await until(() => first.counts.stopped === 1, 'the holder to stop', 5000);
      // Either takes it (the one that lost its connection may take it again at once), never both.
      await until(() => (one.current() ?? two.current()) !== null, 'a new holder', 5000);
      expect([one.current(), two.current()].filter((held) => held !== null)).toHaveLength(1);
      expect(first.counts.started + second.counts.started).toBe(2);

      // The holder stops (a graceful shutdown): the other takes over within a poll.
      const [holder, other] = one.current() ? [one, two] : [two, one];
      await holder.stop();
      await until(() => other.current() !== null, 'the takeover', 5000);
      expect(first.counts.started + second.counts.started).toBe(3);
      expect(first.counts.stopped + second.counts.stopped).toBe(2);
    },
  );
});
