import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LiveBadge } from '../../components/live-badge';
import { EmptyState, QueryError } from '../../components/query-state';
import { StatusBadge } from '../../components/status-badge';
import { CardSection } from '../../components/card-section';
import { Select } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { formatQuantity, formatTemperature, formatTimeWithSeconds } from '../../lib/format';
import { ZoneNote } from '../../components/zone-note';
import { dashboardStrings } from './dashboard.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useLiveTelemetry, type MetricValues } from '../../lib/live';
import { useTRPC } from '../../lib/trpc';

type MetricKey = 'temperature' | 'vibration' | 'current' | 'efficiency' | 'rpm' | 'power';

/** Real-time monitoring: the chosen motor's current metrics, kept live by the stream. */
export function MotorMonitor({ className }: { className?: string }) {
  const t = useStrings(dashboardStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const selectId = useId();
  const motors = useQuery(trpc.dashboard.motors.queryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const motorId = chosen ?? motors.data?.[0]?.id ?? null;
  const motor = motors.data?.find((m) => m.id === motorId);
  const live = useLiveTelemetry(motorId ? [motorId] : [], { enabled: motorId !== null });
  const values: MetricValues | undefined = motorId ? live.values[motorId] : undefined;
  const updatedAt = motorId ? live.updatedAt[motorId] : undefined;
  const status = (motorId && live.statuses[motorId]) || motor?.status;
  const stopped = values?.rpm === 0;

  const shown: Record<MetricKey, string> = {
    temperature: formatTemperature(values?.temperature, language),
    vibration: formatQuantity(values?.vibration, 'mm/s', language, 2),
    current: formatQuantity(values?.current, 'A', language, 1),
    efficiency: stopped ? '—' : formatQuantity(values?.efficiency, '%', language, 1),
    rpm: formatQuantity(values?.rpm, 'rpm', language),
    power: formatQuantity(values?.powerKw, 'kW', language, 2),
  };

  return (
    <CardSection
      title={t('realtime')}
      description={t('realtimeDescription')}
      action={<LiveBadge status={live.live} />}
      className={className}
      contentClassName="flex flex-1 flex-col gap-4"
    >
      {motors.isError && !motors.data ? (
        <QueryError query={motors} />
      ) : motors.data?.length === 0 ? (
        <EmptyState>{t('noMotors')}</EmptyState>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('motor')}
            </label>
            {motors.data ? (
              <Select
                id={selectId}
                value={motorId ?? ''}
                onChange={(event) => {
                  setChosen(event.target.value);
                }}
                className="w-full max-w-xs min-w-0 sm:w-72"
              >
                {motors.data.map((m) => (
                  <option key={m.id} value={m.id}>
                    {`${m.name} · ${m.facilityName}`}
                  </option>
                ))}
              </Select>
            ) : (
              <Skeleton className="h-9 w-72 max-w-full" />
            )}
            {status && <StatusBadge status={status} />}
          </div>
          <div>
            <h3 className="mb-2 text-sm font-medium text-muted-foreground">{t('currentMetrics')}</h3>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy={!live.ready}>
              {(Object.keys(shown) as MetricKey[]).map((key) => (
                <div key={key} role="group" aria-label={t(key)} data-metric={key} className="rounded-md border p-3">
                  <p className="text-xs text-muted-foreground">{t(key)}</p>
                  <p className="mt-1 h-7 text-lg font-semibold tabular-nums">
                    {live.ready || values ? shown[key] : <Skeleton className="h-6 w-16" />}
                  </p>
                </div>
              ))}
            </div>
          </div>
          <p className="min-h-4 text-xs text-muted-foreground" aria-live="off">
            {live.ready && !values
              ? t('noReadings')
              : updatedAt
                ? `${t('updatedAt', { time: formatTimeWithSeconds(updatedAt, language, motor?.facilityTimezone) })}${stopped ? ` · ${t('stopped')}` : ''}`
                : ''}
          </p>
          {motor && <ZoneNote place={motor.facilityName} timeZone={motor.facilityTimezone} />}
        </>
      )}
    </CardSection>
  );
}
