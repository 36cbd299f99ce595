import type { MotorItem } from '@sentinela/shared/motors';
import { StatusBadge } from '../../components/status-badge';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import {
  DeviceTable,
  deviceCell,
  numericCell,
  placeOf,
  type DeviceColumn,
  type DeviceListTableProps,
} from '../plant/device-table';
import { MotorPowerSwitch } from './motor-power-switch';
import type { LiveMotor } from './use-motor-live';

interface MotorTableProps extends DeviceListTableProps<MotorItem, (item: MotorItem) => LiveMotor, boolean> {
  onPower: (item: MotorItem, on: boolean) => void;
  onOpen: (item: MotorItem) => void;
  skeletonRows: number;
}

/** The server's page of motors with live readings and an on/off switch per motor. */
export function MotorTable({ items, stale, filtered, live, pending, onPower, onOpen, skeletonRows }: MotorTableProps) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const columns: DeviceColumn[] = [
    { label: t('col.motor') },
    { label: t('col.status') },
    { label: t('col.temperature'), numeric: true },
    { label: t('col.vibration'), numeric: true },
    { label: t('col.current'), numeric: true },
    { label: t('col.efficiency'), numeric: true },
    { label: t('col.rpm'), numeric: true },
    { label: t('col.power'), numeric: true },
    { label: t('col.onOff') },
  ];
  return (
    <DeviceTable
      columns={columns}
      minWidth="min-w-[58rem]"
      items={items}
      stale={stale}
      empty={filtered ? t('emptyFiltered') : t('empty')}
      skeletonRows={skeletonRows}
      row={(item) => {
        const motor = live(item);
        const r = motor.readings;
        const running = (r.rpm ?? 0) > 0;
        return (
          <tr key={item.id} data-motor-id={item.id}>
            <td className={deviceCell}>
              <button
                type="button"
                className="text-left font-medium whitespace-nowrap underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
                aria-haspopup="dialog"
                onClick={() => {
                  onOpen(item);
                }}
              >
                {item.name}
              </button>
              <span className="block max-w-52 truncate text-xs text-muted-foreground" title={placeOf(item)}>
                {placeOf(item)}
              </span>
            </td>
            <td className={deviceCell}>
              <StatusBadge status={motor.status} />
            </td>
            <td className={numericCell} data-metric="temperature">
              {formatTemperature(r.temperature, language)}
            </td>
            <td className={numericCell} data-metric="vibration">
              {formatQuantity(r.vibration, 'mm/s', language, 2)}
            </td>
            <td className={numericCell} data-metric="current">
              {formatQuantity(r.current, 'A', language, 1)}
            </td>
            <td className={numericCell} data-metric="efficiency">
              {formatQuantity(running ? r.efficiency : null, '%', language, 1)}
            </td>
            <td className={numericCell} data-metric="rpm">
              {formatQuantity(r.rpm, 'rpm', language)}
            </td>
            <td className={numericCell} data-metric="powerKw">
              {formatQuantity(r.powerKw, 'kW', language, 2)}
            </td>
            <td className={deviceCell}>
              <MotorPowerSwitch
                name={item.name}
                on={motor.on}
                pending={Boolean(pending[item.id]) || motor.pending}
                onChange={(on) => {
                  onPower(item, on);
                }}
              />
            </td>
          </tr>
        );
      }}
    />
  );
}
