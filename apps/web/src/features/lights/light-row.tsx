import type { LightItem } from '@sentinela/shared/lights';
import { useState } from 'react';
import { PowerSwitch } from '../../components/power-switch';
import { RoleGated } from '../../components/role-gated';
import { StatusBadge } from '../../components/status-badge';
import { Select } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { lightsStrings } from './lights.strings';
import { useStrings } from '../../lib/i18n/strings';
import { DeviceCard } from '../plant/device-card';
import { lightModes, type LightChange, type LightMode, type LiveLight } from './use-lights-live';

export const cellClass = 'px-3 py-2.5 text-left align-middle';

interface LightRowProps {
  item: LightItem;
  live: LiveLight;
  /** The change in flight to this light, if any. */
  pending: LightChange | undefined;
  onChange: (change: LightChange) => void;
  /** `card`: the phone form (`DeviceCard`), in place of the table row. */
  layout: 'row' | 'card';
}

/**
 * One light, as a table row or (on a phone) a card: its confirmed state with the controls to change it (on/off switch, brightness slider
 * sent on release, mode), and what it measures now. While a command is in flight the requested
 * value shows, marked as waiting, and the light's controls rest.
 */
export function LightRow({ item, live, pending, onChange, layout }: LightRowProps) {
  const { language } = useLanguage();
  const t = useStrings(lightsStrings);
  const [draft, setDraft] = useState<number | null>(null);

  const on = pending && 'on' in pending ? pending.on : live.on;
  const mode: LightMode = pending && 'mode' in pending ? pending.mode : live.mode;
  const confirmedBrightness = live.brightness;
  const brightness =
    draft ??
    (pending && 'brightness' in pending
      ? pending.brightness
      : pending && 'mode' in pending && pending.mode !== 'normal'
        ? pending.mode === 'eco'
          ? 50
          : 100
        : confirmedBrightness);
  const busy = pending !== undefined;

  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft !== confirmedBrightness) onChange({ brightness: draft });
  };

  const place = (
    <>
      {[item.roomName, item.facilityName].filter(Boolean).join(' · ')}
      {item.ratedW !== null && ` · ${t('rated', { value: formatQuantity(item.ratedW, 'W', language, 0) })}`}
    </>
  );
  const power = (
    <PowerSwitch
      label={t('switchLabel', { name: item.name })}
      on={on}
      pending={Boolean(pending && 'on' in pending)}
      onChange={(next) => {
        onChange({ on: next });
      }}
      tone="light"
      busy={busy}
      lockedBy={item.lockedBy}
    >
      <span className="w-24 text-xs whitespace-nowrap" data-slot="power-state">
        {pending && 'on' in pending ? t('pendingShort') : t(on ? 'state.on' : 'state.off')}
      </span>
    </PowerSwitch>
  );
  const brightnessControl = (
    <>
      <RoleGated needs="operator">
        {(allowed) => (
          <span className="flex items-center gap-2">
            <input
              type="range"
              min={0}
              max={100}
              step={5}
              value={brightness}
              aria-label={t('brightnessLabel', { name: item.name })}
              aria-valuetext={`${brightness}%`}
              disabled={!allowed || busy}
              onChange={(event) => {
                setDraft(Number(event.target.value));
              }}
              onPointerUp={commit}
              onKeyUp={commit}
              onBlur={commit}
              className="h-2 w-24 cursor-pointer accent-amber-500 disabled:cursor-not-allowed disabled:opacity-50"
            />
            <span className="w-10 text-right text-xs tabular-nums" data-slot="brightness">
              {formatQuantity(brightness, '%', language, 0)}
            </span>
          </span>
        )}
      </RoleGated>
      <div className="mt-0.5 min-h-4 text-xs text-muted-foreground" data-slot="measured-brightness">
        {pending && ('brightness' in pending || 'mode' in pending)
          ? t('pendingShort')
          : live.reading.brightness !== null &&
            t('measured', { value: formatQuantity(live.reading.brightness, '%', language, 0) })}
      </div>
    </>
  );
  const modeSelect = (
    <RoleGated needs="operator">
      {(allowed) => (
        <Select
          aria-label={t('modeLabel', { name: item.name })}
          className="h-8 w-28"
          value={mode}
          disabled={!allowed || busy}
          onChange={(event) => {
            onChange({ mode: event.target.value as LightMode });
          }}
        >
          {lightModes.map((m) => (
            <option key={m} value={m}>
              {t(`mode.${m}`)}
            </option>
          ))}
        </Select>
      )}
    </RoleGated>
  );
  const consumption = formatQuantity(live.reading.powerW, 'W', language, 1);

  if (layout === 'card')
    return (
      <DeviceCard
        attributes={{ 'data-light-id': item.id, 'data-pending': busy ? 'true' : undefined }}
        title={
          <>
            <span className="block font-medium">{item.name}</span>
            <span className="block text-xs text-muted-foreground" data-slot="place">
              {place}
            </span>
          </>
        }
        status={<StatusBadge status={live.status} />}
        action={power}
        figures={[{ label: t('col.consumption'), value: <span data-slot="consumption">{consumption}</span> }]}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>{brightnessControl}</div>
          {modeSelect}
        </div>
      </DeviceCard>
    );

  return (
    <tr data-light-id={item.id} data-pending={busy || undefined}>
      <td className={cn(cellClass, 'min-w-44')}>
        <div className="font-medium">{item.name}</div>
        <div className="text-xs text-muted-foreground" data-slot="place">
          {place}
        </div>
      </td>
      <td className={cellClass}>
        <StatusBadge status={live.status} />
      </td>
      <td className={cellClass}>{power}</td>
      <td className={cn(cellClass, 'min-w-44')}>{brightnessControl}</td>
      <td className={cellClass}>{modeSelect}</td>
      <td className={cn(cellClass, 'text-right whitespace-nowrap tabular-nums')} data-slot="consumption">
        {consumption}
      </td>
    </tr>
  );
}
