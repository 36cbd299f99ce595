import type { FieldIssue } from '@sentinela/shared/api-errors';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { errorMessage } from '../lib/api-errors';
import { cn } from '../lib/cn';
import { clientIssues, serverIssues, sortIssues, type FieldErrors } from '../lib/form-issues';
import { useLanguage } from '../lib/i18n/language-context';
import { useStrings } from '../lib/i18n/strings';
import { formStrings } from './form.strings';
import { SelectOptions, type SelectOption } from './select-field';
import { Input, Select } from './ui/input';

/**
 * The pieces of a form that validates with a shared zod schema and shows each refusal under its
 * field (registry forms now; work orders and suppliers later). Import from lazily loaded modules.
 */

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  /** The message under the field (already translated); none: the field is fine. */
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control with its hint and its error; the control gets aria-invalid and aria-describedby. */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormSelectProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  name?: string;
  value: string;
  /** The first option, with the empty value ("Choose …", "None"); none when left out. */
  emptyOption?: string;
  options: readonly SelectOption[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/** A form's labelled select (a `FormField` around a native select): the empty option first, then the options. */
export function FormSelect({
  label,
  error,
  hint,
  className,
  name,
  value,
  emptyOption,
  options,
  onChange,
}: FormSelectProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <Select {...control} name={name} value={value} onChange={onChange}>
          <SelectOptions emptyOption={emptyOption} options={options} />
        </Select>
      )}
    </FormField>
  );
}

/**
 * A form's labelled text input (a `FormField` around an `Input`): the field's label (followed by
 * "(optional)" when `optional`), error, hint and class; every other prop goes to the input.
 */
export function FormInput({
  label,
  optional = false,
  error,
  hint,
  className,
  ...input
}: { label: string; optional?: boolean; error?: string; hint?: ReactNode; className?: string } & Omit<
  ComponentProps<'input'>,
  'className'
>) {
  const t = useStrings(formStrings);
  return (
    <FormField label={optional ? `${label} (${t('optional')})` : label} error={error} hint={hint} className={className}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}

/** A refusal no field takes (a taken code, a lost connection), announced and focusable. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-alert
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive outline-none"
    >
      {message}
    </p>
  );
}

/** A zod safeParse answer, without importing zod here. */
export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly Parameters<typeof clientIssues>[0][number][] } };

/**
 * A form's refusals: `validate` checks a safeParse answer before sending, `showServerError`
 * sorts a server refusal onto the same fields (other messages go to the form's alert). After
 * either, the first invalid field (or the alert) takes the focus.
 */
export function useFormIssues(fields: readonly string[]) {
  const { language } = useLanguage();
  const t = useStrings(formStrings);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-alert]');
    target?.focus();
  }, [attempt]);

  const show = useCallback(
    (issues: readonly FieldIssue[], fallback?: string) => {
      const sorted = sortIssues(issues, fields);
      setErrors(sorted.errors);
      setFormError(sorted.rest.length > 0 ? sorted.rest.join(' ') : (fallback ?? null));
      setAttempt((n) => n + 1);
    },
    [fields],
  );

  /** The parsed input, or null after showing why not. */
  const validate = useCallback(
    <T,>(result: ParseResult<T>): T | null => {
      if (result.success) {
        setErrors({});
        setFormError(null);
        return result.data;
      }
      show(clientIssues(result.error.issues, language, t('invalid')));
      return null;
    },
    [language, show, t],
  );

  const showServerError = useCallback(
    (error: unknown, fallback = t('saveFailed')) => {
      const issues = serverIssues(error);
      if (issues && issues.length > 0) show(issues);
      else show([], errorMessage(error, fallback));
    },
    [show, t],
  );

  return { formRef, errors, formError, validate, showServerError };
}

/** A form's set of checkboxes under a legend (categories, compatible kinds), with its error. */
export function CheckboxGroup<V extends string>({
  legend,
  name,
  options,
  checked,
  onChange,
  error,
  className,
}: {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  checked: readonly V[];
  onChange: (checked: V[]) => void;
  error?: string;
  /** Class of the options' frame (a grid or a wrapping row). */
  className?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={className}>
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              className="size-4 shrink-0 accent-primary"
              checked={checked.includes(option.value)}
              onChange={(event) => {
                onChange(event.target.checked ? [...checked, option.value] : checked.filter((v) => v !== option.value));
              }}
            />
            <span className="truncate">{option.label}</span>
          </label>
        ))}
      </div>
      {error && <p className="text-xs text-destructive">{error}</p>}
    </fieldset>
  );
}
