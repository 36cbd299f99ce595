import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users, type UserRow } from '@sentinela/db/schema/accounts';
import type { Database } from '@sentinela/db/client';
import { actedBy, auditedChange, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { AuthDeps, Caller } from './auth-deps';
import { decryptSecret, encryptSecret } from './crypto';
import { replaceRecoveryCodes } from './recovery-codes.service';
import { checkSmsCode, sendSmsCode } from './sms-codes.service';
import { matchTotp, newTotpSecret, totpQrCode } from './totp';

const ISSUER = 'Sentinela';

function assertNotEnabled(user: UserRow): void {
  if (user.twoFactorEnabled) throw new AppError('BAD_REQUEST', 'auth.twoFactorAlreadyEnabled');
}

/**
 * The secret to scan. Idempotent: the same pending secret on every call until a code verifies
 * it, so a reload of the setup page does not invalidate what the phone already scanned.
 */
export async function setupTotp(deps: AuthDeps, user: UserRow) {
  assertNotEnabled(user);
  let secret: string;
  if (user.totpPendingSecret) {
    secret = decryptSecret(deps.keys.totp, user.totpPendingSecret);
  } else {
    secret = newTotpSecret();
    const sealed = encryptSecret(deps.keys.totp, secret);
    // Two tabs asking at once must end with one secret: only set it where none is pending.
    const [stored] = await deps.db
      .update(users)
      .set({ totpPendingSecret: sealed })
      .where(and(eq(users.id, user.id), isNull(users.totpPendingSecret)))
      .returning({ sealed: users.totpPendingSecret });
    if (!stored) {
      const [row] = await deps.db.select({ sealed: users.totpPendingSecret }).from(users).where(eq(users.id, user.id));
      secret = decryptSecret(deps.keys.totp, row?.sealed ?? sealed);
    }
  }
  return { secret, qrCodeUrl: await totpQrCode(secret, user.email, ISSUER) };
}

/**
 * A TOTP code of the user's active secret (or `pending` during setup), accepted once: the time
 * step it matched must be newer than the last one accepted.
 */
export async function checkTotp(deps: AuthDeps, user: UserRow, code: string, pending = false): Promise<boolean> {
  const sealed = pending ? user.totpPendingSecret : user.totpSecret;
  if (!sealed) return false;
  const step = await matchTotp(decryptSecret(deps.keys.totp, sealed), code, deps.now());
  if (step === null) return false;
  const claimed = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

async function enableTwoFactor(deps: AuthDeps, caller: Caller, user: UserRow, method: 'totp' | 'sms') {
  const now = deps.now();
  const change = async (tx: Database) => {
    await tx
      .update(users)
      .set(
        method === 'totp'
          ? {
              twoFactorEnabled: true,
              twoFactorMethod: 'totp',
              totpSecret: user.totpPendingSecret,
              totpPendingSecret: null,
              updatedAt: now,
            }
          : { twoFactorEnabled: true, twoFactorMethod: 'sms', totpPendingSecret: null, updatedAt: now },
      )
      .where(eq(users.id, user.id));
    return replaceRecoveryCodes(tx, deps.keys.codes, user.id, now);
  };
  const recoveryCodes = await auditedChange(deps.db, caller, change, () => ({
    action: 'auth.2fa.enable',
    result: 'success',
    ...actedBy(user),
    details: { method },
  }));
  return { recoveryCodes };
}

export async function verifyTotpSetup(deps: AuthDeps, caller: Caller, user: UserRow, code: string) {
  assertNotEnabled(user);
  if (!(await checkTotp(deps, user, code, true))) {
    await recordAudit(deps.db, caller, {
      action: 'auth.2fa.verify',
      result: 'failure',
      ...actedBy(user),
      details: { method: 'totp' },
    });
    throw new AppError('BAD_REQUEST', 'auth.invalidCode');
  }
  return enableTwoFactor(deps, caller, user, 'totp');
}

export async function savePhoneNumber(deps: AuthDeps, caller: Caller, user: UserRow, phoneNumber: string) {
  assertNotEnabled(user);
  await auditedChange(
    deps.db,
    caller,
    (tx) => tx.update(users).set({ phoneNumber, updatedAt: deps.now() }).where(eq(users.id, user.id)),
    () => ({ action: 'auth.2fa.phone', result: 'success', ...actedBy(user) }),
  );
  return { phoneNumber };
}

export async function sendSetupSms(deps: AuthDeps, caller: Caller, user: UserRow) {
  assertNotEnabled(user);
  if (!user.phoneNumber) throw new AppError('BAD_REQUEST', 'auth.phoneRequired');
  const sent = await sendSmsCode(deps, caller, user.id, user.phoneNumber, 'setup');
  await recordAudit(deps.db, caller, {
    action: 'auth.2fa.sms.send',
    result: 'success',
    ...actedBy(user),
  });
  return sent;
}

export async function verifySmsSetup(deps: AuthDeps, caller: Caller, user: UserRow, code: string) {
  assertNotEnabled(user);
  try {
    await checkSmsCode(deps, user.id, 'setup', code);
  } catch (error) {
    await recordAudit(deps.db, caller, {
      action: 'auth.2fa.verify',
      result: 'failure',
      ...actedBy(user),
      details: { method: 'sms' },
    });
    throw error;
  }
  return enableTwoFactor(deps, caller, user, 'sms');
}
