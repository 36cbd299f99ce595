import type { ReactNode } from 'react';
import { formStrings } from '../../components/form.strings';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

/**
 * The dialog around a registry form (facility, room, equipment): title and description, then the
 * form once what it needs is read, else the load error or "loading the record".
 */
export function RegistryFormDialog({
  open,
  onOpenChange,
  title,
  description,
  form,
  loadError,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The form, or null while its record and options load. */
  form: ReactNode;
  loadError: { message: string } | null;
  className?: string;
}) {
  const tForm = useStrings(formStrings);
  const tOps = useStrings(opsStrings);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')} className={className}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {form ? (
          form
        ) : loadError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadError.message || tOps('loadFailed')}
          </p>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {tForm('loadingRecord')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
