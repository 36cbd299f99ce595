import { useState, type FormEvent, type ReactNode } from 'react';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { FormAlert, useFormIssues, type ParseResult } from './form-field';
import { formStrings } from './form.strings';
import { Button } from './ui/button';
import { DialogDescription, DialogTitle } from './ui/dialog';

export interface DialogFormProps<T> {
  title: string;
  description?: string;
  fields: readonly string[];
  submitLabel: string;
  /** The checked input, from the form's values. */
  parse: () => ParseResult<T>;
  send: (input: T) => Promise<unknown>;
  onDone: () => void;
  children: (errors: Partial<Record<string, string>>) => ReactNode;
}

/**
 * A form inside a dialog's content: title, description, the fields (given their errors), Cancel
 * and a submit button that says it is saving. Checked with the shared schema on submit; a server
 * refusal lands on its field or on top; `onDone` after a successful send or on Cancel.
 */
export function DialogForm<T>({
  title,
  description,
  fields,
  submitLabel,
  parse,
  send,
  onDone,
  children,
}: DialogFormProps<T>) {
  const tForm = useStrings(formStrings);
  const tOps = useStrings(opsStrings);
  const { formRef, errors, formError, validate, showServerError } = useFormIssues(fields);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate(parse());
    if (!input) return;
    setSaving(true);
    try {
      await send(input);
      onDone();
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        {children(errors)}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            {tOps('cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? tForm('saving') : submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}
