import type { MotorItem } from '@sentinela/shared/motors';
import { StatusBadge } from '../../components/status-badge';
import { DetailSheet, SheetSection } from '../../components/detail-sheet';
import { formatDateTime, formatQuantity, formatTemperature } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { useStrings } from '../../lib/i18n/strings';
import { MotorCommands } from './motor-commands';
import { ZoneNote } from '../../components/zone-note';
import { useFacilityZones } from '../plant/use-facility-zones';
import { metricUnit, MotorHistory, motorMetrics } from './motor-history';
import { MotorPowerSwitch } from './motor-power-switch';
import type { LiveMotor } from './use-motor-live';

interface MotorDetailSheetProps {
  item: MotorItem;
  live: LiveMotor;
  pending: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPower: (on: boolean) => void;
}

const ratedKeys = [
  ['powerKw', 'kW', 1],
  ['currentA', 'A', 1],
  ['rpm', 'rpm', 0],
  ['voltageV', 'V', 0],
  ['efficiency', '%', 1],
] as const;

/** Detailed monitoring of one motor: live readings, history, nameplate and recent commands. */
export default function MotorDetailSheet({ item, live, pending, open, onOpenChange, onPower }: MotorDetailSheetProps) {
  const t = useStrings(motorsStrings);
  const { language } = useLanguage();
  // Every time in the sheet is the motor's facility's clock, said once under the title.
  const zone = useFacilityZones().of(item.facilityId);
  const r = live.readings;
  const running = (r.rpm ?? 0) > 0;
  const display = (metric: (typeof motorMetrics)[number]): string => {
    const value = r[metric];
    switch (metric) {
      case 'temperature':
        return formatTemperature(value, language);
      case 'efficiency':
        return formatQuantity(running ? value : null, metricUnit(metric, false), language, 1);
      case 'rpm':
        return formatQuantity(value, 'rpm', language);
      case 'vibration':
        return formatQuantity(value, 'mm/s', language, 2);
      default:
        return formatQuantity(value, metricUnit(metric, false), language, metric === 'powerKw' ? 2 : 1);
    }
  };

  return (
    <DetailSheet
      open={open}
      onOpenChange={onOpenChange}
      title={item.name}
      description={
        <>
          {t('detail.title')} · {[item.roomName ?? item.location, item.facilityName].filter(Boolean).join(' · ')}
        </>
      }
      header={zone && <ZoneNote place={zone.place} timeZone={zone.timeZone} />}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <StatusBadge status={live.status} />
        <MotorPowerSwitch
          name={item.name}
          facility={item.facilityName}
          on={live.on}
          pending={pending || live.pending}
          lockedBy={item.lockedBy}
          onChange={onPower}
        />
      </div>

      <SheetSection title={t('detail.readings')}>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {motorMetrics.map((metric) => (
            <div key={metric} className="rounded-md border p-3" data-metric={metric}>
              <dt className="text-xs text-muted-foreground">{t(`metric.${metric}`)}</dt>
              <dd className="mt-1 text-lg font-semibold tabular-nums">{display(metric)}</dd>
            </div>
          ))}
        </dl>
        <p className="min-h-4 text-xs text-muted-foreground">
          {live.readingsAt
            ? t('detail.updated', { time: formatDateTime(live.readingsAt, language, zone?.timeZone) })
            : t('detail.noReadings')}
        </p>
      </SheetSection>

      <SheetSection title={t('detail.history')}>
        <MotorHistory motorId={item.id} motorName={item.name} timeZone={zone?.timeZone} />
      </SheetSection>

      <SheetSection title={t('detail.rated')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          {ratedKeys.map(([key, unit, digits]) => (
            <div key={key} className="flex justify-between gap-2 border-b py-1">
              <dt className="text-muted-foreground">{t(`rated.${key}`)}</dt>
              <dd className="tabular-nums">{formatQuantity(item.rated[key], unit, language, digits)}</dd>
            </div>
          ))}
        </dl>
      </SheetSection>

      <SheetSection title={t('detail.commands')}>
        <MotorCommands motorId={item.id} timeZone={zone?.timeZone} />
      </SheetSection>
    </DetailSheet>
  );
}
