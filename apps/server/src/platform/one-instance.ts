import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, SessionLock } from '@sentinela/db/client';

/** How often an instance in standby tries to take the work over, and the holder checks its lock. */
export const ONE_INSTANCE_POLL_MS = 10_000;

/** Something that runs until stopped (the virtual plant). */
export interface Stoppable {
  stop(): Promise<void>;
}

export interface OnOneInstance<T extends Stoppable> {
  /** What runs in this process now; null while another instance holds it. */
  current(): T | null;
  /** Stops it here (if it runs here) and lets another instance take it over. */
  stop(): Promise<void>;
}

export interface OnOneInstanceOptions<T extends Stoppable> {
  database: Pick<DatabaseHandle, 'sessionLock'>;
  /** The advisory lock's key (hashed), e.g. `sentinela.virtual-plant`. */
  lock: string;
  /** What the log lines name. */
  what: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  start: () => Promise<T>;
  pollMs?: number;
}

/**
 * Runs `start()` on one instance of those sharing a PostgreSQL database: the one holding a
 * session-level advisory lock on a connection of its own. PostgreSQL frees the lock when that
 * connection ends (the process died, was killed, or lost the network), and the others try to
 * take it every `pollMs`: another instance takes over within one poll. The holder checks its
 * lock as often and stops when it lost it. PGlite (one process owns the data folder): runs here.
 * The first attempt is awaited, and its failure thrown; later ones are logged.
 */
export async function runOnOneInstance<T extends Stoppable>(
  options: OnOneInstanceOptions<T>,
): Promise<OnOneInstance<T>> {
  const { database, log, what } = options;
  if (!database.sessionLock) {
    const only = await options.start();
    return { current: () => only, stop: () => only.stop() };
  }
  const sessionLock = database.sessionLock.bind(database);
  let lock: SessionLock | null = null;
  let current: T | null = null;
  let stopped = false;
  let standingBy = false;

  async function attempt(): Promise<void> {
    const taken = await sessionLock(options.lock, { wait: false });
    if (!taken) {
      if (!standingBy) log.info({ lock: options.lock }, `${what}: another instance runs it; standing by`);
      standingBy = true;
      return;
    }
    try {
      current = await options.start();
    } catch (error) {
      await taken.release();
      throw error;
    }
    lock = taken;
    standingBy = false;
    log.info({ lock: options.lock }, `${what}: running on this instance`);
  }

  async function letGo(): Promise<void> {
    const running = current;
    const held = lock;
    current = null;
    lock = null;
    try {
      await running?.stop();
    } finally {
      await held?.release();
    }
  }

  async function tick(): Promise<void> {
    if (lock) {
      if (await lock.held()) return;
      log.warn({ lock: options.lock }, `${what}: lost its lock (database connection); stopping here`);
      await letGo();
    }
    if (!stopped) await attempt();
  }

  await attempt();
  let busy: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    busy = busy.then(tick).catch((error: unknown) => log.error({ err: error }, `${what}: could not start here`));
  }, options.pollMs ?? ONE_INSTANCE_POLL_MS);
  timer.unref();
  return {
    current: () => current,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
      await letGo();
    },
  };
}
