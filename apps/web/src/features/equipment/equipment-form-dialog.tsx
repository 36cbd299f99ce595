import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { RegistryFormDialog, useRegistrySaved } from '../plant/registry-form-dialog';
import { EquipmentForm, type EquipmentDefaults, type EquipmentInput } from './equipment-form';
import { equipmentStrings } from './equipment.strings';

interface EquipmentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The equipment to edit (its record is read first); null: a new one. */
  equipmentId: string | null;
  defaults?: EquipmentDefaults;
}

/** Create or edit an equipment (administrators). Loaded on first use: it brings the schemas along. */
export default function EquipmentFormDialog({ open, onOpenChange, equipmentId, defaults }: EquipmentFormDialogProps) {
  const t = useStrings(equipmentStrings);
  const trpc = useTRPC();
  const saved = useRegistrySaved(t, equipmentId !== null, onOpenChange);
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const rooms = useQuery(trpc.rooms.options.queryOptions({}));
  // The gateways in service, of every facility (the form offers those of the chosen one).
  const gateways = useQuery(trpc.equipment.list.queryOptions({ kind: 'gateway', pageSize: 500 }));
  const record = useQuery(
    trpc.equipment.get.queryOptions(equipmentId === null ? skipToken : { id: equipmentId }, { staleTime: 0 }),
  );
  const create = useMutation(trpc.equipment.create.mutationOptions());
  const update = useMutation(trpc.equipment.update.mutationOptions());

  const submit = async (input: EquipmentInput) => {
    await saved(equipmentId ? await update.mutateAsync(input) : await create.mutateAsync(input));
  };
  const loadError = record.error ?? facilities.error ?? rooms.error ?? gateways.error;
  const ready = facilities.data && rooms.data && gateways.data && (equipmentId === null || record.data);

  return (
    <RegistryFormDialog
      open={open}
      onOpenChange={onOpenChange}
      t={t}
      editing={equipmentId !== null}
      loadError={loadError}
      className="max-w-2xl"
      form={
        ready ? (
          <EquipmentForm
            key={record.data?.id ?? 'new'}
            record={record.data ?? null}
            facilities={facilities.data}
            rooms={rooms.data}
            gateways={gateways.data?.items}
            defaults={defaults}
            onSubmit={submit}
            onCancel={() => onOpenChange(false)}
          />
        ) : null
      }
    />
  );
}
