import { LoaderCircle } from 'lucide-react';
import { RoleGated } from '../../components/role-gated';
import { cn } from '../../lib/cn';
import { motorsStrings } from '../../lib/i18n/motors-strings';
import { useStrings } from '../../lib/i18n/strings';

interface MotorPowerSwitchProps {
  name: string;
  on: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
}

/**
 * A motor's on/off switch. It shows the state the device last confirmed; while a command is in
 * flight it is busy ("waiting for confirmation") and cannot be pressed again. Viewers see it
 * disabled with the reason (RoleGated).
 */
export function MotorPowerSwitch({ name, on, pending, onChange }: MotorPowerSwitchProps) {
  const t = useStrings(motorsStrings);
  return (
    <RoleGated needs="operator">
      {(allowed) => (
        <span className="inline-flex items-center gap-2" data-pending={pending || undefined}>
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
          <span
            className={cn('w-28 text-xs whitespace-nowrap', pending ? 'text-muted-foreground' : '')}
            aria-live="polite"
          >
            {pending ? t('pending') : t(on ? 'power.on' : 'power.off')}
          </span>
        </span>
      )}
    </RoleGated>
  );
}
