// The 6-digit code rule (spec §5) is the server's own: @sentinela/shared/auth-rules.
export { CODE_LENGTH, normalizeCode } from '@sentinela/shared/auth-rules';

export function isCompleteCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A recovery code as typed ('abcde-fgh23'); the server compares case-insensitively. */
export function normalizeRecoveryCode(raw: string): string {
  return raw.trim();
}
