import type { MotorItem } from '@sentinela/shared/motors';
import { StatusBadge } from '../../components/status-badge';
import { cn } from '../../lib/cn';
import { formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import { MotorPowerSwitch } from './motor-power-switch';
import type { LiveMotor } from './use-motor-live';

/** Room (or location) and facility, for the second line of a row. */
const placeOf = (item: { roomName: string | null; location: string | null; facilityName: string }) =>
  [item.roomName ?? item.location, item.facilityName].filter(Boolean).join(' · ');

const cell = 'h-14 px-3 text-left align-middle';
const numeric = cn(cell, 'text-right tabular-nums whitespace-nowrap');

interface MotorTableProps {
  items: MotorItem[] | undefined;
  /** The list is being replaced (a new page or filter): dim what is shown. */
  stale: boolean;
  filtered: boolean;
  live: (item: MotorItem) => LiveMotor;
  pending: Record<string, boolean>;
  onPower: (item: MotorItem, on: boolean) => void;
  onOpen: (item: MotorItem) => void;
  skeletonRows: number;
}

/** The server's page of motors with live readings and an on/off switch per motor. */
export function MotorTable({ items, stale, filtered, live, pending, onPower, onOpen, skeletonRows }: MotorTableProps) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  const headers: [string, boolean][] = [
    [t('col.motor'), false],
    [t('col.status'), false],
    [t('col.temperature'), true],
    [t('col.vibration'), true],
    [t('col.current'), true],
    [t('col.efficiency'), true],
    [t('col.rpm'), true],
    [t('col.power'), true],
    [t('col.onOff'), false],
  ];
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full min-w-[58rem] text-sm', stale && 'opacity-60')} aria-busy={!items || stale}>
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
            Array.from({ length: skeletonRows }, (_, row) => (
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
              const motor = live(item);
              const r = motor.readings;
              const running = (r.rpm ?? 0) > 0;
              return (
                <tr key={item.id} data-motor-id={item.id}>
                  <td className={cell}>
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
                  <td className={cell}>
                    <StatusBadge status={motor.status} />
                  </td>
                  <td className={numeric} data-metric="temperature">
                    {formatTemperature(r.temperature, language)}
                  </td>
                  <td className={numeric} data-metric="vibration">
                    {formatQuantity(r.vibration, 'mm/s', language, 2)}
                  </td>
                  <td className={numeric} data-metric="current">
                    {formatQuantity(r.current, 'A', language, 1)}
                  </td>
                  <td className={numeric} data-metric="efficiency">
                    {formatQuantity(running ? r.efficiency : null, '%', language, 1)}
                  </td>
                  <td className={numeric} data-metric="rpm">
                    {formatQuantity(r.rpm, 'rpm', language)}
                  </td>
                  <td className={numeric} data-metric="powerKw">
                    {formatQuantity(r.powerKw, 'kW', language, 2)}
                  </td>
                  <td className={cell}>
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
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
