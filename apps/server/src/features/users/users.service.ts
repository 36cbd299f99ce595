import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { searchMatches } from '@sentinela/db/sql-helpers';
import { loginChallenges, recoveryCodes, sessions, smsCodes, users, type UserRow } from '@sentinela/db/schema/accounts';
import type { listUsersInput, setDisabledInput, setRoleInput, userIdInput } from '@sentinela/shared/auth';
import type { Role } from '@sentinela/shared/auth-rules';
import type { z } from 'zod';
import { actedBy, auditedOrRefused, type RequestOrigin } from '../../platform/audit';
import { AppError } from '../../platform/errors';

type Actor = { id: string; email: string };

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  twoFactorEnabled: users.twoFactorEnabled,
  twoFactorMethod: users.twoFactorMethod,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
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
 * Administrators who may still sign in: the portal keeps at least one. Their rows are locked, so
 * two admins demoting, disabling or removing each other at once cannot both pass the check.
 */
export async function enabledAdminCount(tx: Database): Promise<number> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
  return admins.length;
}

/** Ends every session and pending sign-in challenge of an account (the caller rechecks live streams). */
async function endSessionsOf(tx: Database, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/**
 * An administrator's change to another account: the target row is locked, `change` checks and
 * writes, and the success entry (old and new value) is written in the same transaction. A refused
 * or failed change writes a failure entry instead, with nothing half-written.
 */
async function changeUser<T>(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  action: string,
  userId: string,
  failureDetails: Record<string, unknown>,
  change: (tx: Database, target: UserRow) => Promise<{ result: T; details: Record<string, unknown> }>,
): Promise<T> {
  const done = await auditedOrRefused(
    db,
    origin,
    async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!target) throw new AppError('NOT_FOUND', 'users.notFound');
      return { email: target.email, ...(await change(tx, target)) };
    },
    ({ email, details }) => ({ action, result: 'success', ...actedBy(actor), target: email, details }),
    () => ({ action, result: 'failure', ...actedBy(actor), target: userId, details: failureDetails }),
  );
  return done.result;
}

/**
 * Changes a role. Nobody changes their own (another administrator does it, so the portal always
 * keeps one), and the last enabled admin cannot be demoted.
 */
export function setUserRole(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof setRoleInput>,
): Promise<{ id: string; role: Role }> {
  return changeUser(db, actor, origin, 'users.setRole', input.userId, { role: input.role }, async (tx, target) => {
    if (target.id === actor.id) throw new AppError('BAD_REQUEST', 'users.ownRole');
    if (target.role === 'admin' && input.role !== 'admin' && !target.disabledAt && (await enabledAdminCount(tx)) <= 1) {
      throw new AppError('BAD_REQUEST', 'users.lastAdmin');
    }
    await tx.update(users).set({ role: input.role, updatedAt: new Date() }).where(eq(users.id, input.userId));
    return { result: { id: target.id, role: input.role }, details: { from: target.role, to: input.role } };
  });
}

/**
 * Disables or enables an account. Disabling ends its sessions and pending sign-ins at once; nobody
 * disables themselves, and the last enabled administrator stays enabled.
 */
export function setUserDisabled(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof setDisabledInput>,
  now: Date,
): Promise<{ id: string; disabledAt: Date | null }> {
  const action = input.disabled ? 'users.disable' : 'users.enable';
  return changeUser(db, actor, origin, action, input.userId, {}, async (tx, target) => {
    if (target.id === actor.id) throw new AppError('BAD_REQUEST', 'users.ownDisable');
    const was = target.disabledAt ? 'disabled' : 'enabled';
    if (input.disabled && target.role === 'admin' && !target.disabledAt && (await enabledAdminCount(tx)) <= 1) {
      throw new AppError('BAD_REQUEST', 'users.lastAdminDisable');
    }
    // Disabling a disabled account keeps its first date; enabling an enabled one changes nothing.
    const disabledAt = input.disabled ? (target.disabledAt ?? now) : null;
    await tx.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, target.id));
    if (input.disabled) await endSessionsOf(tx, target.id);
    return {
      result: { id: target.id, disabledAt },
      details: { from: was, to: input.disabled ? 'disabled' : 'enabled' },
    };
  });
}

/**
 * Resets an account's second factor: 2FA off, its secrets, phone codes and recovery codes gone,
 * every session ended. At the next sign-in the person sets 2FA up again (the gate sends them to
 * /setup-2fa). Not one's own (the Security dialog is for that).
 */
export function resetUserTwoFactor(
  db: Database,
  actor: Actor,
  origin: RequestOrigin,
  input: z.output<typeof userIdInput>,
  now: Date,
): Promise<{ success: true }> {
  return changeUser(db, actor, origin, 'users.resetTwoFactor', input.userId, {}, async (tx, target) => {
    if (target.id === actor.id) throw new AppError('BAD_REQUEST', 'users.ownTwoFactor');
    await tx
      .update(users)
      .set({
        twoFactorEnabled: false,
        twoFactorMethod: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
        updatedAt: now,
      })
      .where(eq(users.id, target.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
    await tx.delete(smsCodes).where(eq(smsCodes.userId, target.id));
    await endSessionsOf(tx, target.id);
    return {
      result: { success: true as const },
      details: {
        from: target.twoFactorEnabled ? (target.twoFactorMethod ?? 'on') : 'off',
        to: 'off',
      },
    };
  });
}
