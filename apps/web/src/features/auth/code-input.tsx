import type { AreaTranslate } from '../../lib/i18n/strings';
import { Field, SubmitButton } from './auth-ui';
import { CODE_LENGTH, normalizeCode } from './code';

interface CodeInputProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** A 6-digit code field: anything but digits is stripped as it is typed or pasted. */
export function CodeInput({ id, label, hint, value, onChange, autoFocus, disabled }: CodeInputProps) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      value={value}
      onValueChange={(raw) => {
        onChange(normalizeCode(raw));
      }}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      placeholder={'0'.repeat(CODE_LENGTH)}
      autoFocus={autoFocus}
      disabled={disabled}
      className="text-center font-mono text-lg tracking-[0.4em]"
    />
  );
}

/** A code form's "Verificar" button: enabled once the code is `ready`, "Verificando…" while `verify` runs. */
export function VerifyCodeButton({
  verify,
  ready,
  t,
}: {
  verify: { isPending: boolean };
  ready: boolean;
  t: AreaTranslate<'verify' | 'verifying'>;
}) {
  return (
    <SubmitButton
      pending={verify.isPending}
      disabled={!ready || verify.isPending}
      label={t('verify')}
      pendingLabel={t('verifying')}
    />
  );
}
