import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/api-errors';
import type { AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';

/** The feature's strings of a registry delete: the question, its button and the two outcomes. */
export type RegistryDeleteStrings = AreaTranslate<
  'delete' | 'deleted' | 'deleteFailed' | 'deleteTitle' | 'deleteDescription'
>;

/** A registry's delete mutation (a facility, a room): `useMutation(trpc.<area>.delete.mutationOptions(…))`. */
interface DeleteMutation {
  mutate: (variables: { id: string }, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

/**
 * A registry page's delete (administrators): `ask(record)` opens the "Delete …?" question, and
 * confirming deletes it and tells how it went. Render `dialog` once in the page.
 */
export function useRegistryDelete<T extends { id: string; name: string }>(
  remove: DeleteMutation,
  t: RegistryDeleteStrings,
): { ask: (record: T) => void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);
  const confirm = (record: T) => {
    remove.mutate(
      { id: record.id },
      {
        onSuccess: () => notify.success(t('deleted', { name: record.name })),
        onError: (error) => notify.error(errorMessage(error, t('deleteFailed'))),
      },
    );
  };
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => !open && setDeleting(null)}
      title={t('deleteTitle', { name: deleting?.name ?? '' })}
      description={t('deleteDescription')}
      confirmLabel={t('delete')}
      destructive
      onConfirm={() => deleting && confirm(deleting)}
    />
  );
  return { ask: setDeleting, dialog };
}
