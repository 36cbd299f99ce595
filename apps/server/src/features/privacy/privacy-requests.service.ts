import { alias } from 'drizzle-orm/pg-core';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { users } from '@sentinela/db/schema/accounts';
import { privacyRequests } from '@sentinela/db/schema/privacy';
import type {
  decidePrivacyRequestOutput,
  listPrivacyRequestsInput,
  listPrivacyRequestsOutput,
  privacyRequestIdInput,
} from '@sentinela/shared/privacy';
import type { z } from 'zod';
import { actedBy, auditedOrRefused, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { enabledAdminCount } from '../users/users.service';
import { anonymiseUser } from './anonymise-user';

type Actor = { id: string; email: string };
type Decision = z.input<typeof decidePrivacyRequestOutput>;

const decider = alias(users, 'decider');

/** The admins' list on /privacy, newest first, filtered by status. */
export async function listPrivacyRequests(
  db: Database,
  input: z.output<typeof listPrivacyRequestsInput>,
): Promise<z.input<typeof listPrivacyRequestsOutput>> {
  const where = input.status ? eq(privacyRequests.status, input.status) : undefined;
  const [items, [totals]] = await Promise.all([
    db
      .select({
        id: privacyRequests.id,
        status: privacyRequests.status,
        reason: privacyRequests.reason,
        createdAt: privacyRequests.createdAt,
        decidedAt: privacyRequests.decidedAt,
        userId: privacyRequests.userId,
        userName: users.name,
        userEmail: users.email,
        decidedByName: decider.name,
      })
      .from(privacyRequests)
      .innerJoin(users, eq(users.id, privacyRequests.userId))
      .leftJoin(decider, eq(decider.id, privacyRequests.decidedBy))
      .where(where)
      .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(privacyRequests).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * An administrator's decision on a pending request, in one transaction with its audit entry: the
 * request row and the person's row are locked, `decideOn` checks and writes, and the request is
 * marked with the decision's status, at `now`, by `actor`. A refused decision
 * (already decided, last admin, one's own) writes a failure entry instead, with nothing half-written.
 */
async function decide(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  action: string,
  requestId: string,
  now: Date,
  decideOn: (tx: Database, person: typeof users.$inferSelect) => Promise<Decision>,
): Promise<Decision> {
  const { decision } = await auditedOrRefused(
    db,
    origin,
    async (tx) => {
      const [request] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, requestId)).for('update');
      if (!request) throw new AppError('NOT_FOUND', 'privacy.requestNotFound');
      if (request.status !== 'pending') throw new AppError('CONFLICT', 'privacy.requestDecided');
      const [person] = await tx.select().from(users).where(eq(users.id, request.userId)).for('update');
      if (!person) throw new AppError('NOT_FOUND', 'privacy.requestNotFound');
      const decision = await decideOn(tx, person);
      await tx
        .update(privacyRequests)
        .set({ status: decision.status, decidedAt: now, decidedBy: actor.id })
        .where(eq(privacyRequests.id, requestId));
      return { personId: person.id, decision };
    },
    ({ personId, decision }) => ({
      action,
      result: 'success',
      ...actedBy(actor),
      target: personId,
      details: { requestId, ...(decision.anonymisedAs ? { anonymisedAs: decision.anonymisedAs } : {}) },
    }),
    (error) => ({
      action,
      result: 'failure',
      ...actedBy(actor),
      target: requestId,
      details: { reason: error instanceof AppError ? error.key : 'error' },
    }),
  );
  return decision;
}

/**
 * Carries out a deletion request: the person is anonymised (anonymiseUser) and can no longer sign
 * in. Not one's own request, and never the last enabled administrator.
 */
export function carryOutPrivacyRequest(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof privacyRequestIdInput>,
  now: Date,
): Promise<Decision> {
  return decide(db, actor, origin, 'privacy.carryOut', input.requestId, now, async (tx, person) => {
    if (person.id === actor.id) throw new AppError('BAD_REQUEST', 'privacy.ownRequest');
    if (person.role === 'admin' && !person.disabledAt && (await enabledAdminCount(tx)) <= 1) {
      throw new AppError('BAD_REQUEST', 'privacy.lastAdmin');
    }
    const label = await anonymiseUser(tx, person, now);
    return { id: input.requestId, status: 'done', anonymisedAs: label };
  });
}

/** Refuses a deletion request (the account stays as it is); the person may ask again. */
export function refusePrivacyRequest(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof privacyRequestIdInput>,
  now: Date,
): Promise<Decision> {
  return decide(db, actor, origin, 'privacy.refuse', input.requestId, now, () =>
    Promise.resolve({ id: input.requestId, status: 'refused', anonymisedAs: null }),
  );
}
