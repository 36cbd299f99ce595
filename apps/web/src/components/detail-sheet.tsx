import { useId, type ReactNode } from 'react';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import { ErrorState } from './query-state';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './ui/sheet';

interface DetailSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Under the description (the facility's time zone). */
  header?: ReactNode;
  /** The body's `data-slot`. */
  slot?: string;
  children: ReactNode;
}

/**
 * A record's detail drawer on the right (work order, part, supplier, motor): its title, a line
 * that describes it (the drawer's accessible description), what goes under them, then the body.
 */
export function DetailSheet({ open, onOpenChange, title, description, header, slot, children }: DetailSheetProps) {
  const tOps = useStrings(opsStrings);
  const descriptionId = `${useId()}-description`;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel={tOps('close')}
        className="w-full max-w-xl overflow-y-auto"
        aria-describedby={descriptionId}
      >
        <div className="flex flex-col gap-5 p-5" data-slot={slot}>
          <header className="flex flex-col gap-1 pr-8">
            <SheetTitle className="text-lg">{title}</SheetTitle>
            <SheetDescription id={descriptionId}>{description}</SheetDescription>
            {header}
          </header>
          {children}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/**
 * The detail sheet of a record read by one query (work order, part, supplier): "loading" as its
 * description until the record is read, then the record's description and body; if reading fails,
 * the error state and its retry.
 */
export function QuerySheet<D>({
  query,
  description,
  children,
  ...sheet
}: Omit<DetailSheetProps, 'description' | 'children'> & {
  query: { data: D | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  /** The line under the title, once the record is read. */
  description: (record: D) => ReactNode;
  /** The body, once the record is read. */
  children: (record: D) => ReactNode;
}) {
  const tOps = useStrings(opsStrings);
  const record = query.data;
  return (
    <DetailSheet {...sheet} description={record ? description(record) : tOps('loading')}>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        record && children(record)
      )}
    </DetailSheet>
  );
}

/** A titled part of a detail sheet. */
export function SheetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** One labelled value of a detail sheet's list (`<dl>`), with an optional note under it. */
export function Fact({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}
