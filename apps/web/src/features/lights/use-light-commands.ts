import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { lightsStrings } from './lights.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import type { LightMode } from './use-lights-live';

export type LightChange = { on: boolean } | { brightness: number } | { mode: LightMode };

/**
 * Commands to one light (on/off, brightness, mode). The mutation answers only when the device
 * confirmed, refused or timed out (≤ 5 s): until then the light shows the requested value as
 * pending; a refusal or a timeout is an error toast and the confirmed state stays as it was.
 */
export function useLightCommands(onConfirmed: (id: string, state: Record<string, unknown>) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = useStrings(lightsStrings);
  const tOps = useStrings(opsStrings);
  const [pending, setPending] = useState<Record<string, LightChange>>({});
  const mutation = useMutation(trpc.lights.set.mutationOptions());

  const send = async (light: { id: string; name: string }, change: LightChange) => {
    setPending((current) => ({ ...current, [light.id]: change }));
    try {
      const result = await mutation.mutateAsync({ id: light.id, ...change });
      if (result.status === 'confirmed') {
        if (result.state) onConfirmed(light.id, result.state);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.lights.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.lights.summary.pathKey() }),
        ]);
        notify.success(
          'on' in change
            ? t(change.on ? 'confirmed.on' : 'confirmed.off', { name: light.name })
            : 'brightness' in change
              ? t('confirmed.brightness', { name: light.name, value: change.brightness })
              : t('confirmed.mode', { name: light.name, mode: t(`mode.${change.mode}`) }),
        );
      } else {
        notify.error(
          result.status === 'failed' ? tOps('command.failed', { reason: result.error ?? '' }) : tOps('command.timeout'),
        );
      }
    } catch (error) {
      notify.error(errorMessage(error, tOps('command.error')));
    } finally {
      setPending((current) => {
        const { [light.id]: _done, ...rest } = current;
        return rest;
      });
    }
  };

  return { pending, send };
}
