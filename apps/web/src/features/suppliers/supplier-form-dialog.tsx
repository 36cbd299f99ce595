import { useMutation, useQuery } from '@tanstack/react-query';
import type { SupplierDetail } from '@sentinela/shared/suppliers';
import { formStrings } from '../../components/form.strings';
import { ErrorState } from '../../components/query-state';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { SupplierForm, type SupplierFormInput } from './supplier-form';
import { suppliersStrings } from './suppliers.strings';

interface SupplierFormDialogProps {
  /** The supplier to edit; null: a new one. */
  id: string | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: SupplierDetail) => Promise<unknown>;
}

/** "Novo fornecedor" / "Editar fornecedor" (operators). Loaded on first use. */
export default function SupplierFormDialog({ id, onOpenChange, onSaved }: SupplierFormDialogProps) {
  const t = useStrings(suppliersStrings);
  const tOps = useStrings(opsStrings);
  const tForm = useStrings(formStrings);
  const trpc = useTRPC();
  const record = useQuery(trpc.suppliers.get.queryOptions({ id: id ?? '' }, { enabled: id !== null }));
  const create = useMutation(trpc.suppliers.create.mutationOptions());
  const update = useMutation(trpc.suppliers.update.mutationOptions());

  const save = (input: SupplierFormInput) =>
    id === null ? create.mutateAsync(input) : update.mutateAsync({ ...input, id });

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{id === null ? t('newSupplier') : t('form.editTitle')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        {id !== null && record.isError ? (
          <ErrorState error={record.error} onRetry={() => void record.refetch()} />
        ) : id !== null && !record.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            {tForm('loadingRecord')}
          </p>
        ) : (
          <SupplierForm
            initial={record.data}
            save={save}
            onCancel={() => {
              onOpenChange(false);
            }}
            onSaved={async (saved) => {
              notify.success(t(id === null ? 'created' : 'updated', { name: saved.legalName }));
              await onSaved(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
