import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { searchMatches } from '@sentinela/db/sql-helpers';
import { users } from '@sentinela/db/schema/accounts';
import type { listUsersInput, setRoleInput } from '@sentinela/shared/auth';
import type { Role } from '@sentinela/shared/auth-rules';
import type { z } from 'zod';
import { actedBy, recordAudit, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  twoFactorEnabled: users.twoFactorEnabled,
  twoFactorMethod: users.twoFactorMethod,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export async function listUsers(db: Database, input: z.output<typeof listUsersInput>) {
  const where = input.search ? searchMatches(input.search, [users.name, users.email]) : undefined;
  const [items, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.email)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: totals?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * Changes a role. Nobody changes their own (another administrator does it, so the portal always
 * keeps one), and the last admin cannot be demoted.
 */
export async function setUserRole(
  db: Database,
  actor: { id: string; email: string },
  origin: RequestOrigin,
  input: z.output<typeof setRoleInput>,
): Promise<{ id: string; role: Role }> {
  const result = await db
    .transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
      if (!target) throw new AppError('NOT_FOUND', 'users.notFound');
      if (target.id === actor.id) throw new AppError('BAD_REQUEST', 'users.ownRole');
      if (target.role === 'admin' && input.role !== 'admin') {
        const [admins] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.role, 'admin')));
        if ((admins?.n ?? 0) <= 1) throw new AppError('BAD_REQUEST', 'users.lastAdmin');
      }
      await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, input.userId));
      // In the change's transaction: the role is kept only with its audit entry.
      await recordAudit(tx, origin, {
        action: 'users.setRole',
        result: 'success',
        ...actedBy(actor),
        target: target.email,
        details: { from: target.role, to: input.role },
      });
      return { id: target.id, role: input.role };
    })
    .catch(async (error: unknown) => {
      await recordAudit(db, origin, {
        action: 'users.setRole',
        result: 'failure',
        ...actedBy(actor),
        target: input.userId,
        details: { role: input.role },
      });
      throw error;
    });
  return result;
}
