import { lt } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { loginChallenges, smsCodes } from '@sentinela/db/schema/accounts';
import { purgeStaleCounters } from './attempt-counters';
import { deleteExpiredSessions } from './sessions.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what can no longer be used: dead sessions, expired challenges, day-old SMS codes,
 * attempt counters whose windows are over.
 */
export async function purgeExpiredAuthData(db: Database, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
  await purgeStaleCounters(db, now);
}
