import { TRPCError } from '@trpc/server';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { sessions, users } from '@sentinela/db/schema/accounts';
import { NOT_LOGGED_IN_MESSAGE } from '@sentinela/shared/messages';
import { SESSION_IDLE_MS, type ResolvedSession } from '../features/auth/sessions.service';

/** How often the open streams' sessions are checked while any stream is open. */
export const STREAM_CHECK_MS = 2000;

interface OpenStream {
  sessionId: string;
  role: string;
  controller: AbortController;
  revoked: boolean;
}

export interface WatchedStream {
  /** Aborts when the request ends or the session does. */
  signal: AbortSignal;
  /** Throws UNAUTHORIZED when the stream ended because its session did (the client then signs out). */
  throwIfRevoked(): void;
  release(): void;
}

/**
 * Live streams (server-sent events) end with their session (issue 17, ASVS 7.4.1/7.4.3): a stream
 * checked its session once, when it opened, and would otherwise deliver for as long as the
 * browser keeps it open. While any stream is open, one query every 2 s looks at the sessions of
 * all of them and ends each stream whose session is gone (sign-out, "sign out other sessions",
 * an admin's action), expired or idle, whose account was disabled or lost 2FA, or whose role
 * changed (the client reconnects with its new rights). The paths that end sessions in this
 * process also call recheck() so their streams end at once; other instances' changes are seen
 * on the next tick.
 */
export class SessionStreams {
  private readonly open = new Set<OpenStream>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    private readonly intervalMs = STREAM_CHECK_MS,
  ) {}

  get size(): number {
    return this.open.size;
  }

  watch(session: ResolvedSession, requestSignal: AbortSignal | undefined): WatchedStream {
    const controller = new AbortController();
    const stream: OpenStream = { sessionId: session.id, role: session.user.role, controller, revoked: false };
    const onRequestEnd = () => controller.abort();
    requestSignal?.addEventListener('abort', onRequestEnd, { once: true });
    if (requestSignal?.aborted) controller.abort();
    this.open.add(stream);
    this.timer ??= setInterval(() => void this.recheck(), this.intervalMs).unref();
    return {
      signal: controller.signal,
      throwIfRevoked: () => {
        if (stream.revoked) throw new TRPCError({ code: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE });
      },
      release: () => {
        requestSignal?.removeEventListener('abort', onRequestEnd);
        this.open.delete(stream);
        if (this.open.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = null;
        }
      },
    };
  }

  /** Waits for a change that can end sessions or rights (sign-out, role, disable...), then recheck(); answers the change's result. */
  async after<T>(change: Promise<T>): Promise<T> {
    const result = await change;
    await this.recheck();
    return result;
  }

  /** Ends the streams whose session no longer holds. One check at a time; a call during one waits for it. */
  recheck(): Promise<void> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async check(): Promise<void> {
    if (this.open.size === 0) return;
    const ids = [...new Set([...this.open].map((s) => s.sessionId))];
    let rows: {
      id: string;
      expiresAt: Date;
      lastSeenAt: Date;
      role: string;
      disabledAt: Date | null;
      twoFactorEnabled: boolean;
    }[];
    try {
      rows = await this.db
        .select({
          id: sessions.id,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          role: users.role,
          disabledAt: users.disabledAt,
          twoFactorEnabled: users.twoFactorEnabled,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(inArray(sessions.id, ids));
    } catch {
      return; // the database is away: the next tick tries again (a stream never outlives it by much)
    }
    const now = this.now().getTime();
    const alive = new Map(
      rows
        .filter(
          (r) =>
            r.expiresAt.getTime() > now &&
            now - r.lastSeenAt.getTime() <= SESSION_IDLE_MS &&
            r.disabledAt === null &&
            r.twoFactorEnabled,
        )
        .map((r) => [r.id, r.role]),
    );
    for (const stream of this.open) {
      if (alive.get(stream.sessionId) === stream.role) continue;
      stream.revoked = true;
      stream.controller.abort();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stream of this.open) stream.controller.abort();
  }
}
