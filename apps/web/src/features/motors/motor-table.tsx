import type { MotorItem } from '@sentinela/shared/motors';
import { StatusBadge } from '../../components/status-badge';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import { DeviceName, DeviceTable, type DeviceColumn, type DeviceListTableProps } from '../plant/device-table';
import { MotorPowerSwitch } from './motor-power-switch';
import type { LiveMotor } from './use-motor-live';

interface MotorTableProps extends DeviceListTableProps<MotorItem, (item: MotorItem) => LiveMotor, boolean> {
  onPower: (item: MotorItem, on: boolean) => void;
  onOpen: (item: MotorItem) => void;
  skeletonRows: number;
}

interface MotorRow {
  item: MotorItem;
  motor: LiveMotor;
}

/** The server's page of motors with live readings and an on/off switch per motor. */
export function MotorTable({ items, stale, filtered, live, pending, onPower, onOpen, skeletonRows }: MotorTableProps) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const quantity = (label: string, metric: keyof LiveMotor['readings'], unit: string, digits?: number) => ({
    label,
    metric,
    numeric: true,
    cell: ({ motor }: MotorRow) => formatQuantity(motor.readings[metric], unit, language, digits),
  });
  const columns: DeviceColumn<MotorRow>[] = [
    {
      label: t('col.motor'),
      card: 'title',
      cell: ({ item }) => <DeviceName item={item} onOpen={() => onOpen(item)} />,
    },
    { label: t('col.status'), card: 'status', cell: ({ motor }) => <StatusBadge status={motor.status} /> },
    {
      label: t('col.temperature'),
      metric: 'temperature',
      numeric: true,
      card: 'figure',
      cell: ({ motor }) => formatTemperature(motor.readings.temperature, language),
    },
    quantity(t('col.vibration'), 'vibration', 'mm/s', 2),
    { ...quantity(t('col.current'), 'current', 'A', 1), card: 'figure' },
    {
      label: t('col.efficiency'),
      metric: 'efficiency',
      numeric: true,
      card: 'figure',
      // A stopped motor has no efficiency.
      cell: ({ motor: { readings } }) =>
        formatQuantity((readings.rpm ?? 0) > 0 ? readings.efficiency : null, '%', language, 1),
    },
    quantity(t('col.rpm'), 'rpm', 'rpm'),
    { ...quantity(t('col.power'), 'powerKw', 'kW', 2), card: 'figure' },
    {
      label: t('col.onOff'),
      card: 'action',
      cell: ({ item, motor }) => (
        <MotorPowerSwitch
          name={item.name}
          facility={item.facilityName}
          on={motor.on}
          pending={Boolean(pending[item.id]) || motor.pending}
          lockedBy={item.lockedBy}
          onChange={(on) => {
            onPower(item, on);
          }}
        />
      ),
    },
  ];
  return (
    <DeviceTable
      columns={columns}
      minWidth="min-w-[58rem]"
      items={items?.map((item) => ({ item, motor: live(item) }))}
      stale={stale}
      empty={filtered ? t('emptyFiltered') : t('empty')}
      skeletonRows={skeletonRows}
      rowKey={({ item }) => ({ key: item.id, 'data-motor-id': item.id })}
    />
  );
}
