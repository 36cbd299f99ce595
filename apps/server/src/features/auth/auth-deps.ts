import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import type { RequestOrigin } from '../../platform/audit';
import type { SmsProvider } from '../../platform/sms-provider';

/** Anti-automation limits (issue 17 item 8); the environment may raise them (tests, benchmarks). */
export interface AuthLimits {
  /** Registrations from one address per 10 minutes (REGISTRATIONS_PER_ADDRESS). */
  registrationsPerAddress: number;
  /** SMS setup codes per account, and to one number, per 24 hours (SMS_SETUPS_PER_DAY). */
  smsSetupsPerDay: number;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { registrationsPerAddress: 5, smsSetupsPerDay: 5 };

/** What the auth services need; built once at start, passed in (tests pass their own). */
export interface AuthDeps {
  db: Database;
  limits: AuthLimits;
  /** Keys derived from SESSION_SECRET: TOTP secrets at rest, SMS and recovery code hashes. */
  keys: { totp: Buffer; codes: Buffer };
  sms: SmsProvider;
  now: () => Date;
}

/** The caller of one request: where from, and in which language to write to them. */
export interface Caller extends RequestOrigin {
  lang: Language;
}
