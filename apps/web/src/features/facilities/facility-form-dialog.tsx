import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { RegistryFormDialog, useRegistrySaved } from '../plant/registry-form-dialog';
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
  const trpc = useTRPC();
  const saved = useRegistrySaved(t, facilityId !== null, onOpenChange);
  const record = useQuery(
    trpc.facilities.get.queryOptions(facilityId === null ? skipToken : { id: facilityId }, { staleTime: 0 }),
  );
  const create = useMutation(trpc.facilities.create.mutationOptions());
  const update = useMutation(trpc.facilities.update.mutationOptions());

  const submit = async (input: FacilityInput) => {
    await saved('code' in input ? await create.mutateAsync(input) : await update.mutateAsync(input));
  };

  return (
    <RegistryFormDialog
      open={open}
      onOpenChange={onOpenChange}
      t={t}
      editing={facilityId !== null}
      loadError={record.error}
      form={
        facilityId === null ? (
          <FacilityForm record={null} onSubmit={submit} onCancel={() => onOpenChange(false)} />
        ) : record.data ? (
          <FacilityForm
            key={record.data.id}
            record={record.data}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null
      }
    />
  );
}
