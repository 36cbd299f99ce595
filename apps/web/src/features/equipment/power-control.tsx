import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EquipmentItem } from '@sentinela/shared/equipment';
import { Lock, Power } from 'lucide-react';
import { useState } from 'react';
import { RoleGatedButton } from '../../components/role-gated';
import { errorMessage } from '../../lib/api-errors';
import { commandRefusalMessage } from '../../lib/command-refusal';
import { equipmentStrings } from './equipment.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

interface CommandAnswer {
  status: 'confirmed' | 'failed' | 'timeout';
  state?: Record<string, unknown>;
  error?: string;
}

/**
 * Turns a motor or a light on or off from its details (motors.setPower / lights.set). The
 * button waits for the device's acknowledgement; a refusal or a timeout changes nothing and
 * says so. Operators and administrators only: a viewer sees it disabled, with the reason.
 */
export function PowerControl({ item }: { item: EquipmentItem }) {
  const t = useStrings(equipmentStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // What the device confirmed in this drawer, until the list brings the same.
  const [confirmed, setConfirmed] = useState<boolean | null>(null);
  const on = confirmed ?? item.state.on === true;

  const settle = (answer: CommandAnswer) => {
    if (answer.status === 'confirmed') {
      if (typeof answer.state?.on === 'boolean') setConfirmed(answer.state.on);
      notify.success(tOps('command.confirmed'));
    } else if (answer.status === 'failed') {
      notify.error(commandRefusalMessage(answer, tOps));
    } else {
      notify.error(tOps('command.timeout'));
    }
    void queryClient.invalidateQueries({ queryKey: trpc.equipment.list.pathKey() });
  };
  const onError = (error: unknown) => notify.error(errorMessage(error, tOps('command.error')));
  const motor = useMutation(trpc.motors.setPower.mutationOptions({ onSuccess: settle, onError }));
  const light = useMutation(trpc.lights.set.mutationOptions({ onSuccess: settle, onError }));
  const pending = motor.isPending || light.isPending;

  const toggle = () => {
    if (item.kind === 'motor') motor.mutate({ id: item.id, on: !on });
    else light.mutate({ id: item.id, on: !on });
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <div className="text-sm">
        <span className="text-muted-foreground">{t('power')}: </span>
        <strong data-testid="power-state">{on ? t('isOn') : t('isOff')}</strong>
        {pending && (
          <span role="status" className="ml-2 text-xs text-muted-foreground">
            {t('sending')}
          </span>
        )}
      </div>
      {item.lockedBy ? (
        <p
          className="flex items-center gap-1.5 text-xs font-medium text-amber-800 dark:text-amber-300"
          data-slot="lockout"
        >
          <Lock aria-hidden className="size-3.5" />
          {tOps('lockout.reason', { order: item.lockedBy })}
        </p>
      ) : (
        <RoleGatedButton
          needs="operator"
          variant={on ? 'outline' : 'default'}
          size="sm"
          disabled={pending}
          onClick={toggle}
        >
          <Power aria-hidden />
          {on ? t('turnOff') : t('turnOn')}
        </RoleGatedButton>
      )}
    </div>
  );
}
