import { LoaderCircle, Lock } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { ConfirmDialog } from './confirm-dialog';
import { RoleGated } from './role-gated';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';

/** What the "are you sure?" dialog says before switching a device to `on`. */
export interface PowerConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
}

interface PowerSwitchProps {
  /** Accessible name ('Ligar/desligar Motor Esteira 01'). */
  label: string;
  /** The state the device last confirmed. */
  on: boolean;
  /** A command is in flight: busy, and it cannot be pressed again. */
  pending: boolean;
  onChange: (on: boolean) => void;
  /** The caption beside it (state, "waiting for confirmation", mode). */
  children: ReactNode;
  /** Colour of the "on" track: green for machines, amber for lights. */
  tone?: 'machine' | 'light';
  /** Another change of the same device is in flight: not pressable, no spinner. */
  busy?: boolean;
  /** Ask first (machines: motors, HVAC units), naming the device and its facility. */
  confirm?: (on: boolean) => PowerConfirmation;
  /**
   * The work order in progress that locks the device out: the switch cannot be pressed and a lock
   * with the order replaces the caption (the server refuses any command anyway).
   */
  lockedBy?: string | null;
}

/**
 * A device's on/off switch (motors, HVAC units, lights): operators and administrators only —
 * a viewer sees it disabled with the reason (RoleGated). It never shows a state the device
 * has not confirmed.
 */
export function PowerSwitch({
  label,
  on,
  pending,
  onChange,
  children,
  tone = 'machine',
  busy = false,
  confirm,
  lockedBy = null,
}: PowerSwitchProps) {
  const tOps = useStrings(opsStrings);
  const lockId = useId();
  /** The state asked for, while the dialog is open. */
  const [asking, setAsking] = useState<boolean | null>(null);
  const question = asking !== null && confirm ? confirm(asking) : null;
  return (
    <RoleGated needs="operator">
      {(allowed) => (
        <span className="inline-flex items-center gap-2" data-pending={pending || undefined}>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={label}
            aria-busy={pending || busy}
            aria-describedby={lockedBy ? lockId : undefined}
            disabled={!allowed || pending || busy || lockedBy !== null}
            onClick={() => {
              if (confirm) setAsking(!on);
              else onChange(!on);
            }}
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors outline-none',
              'focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50',
              on ? (tone === 'light' ? 'bg-amber-500' : 'bg-emerald-600') : 'bg-zinc-400 dark:bg-zinc-600',
            )}
          >
            <span
              aria-hidden
              className={cn(
                'pointer-events-none flex size-5 items-center justify-center rounded-full bg-white shadow-sm transition-transform',
                on ? 'translate-x-5' : 'translate-x-0',
              )}
            >
              {pending && <LoaderCircle className="size-3.5 animate-spin text-zinc-700" />}
            </span>
          </button>
          {lockedBy ? (
            <>
              <span
                className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-amber-800 dark:text-amber-300"
                title={tOps('lockout.reason', { order: lockedBy })}
                data-slot="lockout"
              >
                <Lock aria-hidden className="size-3.5" />
                {tOps('lockout.caption', { order: lockedBy })}
              </span>
              <span id={lockId} className="sr-only">
                {tOps('lockout.reason', { order: lockedBy })}
              </span>
            </>
          ) : (
            children
          )}
          {confirm && (
            <ConfirmDialog
              open={asking !== null}
              onOpenChange={(open) => {
                if (!open) setAsking(null);
              }}
              title={question?.title ?? ''}
              description={question?.description ?? ''}
              confirmLabel={question?.confirmLabel}
              destructive={asking === false}
              onConfirm={() => {
                if (asking !== null) onChange(asking);
              }}
            />
          )}
        </span>
      )}
    </RoleGated>
  );
}
