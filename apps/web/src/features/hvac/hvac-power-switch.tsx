import { MachinePowerSwitch, type MachineSwitchState } from '../plant/machine-power-switch';
import { hvacStrings } from './hvac.strings';
import { useStrings } from '../../lib/i18n/strings';

interface HvacPowerSwitchProps extends MachineSwitchState {
  /** The unit's operating mode, shown under its state. */
  mode: string;
}

/**
 * An HVAC unit's on/off switch, captioned with its confirmed state and mode; switching asks
 * first, naming the unit and its facility.
 */
export function HvacPowerSwitch({ name, facility, on, mode, pending, onChange, lockedBy }: HvacPowerSwitchProps) {
  const t = useStrings(hvacStrings);
  return (
    <MachinePowerSwitch
      t={t}
      turnOnLabel={t('confirm.turnOn')}
      turnOffLabel={t('confirm.turnOff')}
      {...{ name, facility, on, pending, onChange, lockedBy }}
    >
      <span className="w-24 text-xs whitespace-nowrap">
        <span className="block">{t(on ? 'power.on' : 'power.off')}</span>
        <span className="block text-muted-foreground">{mode}</span>
      </span>
    </MachinePowerSwitch>
  );
}
