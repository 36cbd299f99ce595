import { Search, X } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useSearchDraft } from '../lib/use-search-draft';
import { SelectField, type SelectFieldProps } from './select-field';
import { Button } from './ui/button';
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

/**
 * A list's search box kept in the URL: it shows `search` and hands the trimmed text to
 * `onSearch` once typing pauses (`onSearch` must be stable).
 */
export function DraftSearchField({
  search,
  onSearch,
  ...props
}: Omit<SearchFieldProps, 'value' | 'onChange'> & { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useSearchDraft(search, onSearch);
  return (
    <SearchField
      maxLength={120}
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
      }}
    />
  );
}

/** "Limpar filtros": pressable only while a filter is set. */
export function ClearFiltersButton({
  filtered,
  onClear,
  className,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button variant="ghost" size="sm" className={className} disabled={!filtered} onClick={onClear}>
      <X aria-hidden />
      {children}
    </Button>
  );
}

/**
 * The selects of a filter bar over one object of values, labelled for screen readers only:
 * `select('kind', { label, options })` shows `values.kind` and hands back the values with it
 * changed (and the fields of `clears` emptied: another facility drops the room).
 */
export function filterSelects<V extends object>(values: V, onChange: (values: V) => void) {
  const set = (change: Partial<V>) => {
    onChange({ ...values, ...change });
  };
  const select = (
    name: { [K in keyof V]: V[K] extends string ? K : never }[keyof V],
    props: Omit<SelectFieldProps, 'value' | 'onChange' | 'labelPlacement'> & { clears?: Partial<V> },
  ) => {
    const { clears, ...field } = props;
    return (
      <SelectField
        labelPlacement="hidden"
        {...field}
        value={values[name] as string}
        onChange={(value) => {
          set({ ...clears, [name]: value });
        }}
      />
    );
  };
  return { set, select };
}
