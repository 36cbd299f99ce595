import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentId } from './columns';

/** People who sign in. E-mail is stored lower-cased; the unique index enforces one account each. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'operator', 'viewer'] })
      .notNull()
      .default('viewer'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorMethod: text('two_factor_method', { enum: ['totp', 'sms'] }),
    /** AES-256-GCM under a key derived from SESSION_SECRET; never the plain secret. */
    totpSecret: text('totp_secret'),
    /** Offered by auth.setup2FA until verified (the same one on every call: idempotent). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is accepted once (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    phoneNumber: text('phone_number'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A colleague of the demo site (never signs in): not counted when the first account becomes admin. */
    demo: boolean('demo').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The first step of a sign-in that still needs the second factor (short-lived cookie). */
export const loginChallenges = pgTable('login_challenges', {
  id: text('id').primaryKey(),
  userId: parentId('user_id', () => users.id),
  method: text('method', { enum: ['totp', 'sms'] }).notNull(),
  /** Codes tried (each taken before its check); five void the challenge. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** SMS codes (hashed) for setup, for sign-in and for a password change. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: parentId('user_id', () => users.id),
    purpose: text('purpose', { enum: ['setup', 'login', 'password'] }).notNull(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_user_idx').on(t.userId, t.purpose)],
);

/** What the default `outbox` SMS provider "sends": a local operator reads it here and in the log. */
export const smsOutbox = pgTable('sms_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toPhone: text('to_phone').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** One-time recovery codes (hashed); a used one keeps its row with used_at. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: parentId('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sign-in attempt counters (per address, per account and address, per account; SMS sends), one
 * row each. An attempt is reserved here atomically before a password or code is checked, so
 * parallel requests cannot pass a limit. Keys hold no secret (e-mail, address, user id).
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** When the current window (or streak) began. */
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** The latest attempt reserved. */
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;

/**
 * Forgotten-password links (issue 16): one row per link sent, only the token's SHA-256 stored.
 * A link works once (used_at) and for 30 minutes (expires_at).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: parentId('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/**
 * Invitations (issue 16): an admin invites an e-mail with a role; the one-time link
 * `/register?invite=<token>` (48 h) registers that e-mail with that role. Only the token's SHA-256 is stored.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'operator', 'viewer'] }).notNull(),
    invitedBy: parentId('invited_by', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('invitations_email_idx').on(t.email)],
);
