// Account rules without zod: cheap to import anywhere (the web entry and layout chunks too).
// The zod schemas built on them are in ./auth.

/** Roles, from least to most trusted. */
export const roles = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof roles)[number];
export const twoFactorMethods = ['totp', 'sms'] as const;
export type TwoFactorMethod = (typeof twoFactorMethods)[number];

/** The same rules the register page shows as a live checklist (spec §5), in its order. */
export const passwordRules = [
  { id: 'length', test: (p: string) => p.length >= 8 },
  { id: 'upper', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', test: (p: string) => /[0-9]/.test(p) },
  { id: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;
export type PasswordRuleId = (typeof passwordRules)[number]['id'];
export const PASSWORD_MAX_LENGTH = 128;

export const CODE_LENGTH = 6;
/** Spec §5: optional plus, a first digit 1-9, then 1 to 14 more digits. */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** Spec §5: digits only (others stripped), exactly six. */
export function normalizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** What the client knows of the signed-in user (auth.me, login). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  twoFactorEnabled: boolean;
  twoFactorMethod: TwoFactorMethod | null;
}

/** One permission function for the server's tiers and the client's hiding/disabling. */
export function hasRole(user: Pick<SessionUser, 'role'> | null | undefined, needed: Role): boolean {
  if (!user) return false;
  return roles.indexOf(user.role) >= roles.indexOf(needed);
}
