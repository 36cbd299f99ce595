import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { RegistryFormDialog, useRegistrySaved } from '../plant/registry-form-dialog';
import { RoomForm, type RoomInput } from './room-form';
import { roomsStrings } from './rooms.strings';

interface RoomFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The room to edit (its record is read first); null: a new one. */
  roomId: string | null;
  defaultFacilityId?: string;
}

/** Create or edit a room (administrators). Loaded on first use: it brings the schemas along. */
export default function RoomFormDialog({ open, onOpenChange, roomId, defaultFacilityId }: RoomFormDialogProps) {
  const t = useStrings(roomsStrings);
  const trpc = useTRPC();
  const saved = useRegistrySaved(t, roomId !== null, onOpenChange);
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const record = useQuery(trpc.rooms.get.queryOptions(roomId === null ? skipToken : { id: roomId }, { staleTime: 0 }));
  const create = useMutation(trpc.rooms.create.mutationOptions());
  const update = useMutation(trpc.rooms.update.mutationOptions());

  const submit = async (input: RoomInput) => {
    await saved('id' in input ? await update.mutateAsync(input) : await create.mutateAsync(input));
  };
  const close = () => onOpenChange(false);
  const loadError = record.error ?? facilities.error;

  return (
    <RegistryFormDialog
      open={open}
      onOpenChange={onOpenChange}
      t={t}
      editing={roomId !== null}
      loadError={loadError}
      form={
        facilities.data && (roomId === null || record.data) ? (
          <RoomForm
            key={record.data?.id ?? 'new'}
            record={record.data ?? null}
            facilities={facilities.data}
            defaultFacilityId={defaultFacilityId}
            onSubmit={submit}
            onCancel={close}
          />
        ) : null
      }
    />
  );
}
