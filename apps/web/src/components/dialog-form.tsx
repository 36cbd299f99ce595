import type { ReactNode } from 'react';
import { CheckedForm, FormActions, useCheckedForm } from './checked-form';
import type { ParseResult } from './form-field';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './ui/dialog';

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
  const form = useCheckedForm(fields, {
    parse,
    send: async (input) => {
      await send(input);
      onDone();
    },
  });
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? title}</DialogDescription>
      <CheckedForm form={form}>
        {children(form.errors)}
        <FormActions saving={form.saving} submitLabel={submitLabel} onCancel={onDone} />
      </CheckedForm>
    </>
  );
}

/** A dialog that holds one form: open while `open`, `onClose` when dismissed (Esc, outside, ×). */
export function FormDialog({
  open,
  onClose,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}) {
  const tOps = useStrings(opsStrings);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent closeLabel={tOps('close')} className={className}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
