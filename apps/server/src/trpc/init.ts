import { initTRPC, TRPCError } from '@trpc/server';
import { hasRole, type Role } from '@sentinela/shared/auth-rules';
import { NOT_LOGGED_IN_MESSAGE } from '@sentinela/shared/messages';
import { recordAudit } from '../platform/audit';
import { AppError } from '../platform/errors';
import type { Context } from './context';
import { formatError } from './error-formatter';
import { wireTransformer } from './wire-transformer';
import { findUnstorableText, unstorableTextError } from './text-guard';

/** The least a caller must be to call a procedure: set once by each base builder below, inherited by every procedure. */
export type Tier = 'public' | 'signedIn' | 'authenticated' | 'operator' | 'admin';
/** What a procedure declares about itself (read by the role-matrix test from the router). */
export interface ProcedureMeta {
  tier: Tier;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson on the wire (ADR 002), its serialize through a faster walk for plain values.
    transformer: wireTransformer,
    // Stack traces stay in the server log, never in a response.
    isDev: false,
    errorFormatter: ({ shape, error, ctx, path }) => formatError(shape, error, ctx?.lang ?? 'pt', path),
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * Tier 1: anyone. Every input is first checked for text the database cannot store (a NUL
 * character), whatever its schema: a clear field error, never a 500. A mutation (or a call of
 * the 2FA setup stage) then clears the server's caches.
 */
export const publicProcedure = t.procedure
  .meta({ tier: 'public' })
  .use(async ({ ctx, type, meta, getRawInput, next }) => {
    const path = findUnstorableText(await getRawInput());
    if (path) throw unstorableTextError(path);
    // Only mutations change data, and the 2FA setup stage (its setup2FA query keeps the pending
    // secret on the user).
    if (type !== 'mutation' && meta?.tier !== 'signedIn') return next();
    // A change made here (a session ended, a role, the plant) holds from the next call on, not a
    // second later: the kept sessions and dashboard summary are dropped (ADR 034).
    try {
      return await next();
    } finally {
      ctx.caches.sessions.clear();
      ctx.caches.summary.invalidate();
    }
  });

/** Tier 2: a live session, 2FA maybe still to set up (the auth.* procedures of that stage). */
export const signedInProcedure = publicProcedure.meta({ tier: 'signedIn' }).use(({ ctx, next }) => {
  if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: NOT_LOGGED_IN_MESSAGE });
  return next({ ctx: { ...ctx, session: ctx.session, user: ctx.session.user } });
});

/** Tier 3: signed in with 2FA enabled — every page's data. */
export const authenticatedProcedure = signedInProcedure.meta({ tier: 'authenticated' }).use(({ ctx, next }) => {
  if (!ctx.user.twoFactorEnabled) throw new AppError('FORBIDDEN', 'auth.twoFactorSetupRequired');
  return next();
});

/**
 * Tier 3, for the expensive reads (long series, energy, CSV exports, the events timeline): each
 * user runs at most 2 at once and the server 4 (trpc/heavy-queries.ts), so one user's burst
 * cannot stall the portal for everyone.
 */
export const heavyProcedure = authenticatedProcedure.use(({ ctx, next, signal }) =>
  ctx.heavy.run(ctx.user.id, signal, () => next()),
);

function requireRole(role: Role & Tier) {
  return authenticatedProcedure.meta({ tier: role }).use(async ({ ctx, next, path }) => {
    if (!hasRole(ctx.user, role)) {
      await recordAudit(ctx.db, ctx.caller, {
        action: path,
        result: 'denied',
        userId: ctx.user.id,
        actorEmail: ctx.user.email,
        details: { needs: role },
      });
      throw new AppError('FORBIDDEN', 'auth.forbidden');
    }
    return next();
  });
}

/** Tier 4: control actions. */
export const operatorProcedure = requireRole('operator');
/** Tier 5: users, settings, privacy administration. */
export const adminProcedure = requireRole('admin');
