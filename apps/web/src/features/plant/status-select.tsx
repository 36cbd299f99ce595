import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { ComponentProps } from 'react';
import { SelectField } from '../../components/select-field';
import { useStatusOptions } from './status-options';

type StatusSelectProps = Omit<ComponentProps<typeof SelectField>, 'options' | 'value' | 'onChange'> & {
  value: EquipmentStatus | '';
  /** `''`: any status. */
  onChange: (status: EquipmentStatus | '') => void;
};

/** The status filter of a device list: "all" first, then every device status by its name. */
export function StatusSelect({ onChange, ...props }: StatusSelectProps) {
  const options = useStatusOptions();
  return (
    <SelectField
      {...props}
      options={options}
      onChange={(value) => {
        // The options are the device statuses, so the value is one of them (or '' for all).
        onChange(value as EquipmentStatus | '');
      }}
    />
  );
}
