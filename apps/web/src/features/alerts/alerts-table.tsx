import type { AlertItem } from '@sentinela/shared/alerts';
import { BellOff } from 'lucide-react';
import { ListEmptyNote, ListSkeletonRows, ListTable, listTableCell } from '../../components/list-table';
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

const cell = listTableCell;

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
  const empty = <ListEmptyNote icon={<BellOff aria-hidden className="size-4" />} filtered={filtered} t={t} />;
  if (isMobile)
    return (
      <DeviceCardList items={items} stale={stale} busy={busy} empty={empty} label={t('listLabel')} skeletonCards={6}>
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
    <ListTable
      columns={columns}
      items={items}
      minWidth="min-w-[50rem]"
      label={t('listLabel')}
      stale={stale}
      busy={busy}
      empty={empty}
      skeleton={<ListSkeletonRows widths={[16, 36, 72, 14, 24, 18, 24, 30]} />}
      row={(alert) => (
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
      )}
    />
  );
}
