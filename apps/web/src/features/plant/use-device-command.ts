import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { commandRefusalMessage } from '../../lib/command-refusal';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';

/** What a device command answers once the device confirmed, refused or timed out (≤ 5 s). */
export interface CommandOutcome {
  status: 'confirmed' | 'failed' | 'timeout';
  /** A refusal's reason as a code (translated when known). */
  code?: string | null | undefined;
  /** A refusal's reason in the device's words (shown when the code is unknown). */
  error?: string | null | undefined;
}

export interface DeviceCommandOptions {
  /** Queries re-read after a confirmation, before the pending mark goes. */
  refresh: readonly QueryKey[];
  /** Queries re-read (not awaited) after a refusal or a timeout, e.g. a command history. */
  refreshOnRefusal?: readonly QueryKey[];
}

export interface DeviceCommand<Mark, Outcome extends CommandOutcome> {
  id: string;
  /** What the device shows while the command is in flight (the requested value, or which command). */
  mark: Mark;
  send: () => Promise<Outcome>;
  /** Called as soon as the device confirmed, before the queries are re-read. */
  onConfirmed?: (outcome: Outcome) => void;
  /** The success toast. */
  confirmedMessage: () => string;
}

/**
 * Commands to devices of one kind. The mutation answers only when the device confirmed, refused
 * or timed out: until then the device is pending (its mark in `pending`); a refusal or a timeout
 * is an error toast and nothing changes; a confirmation refreshes the page's data before the
 * pending mark goes, so the confirmed state never flickers back.
 */
export function useDeviceCommand<Mark>({ refresh, refreshOnRefusal = [] }: DeviceCommandOptions) {
  const queryClient = useQueryClient();
  const tOps = useStrings(opsStrings);
  const [pending, setPending] = useState<Record<string, Mark>>({});

  const run = async <Outcome extends CommandOutcome>(command: DeviceCommand<Mark, Outcome>) => {
    const { id } = command;
    setPending((current) => ({ ...current, [id]: command.mark }));
    try {
      const result = await command.send();
      if (result.status === 'confirmed') {
        command.onConfirmed?.(result);
        await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        notify.success(command.confirmedMessage());
      } else {
        for (const queryKey of refreshOnRefusal) void queryClient.invalidateQueries({ queryKey });
        notify.error(result.status === 'failed' ? commandRefusalMessage(result, tOps) : tOps('command.timeout'));
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

  return { pending, run };
}
