import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { RoleGatedButton } from '../../components/role-gated';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { useFacilityZones } from '../plant/use-facility-zones';
import { formatMetricValue } from '../../lib/metric-format';
import { sourceKind } from './alert-format';
import { AlertWorkOrder } from './alert-work-order';
import { alertsStrings } from './alerts.strings';

// What an alert's table row and its phone card both show.

const statusTone: Record<AlertItem['status'], string> = {
  active: 'bg-red-500/15 text-red-800 dark:text-red-300',
  acknowledged: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  cleared: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

/** The alert's status, and who cleared it (with the note) once cleared. */
export function AlertStatus({ alert }: { alert: AlertItem }) {
  const t = useStrings(alertsStrings);
  return (
    <>
      <span
        className={cn(
          'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
          statusTone[alert.status],
        )}
      >
        {t(`status.${alert.status}`)}
      </span>
      {alert.status === 'cleared' && (
        <span className="mt-1 block text-xs text-muted-foreground">
          {alert.clearedByName ? t('clearedBy', { name: alert.clearedByName }) : t('autoCleared')}
          {alert.clearNote && <span className="block italic">“{alert.clearNote}”</span>}
        </span>
      )}
    </>
  );
}

/** The zone an alert's times read in: its facility's clock (a site alert's: the site's). */
export function useAlertZone(): (alert: AlertItem) => string | undefined {
  const zones = useFacilityZones();
  return (alert) => alert.facilityTimezone ?? zones.site?.timeZone;
}

/** Who acknowledged the alert, when, and their note; a dash before. */
export function AlertAcknowledgement({ alert }: { alert: AlertItem }) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  const zoneOf = useAlertZone();
  if (!alert.acknowledgedAt) return <span className="text-muted-foreground">—</span>;
  return (
    <>
      <span className="block text-sm">{alert.acknowledgedByName ?? t('unknownPerson')}</span>
      <span className="block text-muted-foreground">
        {t('acknowledgedAt', { time: formatDateTime(alert.acknowledgedAt, language, zoneOf(alert)) })}
      </span>
      {alert.acknowledgeNote && (
        <span className="mt-0.5 block text-muted-foreground italic" data-slot="ack-note">
          “{alert.acknowledgeNote}”
        </span>
      )}
    </>
  );
}

export interface AlertActionProps {
  /** The alert an action is running on (its buttons wait). */
  pendingId: string | null;
  onAcknowledge: (alert: AlertItem) => void;
  onClear: (alert: AlertItem) => void;
}

/** "Reconhecer" (while active) and "Encerrar" (until cleared), for operators; the alert's work order. */
export function AlertActions({
  alert,
  pendingId,
  onAcknowledge,
  onClear,
  className,
}: AlertActionProps & { alert: AlertItem; className: string }) {
  const t = useStrings(alertsStrings);
  const name = alert.equipmentName ?? t('site.name');
  return (
    <div className={className}>
      {alert.status === 'active' && (
        <OperatorButton
          label={t('acknowledge')}
          ariaLabel={t('acknowledgeOf', { name })}
          pending={pendingId === alert.id}
          onClick={() => {
            onAcknowledge(alert);
          }}
        />
      )}
      {alert.status !== 'cleared' && (
        <OperatorButton
          variant="outline"
          label={t('clear')}
          ariaLabel={t('clearOf', { name })}
          pending={pendingId === alert.id}
          onClick={() => {
            onClear(alert);
          }}
        />
      )}
      <AlertWorkOrder alert={alert} />
    </div>
  );
}

interface OperatorButtonProps {
  label: string;
  ariaLabel: string;
  variant?: 'outline';
  /** An action is already running on this alert. */
  pending: boolean;
  onClick: () => void;
}

/** A row action only an operator can take (disabled for a viewer). */
function OperatorButton({ label, ariaLabel, variant, pending, onClick }: OperatorButtonProps) {
  return (
    <RoleGatedButton
      needs="operator"
      size="sm"
      variant={variant}
      aria-label={ariaLabel}
      disabled={pending}
      onClick={onClick}
    >
      {label}
    </RoleGatedButton>
  );
}

/** How the alert comes about: its rule's thresholds, silence, or an event of the device. */
export function ruleLine(
  alert: AlertItem,
  t: AreaTranslate<keyof (typeof alertsStrings)['pt']>,
  language: Language,
): string {
  const kind = sourceKind(alert.source);
  if (kind === 'silence') return t('source.silence');
  if (kind === 'event') return t('source.event');
  if (kind === 'site') return t('source.site');
  if (!alert.rule) return t('source.ruleRemoved');
  const { rule } = alert;
  return t(rule.comparison === 'above' ? 'rule.above' : 'rule.below', {
    threshold: formatMetricValue(rule.metric, rule.threshold, language),
    clearAt: formatMetricValue(rule.metric, rule.clearAt, language),
  });
}
