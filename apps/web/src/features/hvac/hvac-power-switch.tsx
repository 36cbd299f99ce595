import { LoaderCircle } from 'lucide-react';
import { RoleGated } from '../../components/role-gated';
import { cn } from '../../lib/cn';
import { hvacStrings } from '../../lib/i18n/hvac-strings';
import { useStrings } from '../../lib/i18n/strings';

interface HvacPowerSwitchProps {
  name: string;
  on: boolean;
  /** The unit's operating mode, shown under its state. */
  mode: string;
  pending: boolean;
  onChange: (on: boolean) => void;
}

/** A unit's on/off switch: the confirmed state; busy while a command is in flight; viewers see it disabled. */
export function HvacPowerSwitch({ name, on, mode, pending, onChange }: HvacPowerSwitchProps) {
  const t = useStrings(hvacStrings);
  return (
    <RoleGated needs="operator">
      {(allowed) => (
        <span className="inline-flex items-center gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={t('switchLabel', { name })}
            aria-busy={pending}
            disabled={!allowed || pending}
            onClick={() => {
              onChange(!on);
            }}
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors outline-none',
              'focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50',
              on ? 'bg-emerald-600' : 'bg-zinc-400 dark:bg-zinc-600',
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
          <span className="w-24 text-xs whitespace-nowrap">
            <span className="block">{t(on ? 'power.on' : 'power.off')}</span>
            <span className="block text-muted-foreground">{mode}</span>
          </span>
        </span>
      )}
    </RoleGated>
  );
}
