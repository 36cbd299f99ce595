import type { HvacItem } from '@sentinela/shared/hvac';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { LoaderCircle, Pencil } from 'lucide-react';
import { RoleGatedButton } from '../../components/role-gated';
import { StatusBadge } from '../../components/status-badge';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { MetricValues } from '../../lib/live';
import { DeviceName, DeviceTable, type DeviceColumn } from '../plant/device-table';
import { HvacPowerSwitch } from './hvac-power-switch';

const modes = ['cool', 'heat', 'fan', 'auto', 'dry'] as const;

interface HvacRow {
  item: HvacItem;
  /** Latest pushed values of the unit. */
  pushed: MetricValues;
}

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
  const modeName = (mode: string | null) => {
    const known = modes.find((m) => m === mode);
    return known ? t(`mode.${known}`) : (mode ?? '—');
  };
  const reading = ({ item, pushed }: HvacRow, name: keyof HvacItem['readings']) => pushed[name] ?? item.readings[name];
  const temperature = (label: string, metric: 'supplyTemp' | 'returnTemp') => ({
    label,
    metric,
    numeric: true,
    card: 'figure' as const,
    cell: (row: HvacRow) => formatTemperature(reading(row, metric), language),
  });
  const columns: DeviceColumn<HvacRow>[] = [
    { label: t('col.unit'), card: 'title', cell: ({ item }) => <DeviceName item={item} /> },
    {
      label: t('col.status'),
      card: 'status',
      cell: ({ item }) => <StatusBadge status={liveStatuses[item.id] ?? item.status} />,
    },
    {
      label: t('col.power'),
      card: 'action',
      cell: ({ item }) => (
        <HvacPowerSwitch
          name={item.name}
          facility={item.facilityName}
          on={item.on === true}
          mode={modeName(item.mode)}
          pending={pending[item.id] === 'power'}
          lockedBy={item.lockedBy}
          onChange={(on) => {
            onPower(item, on);
          }}
        />
      ),
    },
    temperature(t('col.supply'), 'supplyTemp'),
    temperature(t('col.return'), 'returnTemp'),
    {
      label: t('col.setpoint'),
      metric: 'setpoint',
      numeric: true,
      card: 'figure',
      cell: ({ item }) => (
        <span className="inline-flex items-center justify-end gap-1.5">
          {pending[item.id] === 'setpoint' && (
            <span role="status" className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
              {t('pending')}
            </span>
          )}
          <span data-value>{formatTemperature(item.setpoint, language)}</span>
          <RoleGatedButton
            needs="operator"
            variant="ghost"
            size="icon-sm"
            aria-label={t('changeSetpoint', { name: item.name })}
            disabled={pending[item.id] !== undefined}
            onClick={() => {
              onEditSetpoint(item);
            }}
          >
            <Pencil aria-hidden />
          </RoleGatedButton>
        </span>
      ),
    },
    {
      label: t('col.humidity'),
      metric: 'humidity',
      numeric: true,
      card: 'figure',
      cell: (row) => formatQuantity(reading(row, 'humidity'), '%', language, 1),
    },
    {
      label: t('col.consumption'),
      metric: 'powerKw',
      numeric: true,
      cell: (row) => formatQuantity(reading(row, 'powerKw'), 'kW', language, 2),
    },
  ];
  return (
    <DeviceTable
      columns={columns}
      minWidth="min-w-[54rem]"
      items={items?.map((item) => ({ item, pushed: liveValues[item.id] ?? {} }))}
      stale={stale}
      empty={filtered ? t('emptyFiltered') : t('empty')}
      rowKey={({ item }) => ({ key: item.id, 'data-hvac-id': item.id })}
    />
  );
}
