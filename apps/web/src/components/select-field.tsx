import { useId } from 'react';
import { cn } from '../lib/cn';
import { Select } from './ui/input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  /** `above`: a small label over the select; `hidden`: the label only for screen readers. */
  labelPlacement?: 'above' | 'hidden';
  value: string;
  /** The first option, with the empty value ("All …"); none when left out. */
  emptyOption?: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  className?: string;
}

/** A native select's options: the empty-valued one first (when given), then the options. */
export function SelectOptions({ emptyOption, options }: { emptyOption?: string; options: readonly SelectOption[] }) {
  return (
    <>
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

/** A labelled native select: "All …" first (when given), then the options. */
export function SelectField({
  label,
  labelPlacement = 'above',
  value,
  emptyOption,
  options,
  onChange,
  className,
}: SelectFieldProps) {
  const id = useId();
  const select = (
    <Select
      id={labelPlacement === 'above' ? id : undefined}
      aria-label={labelPlacement === 'hidden' ? label : undefined}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      <SelectOptions emptyOption={emptyOption} options={options} />
    </Select>
  );
  if (labelPlacement === 'hidden') return select;
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {select}
    </div>
  );
}
