import { passwordRules, type PasswordRuleId } from '@sentinela/shared/auth-rules';

export interface PasswordCheck {
  id: PasswordRuleId;
  met: boolean;
}

/** The live checklist (spec §5), from the same rules the server enforces, in their order. */
export function checkPassword(password: string): PasswordCheck[] {
  return passwordRules.map((rule) => ({ id: rule.id, met: rule.test(password) }));
}

export interface RegistrationState {
  password: string;
  confirmPassword: string;
  pending: boolean;
}

/** The inline 'As senhas não coincidem' shows once something is typed in the confirmation. */
export function showMismatch({ password, confirmPassword }: Pick<RegistrationState, 'password' | 'confirmPassword'>) {
  return confirmPassword !== '' && confirmPassword !== password;
}

/** Spec §5: submit is disabled while pending, while any rule fails or while the passwords differ. */
export function canSubmitRegistration({ password, confirmPassword, pending }: RegistrationState): boolean {
  if (pending) return false;
  if (password !== confirmPassword) return false;
  return checkPassword(password).every((check) => check.met);
}
