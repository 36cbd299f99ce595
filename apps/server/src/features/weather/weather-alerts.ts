import { inArray } from 'drizzle-orm';
import type { Database } from '@sentinela/db/client';
import { alerts } from '@sentinela/db/schema/plant';
import { weatherAlertMessage } from '@sentinela/shared/alert-messages';
import type { LiveEvent } from '@sentinela/shared/live-events';
import type { WeatherWarning } from '@sentinela/shared/weather';
import { raiseSiteAlert } from '../../platform/site-alerts';

/** The site alert's source of a warning: one per facility, kind and day, ever. */
export const weatherAlertSource = (facilityId: string, w: WeatherWarning) =>
  `weather:${facilityId}:${w.kind}:${w.date}`;

const ptValue = (w: WeatherWarning) =>
  w.unit === 'C' ? `${w.value} °C` : w.unit === 'kmh' ? `vento de ${w.value} km/h` : `${w.value} mm de chuva`;

/**
 * Raises an info site alert for each forecast warning not raised before (an alert with its source
 * in any status counts), so it appears on the alerts page and the events timeline once.
 */
export async function raiseWeatherAlerts(
  db: Database,
  bus: { publish(event: LiveEvent): void },
  warnings: readonly { facilityId: string; facility: string; warning: WeatherWarning }[],
  now: Date,
): Promise<number> {
  if (warnings.length === 0) return 0;
  const sources = warnings.map((w) => weatherAlertSource(w.facilityId, w.warning));
  const known = new Set(
    (await db.select({ source: alerts.source }).from(alerts).where(inArray(alerts.source, sources))).map(
      (r) => r.source,
    ),
  );
  let raised = 0;
  for (const { facilityId, facility, warning } of warnings) {
    const source = weatherAlertSource(facilityId, warning);
    if (known.has(source)) continue;
    const heat = warning.kind === 'heat-wave';
    // Two runs at once (the job and a page) both pass the check above; the open alert's unique
    // source makes the second an update, so only a new row counts.
    const outcome = await raiseSiteAlert(db, bus, {
      source,
      severity: 'info',
      message: heat
        ? `${facility}: onda de calor prevista em ${warning.date}, máxima de ${ptValue(warning)}`
        : `${facility}: tempestade prevista em ${warning.date}, ${ptValue(warning)}`,
      text: weatherAlertMessage(warning.kind, facility, warning.date, warning.value, warning.unit),
      value: warning.value,
      at: now,
    });
    if (outcome.raised) raised++;
  }
  return raised;
}
