import { z } from 'zod';
import { CODE_LENGTH, normalizeCode, PASSWORD_MAX_LENGTH, passwordRules, PHONE_PATTERN, roles } from './auth-rules';

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
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
  })
  .default({ page: 1, pageSize: 25 });

export const setRoleInput = z.object({
  userId: z.uuid('validation.userId'),
  role: z.enum(roles),
});

export const revokeSessionInput = z.object({ sessionId: z.string().min(1).max(128) });
