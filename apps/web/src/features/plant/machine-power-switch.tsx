import type { ReactNode } from 'react';
import { PowerSwitch } from '../../components/power-switch';
import type { AreaTranslate } from '../../lib/i18n/strings';

/** The strings a machine kind (motors, HVAC) gives its switch: its name and the question it asks. */
type MachineSwitchKey = 'switchLabel' | 'confirm.onTitle' | 'confirm.offTitle' | 'confirm.on' | 'confirm.off';

/** What a kind's switch is given by its table or card: the machine and its state. */
export interface MachineSwitchState {
  name: string;
  /** The machine's facility, named in the confirmation. */
  facility: string;
  on: boolean;
  pending: boolean;
  onChange: (on: boolean) => void;
  /** The work order in progress that locks it out. */
  lockedBy?: string | null;
}

interface MachinePowerSwitchProps extends MachineSwitchState {
  /** The kind's strings. */
  t: AreaTranslate<MachineSwitchKey>;
  /** The confirm button's words, on and off. */
  turnOnLabel: string;
  turnOffLabel: string;
  /** The caption beside it. */
  children: ReactNode;
}

/** A machine's on/off switch: switching asks first, naming the machine and its facility. */
export function MachinePowerSwitch({
  t,
  turnOnLabel,
  turnOffLabel,
  name,
  facility,
  on,
  pending,
  onChange,
  lockedBy,
  children,
}: MachinePowerSwitchProps) {
  return (
    <PowerSwitch
      label={t('switchLabel', { name })}
      on={on}
      pending={pending}
      onChange={onChange}
      lockedBy={lockedBy}
      confirm={(target) => ({
        title: t(target ? 'confirm.onTitle' : 'confirm.offTitle'),
        description: t(target ? 'confirm.on' : 'confirm.off', { name, facility }),
        confirmLabel: target ? turnOnLabel : turnOffLabel,
      })}
    >
      {children}
    </PowerSwitch>
  );
}
