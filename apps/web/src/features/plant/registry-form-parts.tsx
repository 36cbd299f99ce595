import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { CheckedForm, FormActions } from '../../components/checked-form';
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

/**
 * A registry form (facility, room, equipment): its fields, then Cancel and the submit button (Save
 * when editing, `createLabel` when creating, Saving… while it sends).
 */
export function RegistryForm({
  form,
  editing,
  createLabel,
  onCancel,
  children,
}: {
  form: ComponentProps<typeof CheckedForm>['form'] & { saving: boolean };
  editing: boolean;
  createLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const tForm = useStrings(formStrings);
  return (
    <CheckedForm form={form}>
      {children}
      <FormActions saving={form.saving} submitLabel={editing ? tForm('save') : createLabel} onCancel={onCancel} />
    </CheckedForm>
  );
}
