import type { AlertItem } from '@sentinela/shared/alerts';
import { SeverityBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { DeviceCard } from '../plant/device-card';
import { alertText } from '../../lib/alert-text';
import { formatAlertValue } from './alert-format';
import { AlertHistory } from './alert-history';
import {
  AlertAcknowledgement,
  AlertActions,
  AlertStatus,
  ruleLine,
  useAlertZone,
  type AlertActionProps,
} from './alert-parts';
import { alertsStrings } from './alerts.strings';

/** One alert on a phone: equipment and facility, severity and status with its actions, the message, value and times. */
export function AlertCard({ alert, ...actions }: AlertActionProps & { alert: AlertItem }) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  const zoneOf = useAlertZone();
  return (
    <DeviceCard
      attributes={{ 'data-alert-id': alert.id, 'data-status': alert.status }}
      title={
        <>
          <span className="block font-medium">{alert.equipmentName ?? t('site.name')}</span>
          <span className="block text-xs text-muted-foreground" data-slot="place">
            {alert.facilityName ?? t('site.scope')}
          </span>
        </>
      }
      status={
        <>
          <SeverityBadge severity={alert.severity} />
          <AlertStatus alert={alert} />
        </>
      }
      action={<AlertActions alert={alert} className="flex flex-wrap justify-end gap-1.5" {...actions} />}
      figures={[
        { label: t('col.value'), value: formatAlertValue(alert, language) },
        { label: t('col.raisedAt'), value: formatDateTime(alert.raisedAt, language, zoneOf(alert)) },
      ]}
    >
      <p>
        <span className="block">{alertText(alert, language)}</span>
        <span className="mt-0.5 block text-xs text-muted-foreground">{ruleLine(alert, t, language)}</span>
      </p>
      <AlertHistory alert={alert} />
      {alert.acknowledgedAt && (
        <div className="text-xs">
          <span className="block text-muted-foreground">{t('col.acknowledgedBy')}</span>
          <AlertAcknowledgement alert={alert} />
        </div>
      )}
    </DeviceCard>
  );
}
