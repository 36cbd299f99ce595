import type { HvacItem } from '@sentinela/shared/hvac';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { LoaderCircle, Pencil } from 'lucide-react';
import { RoleGated } from '../../components/role-gated';
import { StatusBadge } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { hvacStrings } from './hvac.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import type { MetricValues } from '../../lib/live';
import { HvacPowerSwitch } from './hvac-power-switch';

/** Room (or location) and facility, for the second line of a row. */
const placeOf = (item: { roomName: string | null; location: string | null; facilityName: string }) =>
  [item.roomName ?? item.location, item.facilityName].filter(Boolean).join(' · ');

const cell = 'h-14 px-3 text-left align-middle';
const numeric = cn(cell, 'text-right tabular-nums whitespace-nowrap');
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
  const headers: [string, boolean][] = [
    [t('col.unit'), false],
    [t('col.status'), false],
    [t('col.power'), false],
    [t('col.supply'), true],
    [t('col.return'), true],
    [t('col.setpoint'), true],
    [t('col.humidity'), true],
    [t('col.consumption'), true],
  ];
  const modeName = (mode: string | null) => {
    const known = modes.find((m) => m === mode);
    return known ? t(`mode.${known}`) : (mode ?? '—');
  };
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full min-w-[54rem] text-sm', stale && 'opacity-60')} aria-busy={!items || stale}>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {headers.map(([label, right]) => (
              <th key={label} scope="col" className={cn('px-3 py-2.5 font-medium', right ? 'text-right' : 'text-left')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {!items ? (
            Array.from({ length: 4 }, (_, row) => (
              <tr key={row} aria-hidden data-slot="skeleton">
                {headers.map(([label]) => (
                  <td key={label} className={cell}>
                    <span className="block h-4 w-full max-w-28 animate-pulse rounded bg-muted" />
                  </td>
                ))}
              </tr>
            ))
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-3 py-10 text-center text-muted-foreground">
                {filtered ? t('emptyFiltered') : t('empty')}
              </td>
            </tr>
          ) : (
            items.map((item) => {
              const pushed = liveValues[item.id] ?? {};
              const reading = (name: keyof HvacItem['readings']) => pushed[name] ?? item.readings[name];
              const busy = pending[item.id];
              return (
                <tr key={item.id} data-hvac-id={item.id}>
                  <td className={cell}>
                    <span className="block font-medium whitespace-nowrap">{item.name}</span>
                    <span className="block max-w-52 truncate text-xs text-muted-foreground" title={placeOf(item)}>
                      {placeOf(item)}
                    </span>
                  </td>
                  <td className={cell}>
                    <StatusBadge status={liveStatuses[item.id] ?? item.status} />
                  </td>
                  <td className={cell}>
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
                  <td className={numeric} data-metric="supplyTemp">
                    {formatTemperature(reading('supplyTemp'), language)}
                  </td>
                  <td className={numeric} data-metric="returnTemp">
                    {formatTemperature(reading('returnTemp'), language)}
                  </td>
                  <td className={numeric} data-metric="setpoint">
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
                  <td className={numeric} data-metric="humidity">
                    {formatQuantity(reading('humidity'), '%', language, 1)}
                  </td>
                  <td className={numeric} data-metric="powerKw">
                    {formatQuantity(reading('powerKw'), 'kW', language, 2)}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
