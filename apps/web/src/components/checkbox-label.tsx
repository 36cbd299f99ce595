import type { ComponentProps, ReactNode } from 'react';

/** A checkbox with its text beside it, the whole label clickable ("Mostrar desativados", "Silêncio…"). */
export function CheckboxLabel({
  checked,
  onCheckedChange,
  className = 'inline-flex items-center gap-2 text-sm',
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange' | 'className' | 'children'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The label's class (its layout in the form). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => {
          onCheckedChange(event.target.checked);
        }}
        {...input}
      />
      {children}
    </label>
  );
}
