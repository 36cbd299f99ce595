import type { ComponentProps, ReactNode } from 'react';

/**
 * Form pieces for the sign-in pages. Plain class strings (no class-merging helper, no UI
 * library): /login's first load is budgeted, and these pages need nothing more.
 */
const focusRing = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

export const inputClass = `h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 py-1 text-sm shadow-xs transition-colors placeholder:text-muted-foreground disabled:opacity-50 aria-[invalid=true]:border-destructive ${focusRing}`;

const buttonBase = `inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 ${focusRing}`;

export const buttonClass = {
  primary: `${buttonBase} bg-primary text-primary-foreground shadow-xs hover:bg-primary/90`,
  outline: `${buttonBase} border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground`,
  link: `inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline disabled:pointer-events-none disabled:opacity-50 ${focusRing}`,
} as const;

interface FieldProps extends ComponentProps<'input'> {
  id: string;
  label: string;
  hint?: ReactNode;
  /** Shown under the input and linked to it (aria-describedby, aria-invalid). */
  error?: string | null;
  /** The typed value, for a field that only keeps it in state. */
  onValueChange?: (value: string) => void;
}

/** A labelled input with an optional hint and an inline error. */
export function Field({ id, label, hint, error, onValueChange, className = '', ...props }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} ${className}`}
        onChange={
          onValueChange &&
          ((event) => {
            onValueChange(event.target.value);
          })
        }
        {...props}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

interface SubmitButtonProps {
  pending: boolean;
  /** Disabled for more than a pending request (an incomplete code, rules not met). */
  disabled?: boolean;
  label: string;
  pendingLabel: string;
}

/** The form's primary button: its label says when the request is under way. */
export function SubmitButton({ pending, disabled = pending, label, pendingLabel }: SubmitButtonProps) {
  return (
    <button type="submit" className={buttonClass.primary} disabled={disabled}>
      {pending ? pendingLabel : label}
    </button>
  );
}
