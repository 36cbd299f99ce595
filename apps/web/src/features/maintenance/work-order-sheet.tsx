import { skipToken, useQuery } from '@tanstack/react-query';
import type { WorkOrderDetail, WorkOrderItem } from '@sentinela/shared/maintenance';
import { useState } from 'react';
import { RoleGated, RoleGatedButton } from '../../components/role-gated';
import { ZoneNote } from '../../components/zone-note';
import { QuerySheet, Fact, SheetSection } from '../../components/detail-sheet';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { maintenanceStrings } from './maintenance.strings';
import type { WorkOrderDialogKind } from './work-order-action-dialogs';
import { formatMoneyText, placeLabel, PriorityBadge, technicianLabel, WorkOrderStatusBadges } from './work-order-parts';
import type { WorkOrderActionsApi } from './use-work-order-actions';
import { PrintOrderButton } from './work-order-print';
import { WorkOrderPartLines } from './work-order-part-lines';
import { workOrderPartLinesStrings } from './work-order-part-lines.strings';

type T = AreaTranslate<keyof (typeof maintenanceStrings)['pt']>;

interface WorkOrderSheetProps {
  id: string | null;
  actions: WorkOrderActionsApi;
  onDialog: (kind: WorkOrderDialogKind, order: WorkOrderItem) => void;
  onOpenChange: (open: boolean) => void;
}

/** An audited transition in words: "Iniciada por ana@… ". */
function historyLabel(t: T, entry: WorkOrderDetail['history'][number]): string {
  const action = entry.action.replace(/^workOrders\./, '');
  switch (action) {
    case 'create':
      return t('history.created');
    case 'start':
      return t('history.started');
    case 'complete':
      return t('history.completed');
    case 'cancel':
      return t('history.cancelled');
    case 'reschedule':
      return t('history.rescheduled');
    case 'reassign':
      return t('history.reassigned');
    case 'check':
      return entry.details?.done === false ? t('history.unchecked') : t('history.checked');
    case 'partSet':
    case 'partRemove':
      return t(`history.${action}`, { code: typeof entry.details?.code === 'string' ? entry.details.code : '—' });
    default:
      return t('history.other');
  }
}

/** One order: every field, its checklist (ticked here), its history, and its transitions. */
export default function WorkOrderSheet({ id, actions, onDialog, onOpenChange }: WorkOrderSheetProps) {
  const t = useStrings(maintenanceStrings);
  const trpc = useTRPC();
  const order = useQuery(trpc.maintenance.orders.get.queryOptions(id === null ? skipToken : { id }));
  const data = order.data;
  return (
    <QuerySheet
      open={id !== null}
      onOpenChange={onOpenChange}
      title={data ? t('detail.title', { number: data.number }) : t('details')}
      query={order}
      description={(record) => record.title}
    >
      {(record) => <WorkOrderBody order={record} actions={actions} onDialog={onDialog} />}
    </QuerySheet>
  );
}

