import { Field } from './auth-ui';
import { PasswordChecklist } from './password-checklist';
import { showMismatch } from './password-checks';

/**
 * A new password with its rules checklist under it, and its confirmation (the mismatch said under
 * it once typed). Registration, the reset link and the change in the account menu use it.
 */
export function NewPasswordFields({
  ids,
  label,
  confirmLabel,
  mismatchText,
  password,
  confirmPassword,
  onPassword,
  onConfirmPassword,
}: {
  /** Element ids of the password field, its rules list and the confirmation field. */
  ids: { password: string; rules: string; confirm: string };
  label: string;
  confirmLabel: string;
  mismatchText: string;
  password: string;
  confirmPassword: string;
  onPassword: (value: string) => void;
  onConfirmPassword: (value: string) => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Field
          id={ids.password}
          label={label}
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          aria-describedby={ids.rules}
          value={password}
          onValueChange={onPassword}
        />
        <PasswordChecklist id={ids.rules} password={password} />
      </div>
      <Field
        id={ids.confirm}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={showMismatch({ password, confirmPassword }) ? mismatchText : null}
        value={confirmPassword}
        onValueChange={onConfirmPassword}
      />
    </>
  );
}
