import { z } from 'zod';
import {
  CODE_LENGTH,
  normalizeCode,
  PASSWORD_MAX_LENGTH,
  passwordRules,
  PHONE_PATTERN,
  roles,
  twoFactorMethods,
  type SessionUser,
} from './auth-rules';
import { pageInput, pageOf } from './page';

export const emailSchema = z.string().trim().toLowerCase().max(254).email('validation.email');

export const loginInput = z.object({
  email: emailSchema,
  password: z.string().min(1, 'validation.passwordRequired').max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
});

export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong')
  .refine((p) => passwordRules.every((rule) => rule.test(p)), 'validation.passwordWeak');

export const registerInput = z.object({
  name: z.string().trim().min(2, 'validation.nameTooShort').max(120, 'validation.nameTooLong'),
  email: emailSchema,
  password: passwordSchema,
  /** The token of an admin's invitation (`/register?invite=<token>`): the account gets its role. */
  invite: z.string().trim().min(1, 'auth.inviteInvalid').max(128, 'auth.inviteInvalid').optional(),
});

export const codeInput = z.object({
  code: z
    .string()
    .max(32)
    .transform(normalizeCode)
    .refine((c) => c.length === CODE_LENGTH, 'validation.codeLength'),
});

/** The second sign-in step takes a 6-digit code or a recovery code (xxxxx-xxxxx). */
export const loginCodeInput = z.object({
  code: z.string().trim().min(1, 'validation.codeLength').max(32, 'validation.codeLength'),
});

export const phoneInput = z.object({
  phoneNumber: z
    .string()
    .trim()
    .transform((p) => p.replace(/[\s().-]/g, ''))
    .refine((p) => PHONE_PATTERN.test(p), 'validation.phoneInvalid'),
});

export const listUsersInput = z
  .object({
    search: z.string().trim().max(120).optional(),
    ...pageInput(25, 100),
  })
  .default({ page: 1, pageSize: 25 });

export const setRoleInput = z.object({
  userId: z.uuid('validation.userId'),
  role: z.enum(roles),
});

/** Disable / enable an account, reset its second factor: one user, by id. */
export const userIdInput = z.object({ userId: z.uuid('validation.userId') });

export const setDisabledInput = userIdInput.extend({ disabled: z.boolean() });

export const revokeSessionInput = z.object({ sessionId: z.string().min(1).max(128) });

/** The signed-in user as the client knows it (auth.me, sign-in): defined once. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  twoFactorEnabled: z.boolean(),
  twoFactorMethod: z.enum(twoFactorMethods).nullable(),
}) satisfies z.ZodType<SessionUser>;

export const meOutput = sessionUserSchema.nullable();

/** Registration answers nothing: browsers get the httpOnly session cookie only. */
export const registerOutput = z.object({});

/** Signed in, or a second step (by the account's method) pending under a challenge cookie. */
export const loginOutput = z.union([
  z.object({ twoFactorRequired: z.literal(true), method: z.enum(twoFactorMethods) }),
  z.object({ user: sessionUserSchema }),
]);

export const signedInOutput = z.object({ user: sessionUserSchema });

export const totpSetupOutput = z.object({ secret: z.string(), qrCodeUrl: z.string() });

export const successOutput = z.object({ success: z.literal(true) });

/** Two-factor set up: the one time the recovery codes are shown. */
export const twoFactorEnabledOutput = successOutput.extend({ recoveryCodes: z.array(z.string()) });

export const smsCodeSentOutput = successOutput.extend({ expiresAt: z.date() });

export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });

export const sessionsOutput = z.array(
  z.object({
    /** A prefix of the session's hash: enough to name it, useless as a credential. */
    id: z.string(),
    createdAt: z.date(),
    lastSeenAt: z.date(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    current: z.boolean(),
  }),
);

export const signOutOtherSessionsOutput = z.object({ count: z.number().int() });

/** A row of the admin's user list: the session user's fields, and when they joined and last signed in. */
export const userListItemSchema = sessionUserSchema.extend({
  lastLoginAt: z.date().nullable(),
  createdAt: z.date(),
  /** When an administrator disabled the account; null while it may sign in. */
  disabledAt: z.date().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const listUsersOutput = pageOf(userListItemSchema);

export const setRoleOutput = z.object({ id: z.string(), role: z.enum(roles) });

export const setDisabledOutput = z.object({ id: z.string(), disabledAt: z.date().nullable() });

/** The Security dialog's password change: the current password and a second-factor code (issue 16). */
export const changePasswordInput = z.object({
  currentPassword: loginInput.shape.password,
  newPassword: passwordSchema,
  code: loginCodeInput.shape.code,
});

/** "Esqueci minha senha": the e-mail a link goes to (the answer never says whether it has an account). */
export const requestPasswordResetInput = z.object({ email: emailSchema });

/** The link's token (from `/login?reset=<token>`) and the new password. */
export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, 'auth.resetLinkInvalid').max(128, 'auth.resetLinkInvalid'),
  password: passwordSchema,
});

export const changePasswordOutput = z.object({ signedOutOthers: z.number().int() });

/** An administrator invites an e-mail with a role (issue 16). */
export const inviteUserInput = z.object({ email: emailSchema, role: z.enum(roles) });

/** The one-time link (shown to the admin once, and e-mailed) and until when it works. */
export const inviteUserOutput = z.object({ link: z.string(), expiresAt: z.date() });