function WorkOrderBody({
  order,
  actions,
  onDialog,
}: {
  order: WorkOrderDetail;
  actions: WorkOrderActionsApi;
  onDialog: WorkOrderSheetProps['onDialog'];
}) {
  const t = useStrings(maintenanceStrings);
  const tParts = useStrings(workOrderPartLinesStrings);
  const { language } = useLanguage();
  const zone = order.facility.timezone;
  const when = (at: Date | null) => formatDateTime(at, language, zone);
  const open = order.status === 'scheduled' || order.status === 'in_progress';
  const busy = actions.pendingId === order.id;
  const operatorButton = (label: string, onClick: () => void, variant: 'default' | 'outline' = 'outline') => (
    <RoleGatedButton needs="operator" size="sm" variant={variant} disabled={busy} onClick={onClick}>
      {label}
    </RoleGatedButton>
  );

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <WorkOrderStatusBadges order={order} />
        <PriorityBadge priority={order.priority} />
        <span className="text-sm text-muted-foreground">{t(`kind.${order.kind}`)}</span>
        <span className="ml-auto">
          <PrintOrderButton order={order} />
        </span>
      </div>
      {open && (
        <div className="flex flex-wrap gap-2" data-slot="order-actions">
          {order.status === 'scheduled' &&
            operatorButton(t('start'), () => actions.start.mutate({ id: order.id }), 'default')}
          {order.status === 'in_progress' &&
            operatorButton(t('complete'), () => onDialog('complete', order), 'default')}
          {operatorButton(t('reschedule'), () => onDialog('reschedule', order))}
          {operatorButton(t('reassign'), () => onDialog('reassign', order))}
          <RoleGatedButton needs="admin" size="sm" variant="destructive" onClick={() => onDialog('cancel', order)}>
            {t('cancelOrder')}
          </RoleGatedButton>
        </div>
      )}
      <ZoneNote place={order.facility.name} timeZone={zone} />
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <Fact label={t('detail.place')}>{placeLabel(order)}</Fact>
        <Fact label={t('col.technician')}>{technicianLabel(t, order.technician)}</Fact>
        <Fact label={t('detail.scheduled')}>{when(order.scheduledAt)}</Fact>
        <Fact label={t('detail.duration')}>
          {t('duration', { hours: formatNumber(order.durationHours, language, 2) })}
        </Fact>
        {order.startedAt && <Fact label={t('detail.started')}>{when(order.startedAt)}</Fact>}
        {order.completedAt && <Fact label={t('detail.completedAt')}>{when(order.completedAt)}</Fact>}
      </dl>
      {order.description && (
        <SheetSection title={t('detail.description')}>
          <p className="text-sm whitespace-pre-wrap">{order.description}</p>
        </SheetSection>
      )}
      <SheetSection title={t('detail.checklist')}>
        {order.checklistItems.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noChecklist')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {order.checklistItems.map((item) => (
              <li key={item.id} className="flex items-start gap-2 text-sm">
                <ChecklistTick
                  id={`check-${item.id}`}
                  done={item.doneAt !== null}
                  disabled={!open || busy}
                  onTick={(done, settled) => {
                    actions.check.mutate({ id: order.id, itemId: item.id, done }, { onSettled: settled });
                  }}
                />
                <label htmlFor={`check-${item.id}`} className="flex flex-col">
                  <span>
                    {item.label}
                    {item.mandatory && <span className="text-muted-foreground"> ({t('detail.mandatory')})</span>}
                  </span>
                  {item.doneAt && (
                    <span className="text-xs text-muted-foreground">
                      {t('detail.doneBy', { who: item.doneBy ?? '—', at: when(item.doneAt) })}
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        )}
      </SheetSection>
      <SheetSection title={tParts('title')}>
        <WorkOrderPartLines workOrderId={order.id} timeZone={zone} />
      </SheetSection>
      {order.notes && (
        <SheetSection title={t('detail.notes')}>
          <p className="text-sm whitespace-pre-wrap">{order.notes}</p>
        </SheetSection>
      )}
      {(order.status === 'completed' || order.status === 'cancelled') && (
        <SheetSection title={t('detail.result')}>
          <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
            {order.status === 'completed' ? (
              <>
                <Fact label={t('detail.laborHours')}>{formatNumber(order.laborHours, language, 2)}</Fact>
                <Fact label={t('detail.partsCost')}>{formatMoneyText(order.partsCost, language)}</Fact>
                <Fact label={t('detail.otherCost')}>{formatMoneyText(order.otherCost, language)}</Fact>
                <Fact label={t('detail.closingNote')}>{order.closingNote ?? '—'}</Fact>
              </>
            ) : (
              <Fact label={t('detail.cancelReason')}>{order.cancelReason ?? '—'}</Fact>
            )}
          </dl>
        </SheetSection>
      )}
      <SheetSection title={t('detail.history')}>
        <ol className="flex flex-col gap-1.5 text-sm" data-slot="order-history">
          {order.history.map((entry, index) => (
            <li key={index}>
              <span className="font-medium">{historyLabel(t, entry)}</span>{' '}
              <span className="text-muted-foreground">
                {when(entry.at)}
                {entry.actor && ` · ${t('history.by', { who: entry.actor })}`}
              </span>
            </li>
          ))}
        </ol>
      </SheetSection>
    </>
  );
}

/** A checklist item's tick box (operators): the tick shows at once, the server's answer then replaces it. */
function ChecklistTick({
  id,
  done,
  disabled,
  onTick,
}: {
  id: string;
  done: boolean;
  disabled: boolean;
  onTick: (done: boolean, settled: () => void) => void;
}) {
  const [ticked, setTicked] = useState<boolean | null>(null);
  return (
    <RoleGated needs="operator">
      {(allowed) => (
        <input
          type="checkbox"
          id={id}
          className="mt-0.5 size-4"
          checked={ticked ?? done}
          disabled={!allowed || disabled}
          onChange={(event) => {
            setTicked(event.target.checked);
            onTick(event.target.checked, () => {
              setTicked(null);
            });
          }}
        />
      )}
    </RoleGated>
  );
}
