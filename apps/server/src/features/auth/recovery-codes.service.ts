import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { recoveryCodes } from '@sentinela/db/schema/accounts';
import { hashCode } from './crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: read from paper without doubt. 31^10 ≈ 2^49 per code.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function normalize(code: string): string {
  return code.trim().toLowerCase().replace('-', '');
}

/** Ten fresh one-time codes; every earlier code of the user stops working. */
export async function replaceRecoveryCodes(db: Database, key: Buffer, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(key, userId, normalize(code)), createdAt: now })));
  });
  return codes;
}

/** Uses up a recovery code if it is one of the user's unused codes. */
export async function consumeRecoveryCode(
  db: Database,
  key: Buffer,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase())) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(key, userId, normalize(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
