import type { sessions, UserRow } from '@sentinela/db/schema/accounts';

/** How long a session read from the database answers this process's requests (ADR 034). */
export const SESSION_CACHE_MS = 5000;
/** More live sessions than this in one second: the cache starts over (memory stays bounded). */
const MAX_ENTRIES = 10_000;

export interface SessionRecord {
  session: typeof sessions.$inferSelect;
  user: UserRow;
}

/**
 * Every API call named its session by cookie and read it (with its user) from the database: a
 * round trip that cost more than the rest of a small query. This keeps what was read for at most
 * SESSION_CACHE_MS. Expiry, idleness and a disabled account are still checked on every request
 * against the kept row and the clock (resolveSession), so they end a session at once. Everything
 * that can end a session or change its user in this process is a tRPC mutation (sign-out, other
 * sessions, password change or reset, role, disable, 2FA): each one clears the cache when it is
 * answered (trpc/init.ts), and a read that began before a clear() is never kept. Another
 * instance's (or a hand-made database) change is seen within SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, { at: number; record: SessionRecord }>();
  private readonly reading = new Map<string, { generation: number; done: Promise<SessionRecord | null> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_MS,
    /** A monotonic clock (tests' moved wall clock must not keep a row forever). */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /**
   * The session `id` names, from the cache while fresh, else by `read` (then kept). Concurrent
   * misses of one session share one read, unless a clear() came between them.
   */
  get(id: string, read: () => Promise<SessionRecord | null>): Promise<SessionRecord | null> {
    const kept = this.entries.get(id);
    if (kept && this.clock() - kept.at < this.ttlMs) return Promise.resolve(kept.record);
    const sharing = this.reading.get(id);
    if (sharing && sharing.generation === this.generation) return sharing.done;
    const generation = this.generation;
    const at = this.clock();
    const done = read().then((record) => {
      if (generation === this.generation) {
        if (record) {
          if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
          this.entries.set(id, { at, record });
        } else {
          this.entries.delete(id);
        }
      }
      return record;
    });
    const reading = { generation, done };
    this.reading.set(id, reading);
    const settle = () => {
      if (this.reading.get(id) === reading) this.reading.delete(id);
    };
    done.then(settle, settle);
    return done;
  }

  /** The session's last_seen_at was written: the kept row follows. */
  touched(id: string, lastSeenAt: Date): void {
    const kept = this.entries.get(id);
    if (kept) kept.record = { ...kept.record, session: { ...kept.record.session, lastSeenAt } };
  }

  /** Forgets one session (ended here). */
  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Forgets every session and detaches the reads under way: after any change to sessions or users. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.reading.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
