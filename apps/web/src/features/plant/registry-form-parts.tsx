import type { ChangeEvent } from 'react';
import { FormActions } from '../../components/checked-form';
import { FormInput } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { useStrings } from '../../lib/i18n/strings';

/** A record's key (equipment id, facility code): typed once when creating, then only said. */
export function RegistryKeyField({
  fixed,
  label,
  hint,
  error,
  name,
  maxLength,
  value,
  onChange,
}: {
  /** The sentence saying the key of the record being edited; null when creating. */
  fixed: string | null;
  label: string;
  hint: string;
  error: string | undefined;
  name: string;
  maxLength: number;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  if (fixed !== null) return <p className="text-xs text-muted-foreground">{fixed}</p>;
  return (
    <FormInput
      label={label}
      error={error}
      hint={hint}
      name={name}
      autoComplete="off"
      spellCheck={false}
      className="font-mono"
      maxLength={maxLength}
      value={value}
      onChange={onChange}
    />
  );
}

/** Cancel and the submit button (Save when editing, `createLabel` when creating, Saving… while it sends). */
export function RegistryFormButtons({
  saving,
  editing,
  createLabel,
  onCancel,
}: {
  saving: boolean;
  editing: boolean;
  createLabel: string;
  onCancel: () => void;
}) {
  const tForm = useStrings(formStrings);
  return <FormActions saving={saving} submitLabel={editing ? tForm('save') : createLabel} onCancel={onCancel} />;
}
