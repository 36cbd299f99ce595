import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderDetail } from '@sentinela/shared/maintenance';
import { errorMessage } from '../../lib/api-errors';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { maintenanceStrings } from './maintenance.strings';

/**
 * The order transitions the page and its drawer share. Each re-reads the figures, the list and
 * the open order; start and check toast their refusals (the server's message, in the user's
 * language); the dialog ones reject so their form shows the refusal.
 */
export function useWorkOrderActions() {
  const t = useStrings(maintenanceStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });
  const settle = { onSettled: refresh };
  const failed = (error: unknown) => {
    notify.error(errorMessage(error, t('actionFailed')));
  };

  const start = useMutation(
    trpc.maintenance.orders.start.mutationOptions({
      ...settle,
      onSuccess: (order: WorkOrderDetail) => {
        notify.success(t('started', { number: order.number, equipment: order.equipment?.name ?? order.facility.name }));
      },
      onError: failed,
    }),
  );
  const check = useMutation(trpc.maintenance.orders.check.mutationOptions({ ...settle, onError: failed }));
  // The dialog transitions: re-read, and say it once done (the number of the order).
  const toasting = (key: 'completed' | 'cancelled' | 'rescheduled' | 'reassigned') => ({
    ...settle,
    onSuccess: (order: { number: string }) => notify.success(t(key, { number: order.number })),
  });
  const complete = useMutation(trpc.maintenance.orders.complete.mutationOptions(toasting('completed')));
  const cancel = useMutation(trpc.maintenance.orders.cancel.mutationOptions(toasting('cancelled')));
  const reschedule = useMutation(trpc.maintenance.orders.reschedule.mutationOptions(toasting('rescheduled')));
  const reassign = useMutation(trpc.maintenance.orders.reassign.mutationOptions(toasting('reassigned')));
  const pendingId = start.isPending ? start.variables.id : check.isPending ? check.variables.id : null;
  return { start, check, complete, cancel, reschedule, reassign, pendingId };
}

export type WorkOrderActionsApi = ReturnType<typeof useWorkOrderActions>;
