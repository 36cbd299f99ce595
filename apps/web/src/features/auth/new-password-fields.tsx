import { useState } from 'react';
import type { AreaTranslate } from '../../lib/i18n/strings';
import { Field } from './auth-ui';
import { PasswordChecklist } from './password-checklist';
import { canSubmitRegistration, showMismatch } from './password-checks';

/** A new password and its confirmation, as the form holds them. */
export interface NewPassword {
  password: string;
  confirmPassword: string;
  setPassword: (value: string) => void;
  setConfirmPassword: (value: string) => void;
  /** Both typed, the rules met, the two equal, and nothing being sent (`pending`). */
  canSubmit: (pending: boolean) => boolean;
  /** Empties both (the form closed). */
  clear: () => void;
}

/** The state of NewPasswordFields. */
export function useNewPassword(): NewPassword {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  return {
    password,
    confirmPassword,
    setPassword,
    setConfirmPassword,
    canSubmit: (pending) => canSubmitRegistration({ password, confirmPassword, pending }),
    clear: () => {
      setPassword('');
      setConfirmPassword('');
    },
  };
}

/**
 * A new password with its rules checklist under it, and its confirmation (the mismatch said under
 * it once typed). Registration, the reset link and the change in the account menu use it.
 */
export function NewPasswordFields({
  ids,
  label,
  t,
  value: { password, confirmPassword, setPassword, setConfirmPassword },
}: {
  /** Element ids of the password field, its rules list and the confirmation field. */
  ids: { password: string; rules: string; confirm: string };
  label: string;
  /** The form's strings, with the confirmation's label and the mismatch message. */
  t: AreaTranslate<'confirmPassword' | 'passwordMismatch'>;
  value: NewPassword;
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
          onValueChange={setPassword}
        />
        <PasswordChecklist id={ids.rules} password={password} />
      </div>
      <Field
        id={ids.confirm}
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        error={showMismatch({ password, confirmPassword }) ? t('passwordMismatch') : null}
        value={confirmPassword}
        onValueChange={setConfirmPassword}
      />
    </>
  );
}
