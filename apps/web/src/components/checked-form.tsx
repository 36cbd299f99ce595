import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { cn } from '../lib/cn';
import { FormAlert, useFormIssues, type ParseResult } from './form-field';
import { formStrings } from './form.strings';
import { Button } from './ui/button';

/**
 * A form's text values and the `onChange` of each field: `field('title')` spread on an input or
 * select, `set('title')` for its `onChange` alone, `change({ … })` for several at once.
 */
export function useFieldValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const change = useCallback((patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
  }, []);
  const set =
    (name: keyof V) =>
    (event: { target: { value: string } }): void => {
      change({ [name]: event.target.value } as Partial<V>);
    };
  /** A text field's `name`, `value` and `onChange`, to spread on its input or select. */
  const field = (name: { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string) => ({
    name,
    value: values[name] as string,
    onChange: set(name),
  });
  return { values, setValues, change, set, field };
}

interface CheckedSubmit<T> {
  /** The checked input from the form's values (a schema's safeParse; may load the schema first). */
  parse: () => ParseResult<T> | null | Promise<ParseResult<T> | null>;
  /** Sends the checked input; a rejection is shown on the form (field issues under their fields). */
  send: (input: T) => Promise<unknown>;
}

/**
 * The send of a form checked with a shared schema: nothing is sent when the input does not pass
 * (the refusals go under their fields), else `saving` while `send` runs and a server refusal
 * sorted onto the same fields or the form's alert.
 */
export function useCheckedForm<T>(fields: readonly string[], { parse, send }: CheckedSubmit<T>) {
  const issues = useFormIssues(fields);
  const [saving, setSaving] = useState(false);
  const { validate, showServerError } = issues;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await parse();
    const input = parsed ? validate(parsed) : null;
    if (!input) return;
    setSaving(true);
    try {
      await send(input);
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };
  return { ...issues, saving, onSubmit: (event: FormEvent) => void submit(event) };
}

/** The `<form>` of `useCheckedForm`: the alert for refusals no field takes, then the fields. */
export function CheckedForm({
  form: { formRef, formError, onSubmit },
  className,
  children,
}: {
  form: Pick<ReturnType<typeof useCheckedForm>, 'formRef' | 'formError' | 'onSubmit'>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className={cn('flex flex-col gap-4', className)}>
      <FormAlert message={formError} />
      {children}
    </form>
  );
}

/**
 * A form's buttons: Cancel (when `onCancel` is given) or the buttons given, then the submit button,
 * which says it is saving while the form sends.
 */
export function FormActions({
  saving,
  submitLabel,
  savingLabel,
  onCancel,
  children,
}: {
  saving: boolean;
  submitLabel: string;
  /** Default: "Salvando…". */
  savingLabel?: string;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const tForm = useStrings(formStrings);
  const tOps = useStrings(opsStrings);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {onCancel && (
        <Button type="button" variant="outline" onClick={onCancel}>
          {tOps('cancel')}
        </Button>
      )}
      {children}
      <Button type="submit" disabled={saving}>
        {saving ? (savingLabel ?? tForm('saving')) : submitLabel}
      </Button>
    </div>
  );
}
