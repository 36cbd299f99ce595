import { z } from 'zod';
import { pageInput, pageOf } from './page';
import { privacyRequestStatuses } from './privacy-values';

export { privacyRequestStatuses, removedUserLabel, type PrivacyRequestStatus } from './privacy-values';

/**
 * How long the site keeps what it records, in days (PRODUCT §2, issue 16): raw telemetry, the
 * 1-minute rollups and the audit log. Hourly rollups are kept for ever. The retention job deletes
 * what is older, in batches (ADR 031).
 */
export const retentionPeriodsSchema = z.object({
  rawDays: z.number().int().min(1).max(365),
  minuteDays: z.number().int().min(1).max(3650),
  auditDays: z.number().int().min(30).max(3650),
});
export type RetentionPeriods = z.infer<typeof retentionPeriodsSchema>;
export const defaultRetentionPeriods: RetentionPeriods = { rawDays: 7, minuteDays: 90, auditDays: 365 };

/** A person's request for their account's deletion: an optional reason, at most 500 characters. */
export const requestDeletionInput = z.object({
  reason: z
    .string()
    .trim()
    .max(500, 'validation.privacyReasonTooLong')
    .optional()
    .transform((value) => (value ? value : null)),
});

const requestSchema = z.object({
  id: z.string(),
  status: z.enum(privacyRequestStatuses),
  reason: z.string().nullable(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
});

/** What the Segurança dialog shows: the retention periods and one's latest deletion request. */
export const myPrivacyOutput = z.object({
  retention: retentionPeriodsSchema,
  request: requestSchema.nullable(),
});

export const requestDeletionOutput = requestSchema;

const auditEntrySchema = z.object({
  at: z.date(),
  action: z.string(),
  target: z.string().nullable(),
  result: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.unknown().nullable(),
});

/** A person's own data, as the JSON file "Exportar meus dados" downloads. */
export const myDataExportOutput = z.object({
  exportedAt: z.date(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.string(),
    phoneNumber: z.string().nullable(),
    twoFactorEnabled: z.boolean(),
    twoFactorMethod: z.string().nullable(),
    createdAt: z.date(),
    lastLoginAt: z.date().nullable(),
  }),
  sessions: z.array(
    z.object({
      createdAt: z.date(),
      lastSeenAt: z.date(),
      expiresAt: z.date(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  notificationPreferences: z.unknown().nullable(),
  /** Entries about the person (their account: role, disabling, invitations…). */
  auditAboutMe: z.array(auditEntrySchema),
  /** Entries of what the person did (sign-ins, commands, changes). */
  auditByMe: z.array(auditEntrySchema),
  privacyRequests: z.array(requestSchema),
  /** Each audit list holds the newest entries up to this many; true when there were more. */
  limit: z.number().int(),
  truncated: z.boolean(),
});

/** The admins' list on /privacy. */
export const listPrivacyRequestsInput = z
  .object({
    status: z.enum(privacyRequestStatuses).optional(),
    ...pageInput(25, 100),
  })
  .default({ page: 1, pageSize: 25 });

export const privacyRequestItemSchema = requestSchema.extend({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  decidedByName: z.string().nullable(),
});
export const listPrivacyRequestsOutput = pageOf(privacyRequestItemSchema);

export const privacyRequestIdInput = z.object({ requestId: z.uuid('validation.privacyRequestId') });

export const decidePrivacyRequestOutput = z.object({
  id: z.string(),
  status: z.enum(privacyRequestStatuses),
  /** The name the person now has in audit and history ("Usuário removido #1a2b3c4d"); null when refused. */
  anonymisedAs: z.string().nullable(),
});
