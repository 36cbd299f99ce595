import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { formStrings } from '../../components/form.strings';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useRegistryRefresh } from '../plant/use-registry-refresh';
import { facilitiesStrings } from './facilities.strings';
import { FacilityForm, type FacilityInput } from './facility-form';

interface FacilityFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The facility to edit (its record is read first); null: a new one. */
  facilityId: string | null;
}

/** Create or edit a facility (administrators). Loaded on first use: it brings the schemas along. */
export default function FacilityFormDialog({ open, onOpenChange, facilityId }: FacilityFormDialogProps) {
  const t = useStrings(facilitiesStrings);
  const tForm = useStrings(formStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const refresh = useRegistryRefresh();
  const record = useQuery(
    trpc.facilities.get.queryOptions(facilityId === null ? skipToken : { id: facilityId }, { staleTime: 0 }),
  );
  const create = useMutation(trpc.facilities.create.mutationOptions());
  const update = useMutation(trpc.facilities.update.mutationOptions());

  const submit = async (input: FacilityInput) => {
    const saved = 'code' in input ? await create.mutateAsync(input) : await update.mutateAsync(input);
    notify.success(t(facilityId ? 'saved' : 'created', { name: saved.name }));
    onOpenChange(false);
    await refresh();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')}>
        <DialogTitle>{facilityId ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        {facilityId === null ? (
          <FacilityForm record={null} onSubmit={submit} onCancel={() => onOpenChange(false)} />
        ) : record.data ? (
          <FacilityForm
            key={record.data.id}
            record={record.data}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        ) : record.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {record.error.message || tOps('loadFailed')}
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
