import type { AlertItem } from '@sentinela/shared/alerts';
import type { Language } from '@sentinela/shared/language';
import { ClipboardList, Wrench } from 'lucide-react';
import { Link } from 'wouter';
import { RoleGated } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { alertText } from '../../lib/alert-text';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { alertsStrings } from './alerts.strings';

// An alert's work order (issue 12): the one opened from it, or "Abrir ordem de serviço". The
// maintenance page opens its form from the link (/maintenance?fromAlert=…): features do not
// import each other, so the alert travels as plain URL parameters.

const TITLE_MAX = 160;
const priorityOf: Record<AlertItem['severity'], string> = { critical: 'urgent', warning: 'high', info: 'medium' };

/** /maintenance with the new-order form prefilled from the alert: its equipment, text and severity. */
export function workOrderFromAlertHref(alert: AlertItem, language: Language): string {
  const params = new URLSearchParams({
    fromAlert: alert.id,
    equipment: alert.equipmentId ?? '',
    title: alertText(alert, language).slice(0, TITLE_MAX),
    priority: priorityOf[alert.severity],
  });
  return `/maintenance?${params.toString()}`;
}

const isOpen = (status: NonNullable<AlertItem['workOrder']>['status']) =>
  status === 'scheduled' || status === 'in_progress';

/** The order link ("OS-2026-0012 · em andamento") and, on an open alert without an open order, the button. */
export function AlertWorkOrder({ alert }: { alert: AlertItem }) {
  const t = useStrings(alertsStrings);
  const { language } = useLanguage();
  const order = alert.workOrder;
  const canOpen = alert.status !== 'cleared' && alert.equipmentId !== null && (!order || !isOpen(order.status));
  return (
    <>
      {order && (
        <Link
          href={`/maintenance?order=${order.id}`}
          data-slot="alert-work-order"
          aria-label={t('workOrderOf', { number: order.number, status: t(`workOrder.${order.status}`) })}
          className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap underline underline-offset-2"
        >
          <ClipboardList aria-hidden className="size-3.5" />
          {order.number} · {t(`workOrder.${order.status}`)}
        </Link>
      )}
      {canOpen && (
        <RoleGated needs="operator">
          {(allowed) =>
            allowed ? (
              <Button asChild size="sm" variant="outline">
                <Link
                  href={workOrderFromAlertHref(alert, language)}
                  aria-label={t('openWorkOrderOf', { name: alert.equipmentName ?? '' })}
                >
                  <Wrench aria-hidden />
                  {t('openWorkOrder')}
                </Link>
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled>
                <Wrench aria-hidden />
                {t('openWorkOrder')}
              </Button>
            )
          }
        </RoleGated>
      )}
    </>
  );
}
