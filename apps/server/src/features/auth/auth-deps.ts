import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import type { RequestOrigin } from '../../platform/audit';
import type { SmsProvider } from '../../platform/sms-provider';

/** What the auth services need; built once at start, passed in (tests pass their own). */
export interface AuthDeps {
  db: Database;
  /** Keys derived from SESSION_SECRET: TOTP secrets at rest, SMS and recovery code hashes. */
  keys: { totp: Buffer; codes: Buffer };
  sms: SmsProvider;
  now: () => Date;
}

/** The caller of one request: where from, and in which language to write to them. */
export interface Caller extends RequestOrigin {
  lang: Language;
}
