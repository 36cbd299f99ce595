import { PowerSwitch } from '../../components/power-switch';
import { hvacStrings } from './hvac.strings';
import { useStrings } from '../../lib/i18n/strings';

interface HvacPowerSwitchProps {
  name: string;
  on: boolean;
  /** The unit's operating mode, shown under its state. */
  mode: string;
  pending: boolean;
  onChange: (on: boolean) => void;
}

/** An HVAC unit's on/off switch, captioned with its confirmed state and mode. */
export function HvacPowerSwitch({ name, on, mode, pending, onChange }: HvacPowerSwitchProps) {
  const t = useStrings(hvacStrings);
  return (
    <PowerSwitch label={t('switchLabel', { name })} on={on} pending={pending} onChange={onChange}>
      <span className="w-24 text-xs whitespace-nowrap">
        <span className="block">{t(on ? 'power.on' : 'power.off')}</span>
        <span className="block text-muted-foreground">{mode}</span>
      </span>
    </PowerSwitch>
  );
}
