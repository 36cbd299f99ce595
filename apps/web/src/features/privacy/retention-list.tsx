import type { RetentionPeriods } from '@sentinela/shared/privacy';
import type { AreaTranslate } from '../../lib/i18n/strings';
import type { privacyStrings } from './privacy.strings';

type T = AreaTranslate<keyof (typeof privacyStrings)['pt']>;

/** The retention periods in force: raw telemetry, minute and hour rollups (kept for ever), audit. */
export function RetentionList({ t, retention, headingId }: { t: T; retention: RetentionPeriods; headingId: string }) {
  const rows: [string, string][] = [
    [t('retentionRaw'), t('days', { count: retention.rawDays })],
    [t('retentionMinute'), t('days', { count: retention.minuteDays })],
    [t('retentionHour'), t('forever')],
    [t('retentionAudit'), t('days', { count: retention.auditDays })],
  ];
  return (
    <dl aria-labelledby={headingId} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
