import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

type Outcome = { status: 'confirmed' | 'failed' | 'timeout'; error?: string | undefined };

/**
 * Set-point and on/off commands to HVAC units. Each mutation answers when the unit confirmed,
 * refused or timed out (≤ 5 s): until then the unit is pending; a refusal or timeout is an error
 * toast and nothing changes; a confirmation refreshes the page's data before the mark goes.
 */
export function useHvacCommands() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const t = useStrings(hvacStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const [pending, setPending] = useState<Record<string, 'setpoint' | 'power'>>({});
  const setpoint = useMutation(trpc.hvac.setSetpoint.mutationOptions());
  const power = useMutation(trpc.hvac.setPower.mutationOptions());

  const run = async (id: string, kind: 'setpoint' | 'power', send: () => Promise<Outcome>, confirmed: () => string) => {
    setPending((current) => ({ ...current, [id]: kind }));
    try {
      const result = await send();
      if (result.status === 'confirmed') {
        await Promise.all(
          [trpc.hvac.list, trpc.hvac.summary, trpc.hvac.rooms].map((procedure) =>
            queryClient.invalidateQueries({ queryKey: procedure.pathKey() }),
          ),
        );
        notify.success(confirmed());
      } else {
        notify.error(
          result.status === 'failed' ? tOps('command.failed', { reason: result.error ?? '' }) : tOps('command.timeout'),
        );
      }
    } catch (error) {
      notify.error(errorMessage(error, tOps('command.error')));
    } finally {
      setPending((current) => {
        const { [id]: _done, ...rest } = current;
        return rest;
      });
    }
  };

  return {
    pending,
    /** `celsius`: the new set-point, already converted from what the user typed. */
    setSetpoint: (unit: { id: string; name: string }, celsius: number) =>
      run(
        unit.id,
        'setpoint',
        () => setpoint.mutateAsync({ id: unit.id, setpoint: celsius }),
        () => t('setpoint.confirmed', { name: unit.name, value: formatTemperature(celsius, language) }),
      ),
    setPower: (unit: { id: string; name: string }, on: boolean) =>
      run(
        unit.id,
        'power',
        () => power.mutateAsync({ id: unit.id, on }),
        () => t(on ? 'confirmedOn' : 'confirmedOff', { name: unit.name }),
      ),
  };
}
