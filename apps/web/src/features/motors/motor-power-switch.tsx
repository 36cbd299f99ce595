import { MachinePowerSwitch, type MachineSwitchState } from '../plant/machine-power-switch';
import { cn } from '../../lib/cn';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';

/**
 * A motor's on/off switch, captioned with its confirmed state or "waiting for confirmation";
 * switching asks first, naming the motor and its facility.
 */
export function MotorPowerSwitch({ name, facility, on, pending, onChange, lockedBy }: MachineSwitchState) {
  const t = useStrings(motorsStrings);
  return (
    <MachinePowerSwitch
      t={t}
      turnOnLabel={t('cmd.turnOn')}
      turnOffLabel={t('cmd.turnOff')}
      {...{ name, facility, on, pending, onChange, lockedBy }}
    >
      <span className={cn('w-28 text-xs whitespace-nowrap', pending ? 'text-muted-foreground' : '')} aria-live="polite">
        {pending ? t('pending') : t(on ? 'power.on' : 'power.off')}
      </span>
    </MachinePowerSwitch>
  );
}
