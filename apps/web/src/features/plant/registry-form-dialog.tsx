import type { ReactNode } from 'react';
import { formStrings } from '../../components/form.strings';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useRegistryRefresh } from './use-registry-refresh';

/** A registry form's strings: the dialog's two titles and description, and the two outcomes of a save. */
export type RegistryFormStrings = AreaTranslate<
  'form.editTitle' | 'form.newTitle' | 'form.description' | 'saved' | 'created'
>;

/**
 * What follows a registry form's save (facility, room, equipment): the "saved" or "created" toast
 * naming the record, the dialog closed, and every list that shows it read again.
 */
export function useRegistrySaved(
  t: RegistryFormStrings,
  editing: boolean,
  onOpenChange: (open: boolean) => void,
): (saved: { name: string }) => Promise<void> {
  const refresh = useRegistryRefresh();
  return async (saved) => {
    notify.success(t(editing ? 'saved' : 'created', { name: saved.name }));
    onOpenChange(false);
    await refresh();
  };
}

/**
 * The dialog around a registry form (facility, room, equipment): title (edit or new) and
 * description, then the form once what it needs is read, else the load error or "loading the record".
 */
export function RegistryFormDialog({
  open,
  onOpenChange,
  t,
  editing,
  form,
  loadError,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  t: RegistryFormStrings;
  /** An existing record (its edit title), or a new one. */
  editing: boolean;
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
        <DialogTitle>{editing ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
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
