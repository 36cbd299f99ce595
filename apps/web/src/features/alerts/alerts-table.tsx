import type { AlertItem } from '@sentinela/shared/alerts';
import { BellOff } from 'lucide-react';
import { SeverityBadge } from '../../components/status-badge';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { alertsStrings } from './alerts.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { DeviceCardList } from '../plant/device-card';
import { AlertCard } from './alert-card';
import { AlertHistory } from './alert-history';
import { alertText } from '../../lib/alert-text';
import { formatAlertValue } from './alert-format';
import {
  AlertAcknowledgement,
  AlertActions,
  AlertStatus,
  ruleLine,
  useAlertZone,
  type AlertActionProps,
} from './alert-parts';

const cell = 'px-3 py-2.5 text-left align-top';

interface AlertsTableProps extends AlertActionProps {
  items: AlertItem[] | undefined;
  /** The list shows what the filters ask for; empty means "nothing open" only without filters. */
  filtered: boolean;
  stale: boolean;
  busy: boolean;
  /** The alert a link points at (/alerts?alert=<id>): marked. */
  highlightId?: string | null;
}

/**
 * The alert list: severity, equipment, message and its rule, value, times, status, who
 * acknowledged, actions. On a phone, a card per alert.
 */
export function AlertsTable({ items, filtered, stale, busy, highlightId = null, ...actions }: AlertsTableProps) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  const isMobile = useIsMobile();
  const zoneOf = useAlertZone();
  const empty = (
    <span className="inline-flex items-center gap-2">
      <BellOff aria-hidden className="size-4" />
      {filtered ? t('emptyFiltered') : t('empty')}
    </span>
  );
  if (isMobile)
    return (
      <DeviceCardList
        loading={!items}
        stale={stale}
        busy={busy}
        empty={items?.length === 0 ? empty : null}
        label={t('listLabel')}
        skeletonCards={6}
      >
        {items?.map((alert) => (
          <AlertCard key={alert.id} alert={alert} {...actions} />
        ))}
      </DeviceCardList>
    );
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
                {empty}
              </td>
            </tr>
          ) : (
            items.map((alert) => (
              <tr
                key={alert.id}
                data-alert-id={alert.id}
                data-status={alert.status}
                aria-current={alert.id === highlightId ? 'true' : undefined}
                className={cn(alert.id === highlightId && 'bg-accent/60')}
              >
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
                  <AlertHistory alert={alert} />
                </td>
                <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{formatAlertValue(alert, language)}</td>
                <td className={cn(cell, 'min-w-24 text-muted-foreground')}>
                  {formatDateTime(alert.raisedAt, language, zoneOf(alert))}
                </td>
                <td className={cell}>
                  <AlertStatus alert={alert} />
                </td>
                <td className={cn(cell, 'text-xs')}>
                  <AlertAcknowledgement alert={alert} />
                </td>
                <td className={cell}>
                  <AlertActions alert={alert} className="flex flex-col items-stretch gap-1.5" {...actions} />
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
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
