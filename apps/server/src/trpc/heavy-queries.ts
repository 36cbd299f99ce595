import { AppError } from '../platform/errors';

/** Heavy queries one user may run at once; more wait their turn. */
export const HEAVY_PER_USER = 2;
/** Heavy queries the whole server runs at once: the rest of the portal never waits behind more. */
export const HEAVY_GLOBAL = 4;
/** Heavy queries one user may have waiting; beyond that they are refused at once. */
export const HEAVY_WAITING_PER_USER = 6;
/** How long a heavy query may wait for its turn before it is refused. */
export const HEAVY_WAIT_MS = 15_000;

interface Waiter {
  userId: string;
  start: () => void;
}

/**
 * A fair gate in front of the expensive reads (long telemetry series, energy, CSV exports, the
 * events timeline): each user runs at most 2 at once and the server at most 4, in arrival order;
 * a user with 6 already waiting, or a query that waited 15 s, gets TOO_MANY_REQUESTS with a clear
 * message. So one viewer batching dozens of 400-day series cannot stall everyone else's pages or
 * system.health (issue 17, item 6): they wait behind at most 4 heavy queries, not behind 60.
 */
export class HeavyQueryGate {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly limits = {
      perUser: HEAVY_PER_USER,
      global: HEAVY_GLOBAL,
      waitingPerUser: HEAVY_WAITING_PER_USER,
      waitMs: HEAVY_WAIT_MS,
    },
  ) {}

  /** Heavy queries running now and waiting (System Health could show them). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(userId: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    await this.enter(userId, signal);
    try {
      return await work();
    } finally {
      this.leave(userId);
    }
  }

  private canStart(userId: string): boolean {
    return this.running < this.limits.global && (this.runningBy.get(userId) ?? 0) < this.limits.perUser;
  }

  private begin(userId: string): void {
    this.running += 1;
    this.runningBy.set(userId, (this.runningBy.get(userId) ?? 0) + 1);
  }

  private enter(userId: string, signal: AbortSignal | undefined): Promise<void> {
    if (this.canStart(userId) && !this.waiting.some((w) => w.userId === userId)) {
      this.begin(userId);
      return Promise.resolve();
    }
    if (this.waiting.filter((w) => w.userId === userId).length >= this.limits.waitingPerUser) {
      return Promise.reject(new AppError('TOO_MANY_REQUESTS', 'error.tooManyHeavyQueries'));
    }
    return new Promise<void>((resolve, reject) => {
      const giveUp = (error: AppError) => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => giveUp(new AppError('TOO_MANY_REQUESTS', 'error.tooManyHeavyQueries'));
      const timer = setTimeout(
        () => giveUp(new AppError('TOO_MANY_REQUESTS', 'error.tooManyHeavyQueries')),
        this.limits.waitMs,
      );
      const waiter: Waiter = {
        userId,
        start: () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private leave(userId: string): void {
    this.running -= 1;
    const mine = (this.runningBy.get(userId) ?? 1) - 1;
    if (mine === 0) this.runningBy.delete(userId);
    else this.runningBy.set(userId, mine);
    // Start, in arrival order, every waiter that may run now (another user's may pass one who is at their own limit).
    for (let i = 0; i < this.waiting.length && this.running < this.limits.global;) {
      const waiter = this.waiting[i]!;
      if (this.canStart(waiter.userId)) {
        this.waiting.splice(i, 1);
        this.begin(waiter.userId);
        waiter.start();
      } else {
        i += 1;
      }
    }
  }
}
