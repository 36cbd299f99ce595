import { useState, type ChangeEvent } from 'react';
import { FormInput } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { Button } from '../../components/ui/button';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

/**
 * The send of a registry form (facility, room, equipment): nothing when the input did not pass its
 * schema, else `saving` while `onSubmit` runs and a server refusal shown by `showServerError`.
 */
export function useRegistrySubmit<I>(
  onSubmit: (input: I) => Promise<unknown>,
  showServerError: (error: unknown) => void,
) {
  const [saving, setSaving] = useState(false);
  const send = async (input: I | null | undefined) => {
    if (!input) return;
    setSaving(true);
    try {
      await onSubmit(input);
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, send };
}

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
  const tOps = useStrings(opsStrings);
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        {tOps('cancel')}
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? tForm('saving') : editing ? tForm('save') : createLabel}
      </Button>
    </div>
  );
}
