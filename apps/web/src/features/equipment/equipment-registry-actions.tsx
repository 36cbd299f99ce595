import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useRegistryRefresh } from '../plant/use-registry-refresh';
import { equipmentStrings } from './equipment.strings';

interface EquipmentRegistryActionsProps {
  id: string;
  name: string;
  onEdit: () => void;
  /** After a delete: the device is gone, the drawer closes. */
  onDeleted: () => void;
  /** The equipment's facility's zone, which the drawer's times follow. */
  timeZone: string | undefined;
}

type Asking = 'retire' | 'delete' | null;

/**
 * The drawer's registry actions (administrators only; the caller decides): edit, retire or
 * restore, and delete while the device has no history (equipment.get says whether it has).
 */
export function EquipmentRegistryActions({ id, name, onEdit, onDeleted, timeZone }: EquipmentRegistryActionsProps) {
  const t = useStrings(equipmentStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const refresh = useRegistryRefresh();
  const record = useQuery(trpc.equipment.get.queryOptions({ id }, { staleTime: 0 }));
  const [asking, setAsking] = useState<Asking>(null);
  /** A registry change's callbacks: its toast (then `after`) and a refreshed registry, or why it failed. */
  const reporting = (toast: string, after?: () => void) => ({
    onSuccess: () => {
      notify.success(toast);
      after?.();
      return refresh();
    },
    onError: (error: unknown) => notify.error(errorMessage(error, t('actionFailed'))),
  });
  const retire = useMutation(trpc.equipment.retire.mutationOptions(reporting(t('retiredToast', { name }))));
  const restore = useMutation(trpc.equipment.restore.mutationOptions(reporting(t('restoredToast', { name }))));
  const remove = useMutation(trpc.equipment.delete.mutationOptions(reporting(t('deletedToast', { name }), onDeleted)));
  const busy = retire.isPending || restore.isPending || remove.isPending;
  const data = record.data;

  return (
    <section aria-label={t('registry')} className="flex flex-col gap-2" data-testid="registry-actions">
      {data?.retiredAt && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {t('retiredSince', { date: formatDateTime(data.retiredAt, language, timeZone) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden />
          {t('edit')}
        </Button>
        {data &&
          (data.retiredAt ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => restore.mutate({ id })}>
              <ArchiveRestore aria-hidden />
              {t('restore')}
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setAsking('retire')}>
              <Archive aria-hidden />
              {t('retire')}
            </Button>
          ))}
        {data && !data.hasHistory && (
          <Button
            variant="outline"
            size="sm"
            className="text-destructive"
            disabled={busy}
            onClick={() => setAsking('delete')}
          >
            <Trash2 aria-hidden />
            {t('delete')}
          </Button>
        )}
      </div>
      {data?.hasHistory && <p className="text-xs text-muted-foreground">{t('deleteOnlyWithoutHistory')}</p>}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === 'delete' ? t('deleteTitle', { name }) : t('retireTitle', { name })}
        description={asking === 'delete' ? t('deleteDescription') : t('retireDescription')}
        confirmLabel={asking === 'delete' ? t('delete') : t('retire')}
        destructive
        onConfirm={() => (asking === 'delete' ? remove.mutate({ id }) : retire.mutate({ id }))}
      />
    </section>
  );
}
