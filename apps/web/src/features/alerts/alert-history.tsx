import { alertSeverities } from '@sentinela/shared/alert-values';
import type { AlertItem } from '@sentinela/shared/alerts';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { formatAlertValue } from './alert-format';
import { alertsStrings } from './alerts.strings';

/**
 * An alert's band changes (one alert per metric: a worse band escalates it, a milder one
 * de-escalates it), oldest first; nothing when it never changed band.
 */
export function AlertHistory({ alert }: { alert: Pick<AlertItem, 'changes' | 'rule'> }) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  if (alert.changes.length === 0) return null;
  return (
    <details className="mt-1 text-xs text-muted-foreground" data-slot="alert-history">
      <summary className="cursor-pointer select-none">{t('history', { count: alert.changes.length })}</summary>
      <ol className="mt-1 space-y-0.5">
        {alert.changes.map((change) => {
          // alertSeverities runs from the worst: a lower index is worse.
          const escalated = alertSeverities.indexOf(change.toSeverity) < alertSeverities.indexOf(change.fromSeverity);
          const words = {
            from: t(`level.${change.fromSeverity}`),
            to: t(`level.${change.toSeverity}`),
            value: formatAlertValue({ value: change.value, rule: alert.rule }, language),
          };
          return (
            <li key={change.at.getTime()}>
              <span className="tabular-nums">{formatDateTime(change.at, language)}</span>
              {' · '}
              {t(escalated ? 'change.escalated' : 'change.deescalated', words)}
              {change.acknowledgementReset && ` ${t('change.acknowledgementReset')}`}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
