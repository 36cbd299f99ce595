import type { HvacItem } from '@sentinela/shared/hvac';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { LoaderCircle, Pencil } from 'lucide-react';
import { RoleGated } from '../../components/role-gated';
import { StatusBadge } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { MetricValues } from '../../lib/live';
import { DeviceTable, deviceCell, numericCell, placeOf, type DeviceColumn } from '../plant/device-table';
import { HvacPowerSwitch } from './hvac-power-switch';

const modes = ['cool', 'heat', 'fan', 'auto', 'dry'] as const;

interface HvacTableProps {
  items: HvacItem[] | undefined;
  stale: boolean;
  filtered: boolean;
  /** Latest pushed values per unit (the list's readings until the first push). */
  liveValues: Record<string, MetricValues>;
  liveStatuses: Record<string, EquipmentStatus>;
  pending: Record<string, 'setpoint' | 'power'>;
  onPower: (item: HvacItem, on: boolean) => void;
  onEditSetpoint: (item: HvacItem) => void;
}

/** The server's page of HVAC units: live readings, confirmed set-point and state, their controls. */
export function HvacTable({
  items,
  stale,
  filtered,
  liveValues,
  liveStatuses,
  pending,
  onPower,
  onEditSetpoint,
}: HvacTableProps) {
  const t = useStrings(hvacStrings);
  const { language } = useLanguage();
  const columns: DeviceColumn[] = [
    { label: t('col.unit') },
    { label: t('col.status') },
    { label: t('col.power') },
    { label: t('col.supply'), numeric: true },
    { label: t('col.return'), numeric: true },
    { label: t('col.setpoint'), numeric: true },
    { label: t('col.humidity'), numeric: true },
    { label: t('col.consumption'), numeric: true },
  ];
  const modeName = (mode: string | null) => {
    const known = modes.find((m) => m === mode);
    return known ? t(`mode.${known}`) : (mode ?? '—');
  };
  return (
    <DeviceTable
      columns={columns}
      minWidth="min-w-[54rem]"
      items={items}
      stale={stale}
      empty={filtered ? t('emptyFiltered') : t('empty')}
      row={(item) => {
        const pushed = liveValues[item.id] ?? {};
        const reading = (name: keyof HvacItem['readings']) => pushed[name] ?? item.readings[name];
        const busy = pending[item.id];
        return (
          <tr key={item.id} data-hvac-id={item.id}>
            <td className={deviceCell}>
              <span className="block font-medium whitespace-nowrap">{item.name}</span>
              <span className="block max-w-52 truncate text-xs text-muted-foreground" title={placeOf(item)}>
                {placeOf(item)}
              </span>
            </td>
            <td className={deviceCell}>
              <StatusBadge status={liveStatuses[item.id] ?? item.status} />
            </td>
            <td className={deviceCell}>
              <HvacPowerSwitch
                name={item.name}
                on={item.on === true}
                mode={modeName(item.mode)}
                pending={busy === 'power'}
                onChange={(on) => {
                  onPower(item, on);
                }}
              />
            </td>
            <td className={numericCell} data-metric="supplyTemp">
              {formatTemperature(reading('supplyTemp'), language)}
            </td>
            <td className={numericCell} data-metric="returnTemp">
              {formatTemperature(reading('returnTemp'), language)}
            </td>
            <td className={numericCell} data-metric="setpoint">
              <span className="inline-flex items-center justify-end gap-1.5">
                {busy === 'setpoint' && (
                  <span role="status" className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                    <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
                    {t('pending')}
                  </span>
                )}
                <span data-value>{formatTemperature(item.setpoint, language)}</span>
                <RoleGated needs="operator">
                  {(allowed) => (
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('changeSetpoint', { name: item.name })}
                      disabled={!allowed || busy !== undefined}
                      onClick={() => {
                        onEditSetpoint(item);
                      }}
                    >
                      <Pencil aria-hidden />
                    </Button>
                  )}
                </RoleGated>
              </span>
            </td>
            <td className={numericCell} data-metric="humidity">
              {formatQuantity(reading('humidity'), '%', language, 1)}
            </td>
            <td className={numericCell} data-metric="powerKw">
              {formatQuantity(reading('powerKw'), 'kW', language, 2)}
            </td>
          </tr>
        );
      }}
    />
  );
}
