import { Search } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Input } from './ui/input';

type SearchInputProps = Omit<ComponentProps<'input'>, 'type'>;

const searchIcon = (
  <Search
    aria-hidden
    className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
  />
);

/** A search box with its magnifier inside; name it with `aria-label` or an outer label. */
export function SearchInput({ frameClassName, className, ...props }: SearchInputProps & { frameClassName?: string }) {
  return (
    <div className={cn('relative', frameClassName)}>
      {searchIcon}
      <Input type="search" className={cn('w-full pl-8', className)} {...props} />
    </div>
  );
}

interface SearchFieldProps extends SearchInputProps {
  label: string;
  /** `above`: a small label over the box; `hidden`: the label only for screen readers. */
  labelPlacement?: 'above' | 'hidden';
  /** Class of the field (label and box). */
  fieldClassName?: string;
}

/** A labelled search box, the first field of a list's filter bar. */
export function SearchField({ label, labelPlacement = 'above', fieldClassName, ...props }: SearchFieldProps) {
  const id = useId();
  if (labelPlacement === 'hidden')
    return (
      <label className={cn('relative', fieldClassName)}>
        <span className="sr-only">{label}</span>
        {searchIcon}
        <Input type="search" className="w-full pl-8" {...props} />
      </label>
    );
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', fieldClassName)}>
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <SearchInput id={id} {...props} />
    </div>
  );
}
