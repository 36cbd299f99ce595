import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { motorsStrings } from './motors.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

/**
 * Turns motors on and off. The mutation answers only when the device confirmed, refused or
 * timed out (≤ 5 s): until then the motor is pending; a refusal or a timeout is an error toast
 * and nothing changes; a confirmation refreshes the lists before the pending mark goes.
 */
export function useMotorPower() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = useStrings(motorsStrings);
  const tOps = useStrings(opsStrings);
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const mutation = useMutation(trpc.motors.setPower.mutationOptions());

  const setPower = async (motor: { id: string; name: string }, on: boolean) => {
    setPending((current) => ({ ...current, [motor.id]: true }));
    try {
      const result = await mutation.mutateAsync({ id: motor.id, on });
      if (result.status === 'confirmed') {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.motors.list.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.motors.summary.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.motors.commands.pathKey() }),
        ]);
        notify.success(t(on ? 'confirmedOn' : 'confirmedOff', { name: motor.name }));
      } else {
        void queryClient.invalidateQueries({ queryKey: trpc.motors.commands.pathKey() });
        notify.error(
          result.status === 'failed' ? tOps('command.failed', { reason: result.error ?? '' }) : tOps('command.timeout'),
        );
      }
    } catch (error) {
      notify.error(errorMessage(error, tOps('command.error')));
    } finally {
      setPending((current) => {
        const { [motor.id]: _done, ...rest } = current;
        return rest;
      });
    }
  };

  return { pending, setPower };
}
