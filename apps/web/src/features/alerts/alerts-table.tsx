import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { BellOff } from 'lucide-react';
import { RoleGated } from '../../components/role-gated';
import { SeverityBadge } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { alertsStrings } from './alerts.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { alertText } from '../../lib/alert-text';
import { formatMetricValue } from '../../lib/metric-format';
import { formatAlertValue, sourceKind } from './alert-format';

const cell = 'px-3 py-2.5 text-left align-top';

const statusTone: Record<AlertItem['status'], string> = {
  active: 'bg-red-500/15 text-red-800 dark:text-red-300',
  acknowledged: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  cleared: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

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
    <RoleGated needs="operator">
      {(allowed) => (
        <Button size="sm" variant={variant} aria-label={ariaLabel} disabled={!allowed || pending} onClick={onClick}>
          {label}
        </Button>
      )}
    </RoleGated>
  );
}

interface AlertsTableProps {
  items: AlertItem[] | undefined;
  /** The list shows what the filters ask for; empty means "nothing open" only without filters. */
  filtered: boolean;
  stale: boolean;
  busy: boolean;
  /** The alert an action is running on (its buttons wait). */
  pendingId: string | null;
  onAcknowledge: (alert: AlertItem) => void;
  onClear: (alert: AlertItem) => void;
}

/** The alert list: severity, equipment, message and its rule, value, times, status, who acknowledged, actions. */
export function AlertsTable({ items, filtered, stale, busy, pendingId, onAcknowledge, onClear }: AlertsTableProps) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  const columns = [
    t('col.severity'),
    t('col.equipment'),
    t('col.message'),
    t('col.value'),
    t('col.raisedAt'),
    t('col.status'),
    t('col.acknowledgedBy'),
    t('col.actions'),
  ];

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table
        className={cn('w-full min-w-[50rem] text-sm', stale && 'opacity-60')}
        aria-label={t('listLabel')}
        aria-busy={busy}
      >
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className={cn(cell, 'whitespace-nowrap')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {!items ? (
            <SkeletonRows />
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-muted-foreground">
                <span className="inline-flex items-center gap-2">
                  <BellOff aria-hidden className="size-4" />
                  {filtered ? t('emptyFiltered') : t('empty')}
                </span>
              </td>
            </tr>
          ) : (
            items.map((alert) => (
              <tr key={alert.id} data-alert-id={alert.id} data-status={alert.status}>
                <td className={cell}>
                  <SeverityBadge severity={alert.severity} />
                </td>
                <td className={cell}>
                  <span className="block font-medium">{alert.equipmentName ?? t('site.name')}</span>
                  <span className="block text-xs text-muted-foreground">{alert.facilityName ?? t('site.scope')}</span>
                </td>
                <td className={cn(cell, 'min-w-48')}>
                  <span className="block">{alertText(alert, language)}</span>
                  <span className="mt-0.5 block text-xs text-muted-foreground">{ruleLine(alert, t, language)}</span>
                </td>
                <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{formatAlertValue(alert, language)}</td>
                <td className={cn(cell, 'min-w-24 text-muted-foreground')}>
                  {formatDateTime(alert.raisedAt, language)}
                </td>
                <td className={cell}>
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
                </td>
                <td className={cn(cell, 'text-xs')}>
                  {alert.acknowledgedAt ? (
                    <>
                      <span className="block text-sm">{alert.acknowledgedByName ?? t('unknownPerson')}</span>
                      <span className="block text-muted-foreground">
                        {t('acknowledgedAt', { time: formatDateTime(alert.acknowledgedAt, language) })}
                      </span>
                      {alert.acknowledgeNote && (
                        <span className="mt-0.5 block text-muted-foreground italic" data-slot="ack-note">
                          “{alert.acknowledgeNote}”
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className={cell}>
                  <div className="flex flex-col items-stretch gap-1.5">
                    {alert.status === 'active' && (
                      <OperatorButton
                        label={t('acknowledge')}
                        ariaLabel={t('acknowledgeOf', { name: alert.equipmentName ?? t('site.name') })}
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
                        ariaLabel={t('clearOf', { name: alert.equipmentName ?? t('site.name') })}
                        pending={pendingId === alert.id}
                        onClick={() => {
                          onClear(alert);
                        }}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** How the alert comes about: its rule's thresholds, silence, or an event of the device. */
function ruleLine(alert: AlertItem, t: AreaTranslate<keyof (typeof alertsStrings)['pt']>, language: Language): string {
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

function SkeletonRows() {
  return Array.from({ length: 6 }, (_, row) => (
    <tr key={row} aria-hidden data-slot="skeleton">
      {[16, 36, 72, 14, 24, 18, 24, 30].map((width, column) => (
        <td key={column} className={cell}>
          <span className="block h-4 animate-pulse rounded bg-muted" style={{ width: `${width * 4}px` }} />
        </td>
      ))}
    </tr>
  ));
}
