import { TableHead } from '../../components/list-table';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PurchaseOrderDetail, PurchaseOrderOptions } from '@sentinela/shared/purchase-orders';
import { formatCnpj } from '@sentinela/shared/cnpj';
import { Printer } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { ActionButton, PurchaseOrderStatusBadges } from './purchase-order-parts';
import { CancelOrderDialog, ReceiveOrderDialog } from './purchase-order-receive';
import { formatDecimalText, formatMoneyText, orderActions, type ActionState } from './purchase-order-values';
import { formatDateOnly } from './purchase-orders-list';
import { purchaseOrdersStrings } from './purchase-orders.strings';

type T = AreaTranslate<keyof (typeof purchaseOrdersStrings)['pt']>;

interface DetailProps {
  id: string;
  options: PurchaseOrderOptions | undefined;
  onEdit: (id: string) => void;
  onClose: () => void;
  onChanged: () => unknown;
}

/** One order: its facts, lines, totals and history, and the actions its status and the caller's role allow. */
export default function PurchaseOrderDetailDialog({ id, options, onEdit, onClose, onChanged }: DetailProps) {
  const t = useStrings(purchaseOrdersStrings);
  const trpc = useTRPC();
  const order = useQuery(trpc.purchaseOrders.get.queryOptions({ id }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('close')} className="max-w-4xl">
        {order.data ? (
          <OrderBody order={order.data} options={options} onEdit={onEdit} onChanged={onChanged} />
        ) : (
          <>
            <DialogTitle>{t('detail.title', { number: '…' })}</DialogTitle>
            <DialogDescription className="sr-only">{t('loading')}</DialogDescription>
            {order.isError ? (
              <QueryError query={order} />
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                {t('loading')}
              </p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Why a disabled action is disabled, in the user's words. */
function useReason(limit: string | undefined) {
  const t = useStrings(purchaseOrdersStrings);
  const tLayout = useStrings(layoutStrings);
  const { language } = useLanguage();
  return (state: ActionState) => {
    if (state.reason === 'overLimit') return t('reason.overLimit', { limit: formatMoneyText(limit ?? '0', language) });
    if (state.reason === 'adminOnly') return t('reason.adminOnly');
    return tLayout('requiresRole', { role: tLayout('role.operator') });
  };
}

function OrderBody({
  order,
  options,
  onEdit,
  onChanged,
}: {
  order: PurchaseOrderDetail;
  options: PurchaseOrderOptions | undefined;
  onEdit: (id: string) => void;
  onChanged: () => unknown;
}) {
  const t = useStrings(purchaseOrdersStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<'receive' | 'cancel' | null>(null);
  const limit = options?.operatorLimit;
  const actions = orderActions(order, user?.role, limit);
  const done = (updated: PurchaseOrderDetail) => {
    notify.success(t('action.done'));
    void onChanged();
    return updated;
  };
  const onError = (error: unknown) => notify.error(errorMessage(error, t('action.failed')));
  const submit = useMutation(trpc.purchaseOrders.submit.mutationOptions({ onSuccess: done, onError }));
  const back = useMutation(trpc.purchaseOrders.returnToDraft.mutationOptions({ onSuccess: done, onError }));
  const approve = useMutation(trpc.purchaseOrders.approve.mutationOptions({ onSuccess: done, onError }));
  const busy = submit.isPending || back.isPending || approve.isPending;
  /** The buttons that move the order on (or back) at once, each off while another is on its way. */
  const transitions: {
    action: 'submit' | 'approve' | 'returnToDraft';
    mutation: typeof submit;
    variant?: 'outline';
  }[] = [
    { action: 'submit', mutation: submit },
    { action: 'approve', mutation: approve },
    { action: 'returnToDraft', mutation: back, variant: 'outline' },
  ];
  const reason = useReason(limit);

  return (
    <>
      <DialogTitle className="flex flex-wrap items-center gap-2">
        {t('detail.title', { number: order.number })}
        <PurchaseOrderStatusBadges status={order.status} late={order.late} />
      </DialogTitle>
      <DialogDescription className="sr-only">{order.supplier.name}</DialogDescription>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <Fact label={t('detail.supplier')}>{order.supplier.name}</Fact>
        <Fact label={t('detail.cnpj')}>{formatCnpj(order.supplier.cnpj)}</Fact>
        <Fact label={t('detail.created')}>{formatDateTime(order.createdAt, language)}</Fact>
        <Fact label={t('detail.expected')}>
          {order.expectedDelivery ? formatDateOnly(order.expectedDelivery, language) : '—'}
        </Fact>
        <Fact label={t('detail.workOrder')}>
          {order.workOrder ? `${order.workOrder.number} · ${order.workOrder.title}` : '—'}
        </Fact>
        {order.notes && <Fact label={t('detail.notes')}>{order.notes}</Fact>}
        {order.cancelReason && <Fact label={t('detail.cancelReason')}>{order.cancelReason}</Fact>}
      </dl>

      <LinesTable order={order} t={t} language={language} />

      <div className="flex flex-wrap gap-2">
        <ActionButton state={actions.edit} reason={reason(actions.edit)} onClick={() => onEdit(order.id)}>
          {t('action.edit')}
        </ActionButton>
        {transitions.map(({ action, mutation, variant }) => (
          <ActionButton
            key={action}
            variant={variant}
            state={{ ...actions[action], allowed: actions[action].allowed && !busy }}
            reason={reason(actions[action])}
            onClick={() => mutation.mutate({ id: order.id })}
          >
            {t(`action.${action}`)}
          </ActionButton>
        ))}
        <ActionButton state={actions.receive} reason={reason(actions.receive)} onClick={() => setDialog('receive')}>
          {t('action.receive')}
        </ActionButton>
        <ActionButton
          variant="destructive"
          state={actions.cancel}
          reason={reason(actions.cancel)}
          onClick={() => setDialog('cancel')}
        >
          {t('action.cancel')}
        </ActionButton>
        <Button size="sm" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden />
          {t('action.print')}
        </Button>
      </div>

      <section aria-label={t('detail.history')} className="flex flex-col gap-2 text-sm">
        <h3 className="font-medium">{t('detail.history')}</h3>
        <ol className="flex flex-col gap-1">
          {order.history.map((h, i) => (
            <li key={i} className="text-muted-foreground">
              {formatDateTime(h.at, language)} · {historyLabel(t, h.action)}
              {h.actor ? ` · ${t('detail.by', { who: h.actor })}` : ''}
            </li>
          ))}
        </ol>
      </section>

      {dialog === 'receive' && (
        <ReceiveOrderDialog
          order={order}
          locations={options?.locations ?? []}
          defaultLocationId={options?.parts.find((p) => order.lines.some((l) => l.partId === p.id))?.defaultLocationId}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog === 'cancel' && <CancelOrderDialog order={order} onClose={() => setDialog(null)} onDone={done} />}
      {createPortal(
        <div data-print-sheet className="hidden print:block">
          <PurchaseOrderPrint order={order} />
        </div>,
        document.body,
      )}
    </>
  );
}

function historyLabel(t: T, action: string): string {
  const key = `history.${action}`;
  return key in purchaseOrdersStrings.pt ? t(key as keyof (typeof purchaseOrdersStrings)['pt']) : action;
}

/** The lines with what was received, the freight and the total. */
function LinesTable({ order, t, language }: { order: PurchaseOrderDetail; t: T; language: 'pt' | 'en' }) {
  const cell = 'px-2 py-1.5 text-left align-top';
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[40rem] text-sm" aria-label={t('form.lines')}>
        <TableHead
          cell={cell}
          columns={[
            '#',
            t('form.lineDescription'),
            { label: t('form.quantity'), className: 'text-right' },
            { label: t('detail.received'), className: 'text-right' },
            { label: t('form.unitPrice'), className: 'text-right' },
            { label: t('form.lineTotal'), className: 'text-right' },
          ]}
        />
        <tbody className="divide-y">
          {order.lines.map((l) => (
            <tr key={l.id} data-line-id={l.id}>
              <td className={cell}>{l.position + 1}</td>
              <td className={cell}>
                {l.partCode && <span className="mr-1 font-mono text-xs">{l.partCode}</span>}
                {l.description}
              </td>
              <td className={cn(cell, 'text-right tabular-nums whitespace-nowrap')}>
                {formatDecimalText(l.quantity, language)} {l.unit}
              </td>
              <td className={cn(cell, 'text-right tabular-nums whitespace-nowrap')} data-received>
                {formatDecimalText(l.receivedQuantity, language)}
              </td>
              <td className={cn(cell, 'text-right tabular-nums whitespace-nowrap')}>
                {formatMoneyText(l.unitPrice, language)}
              </td>
              <td className={cn(cell, 'text-right tabular-nums whitespace-nowrap')}>
                {formatMoneyText(l.lineTotal, language)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t text-sm">
          <tr>
            <td colSpan={5} className={cn(cell, 'text-right')}>
              {t('detail.freight')}
            </td>
            <td className={cn(cell, 'text-right tabular-nums')}>{formatMoneyText(order.freight, language)}</td>
          </tr>
          <tr className="font-medium">
            <td colSpan={5} className={cn(cell, 'text-right')}>
              {t('form.total')}
            </td>
            <td className={cn(cell, 'text-right tabular-nums')} data-order-total>
              {formatMoneyText(order.total, language)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The printable order (the browser's print view shows it alone, black on white: index.css). */
export function PurchaseOrderPrint({
  order,
  printedAt = new Date(),
}: {
  order: PurchaseOrderDetail;
  printedAt?: Date;
}) {
  const t = useStrings(purchaseOrdersStrings);
  const { language } = useLanguage();
  return (
    <article className="flex flex-col gap-4 bg-white p-6 text-sm text-black" data-slot="purchase-order-print">
      <header>
        <h1 className="text-xl font-semibold">{t('print.heading', { number: order.number })}</h1>
        <p className="text-xs">{t('print.printedAt', { at: formatDateTime(printedAt, language) })}</p>
      </header>
      <dl className="grid grid-cols-2 gap-2">
        <Fact label={t('detail.supplier')}>
          {order.supplier.name} · {formatCnpj(order.supplier.cnpj)}
        </Fact>
        <Fact label={t('col.status')}>{t(`status.${order.status}`)}</Fact>
        <Fact label={t('detail.expected')}>
          {order.expectedDelivery ? formatDateOnly(order.expectedDelivery, language) : '—'}
        </Fact>
        <Fact label={t('detail.workOrder')}>{order.workOrder?.number ?? '—'}</Fact>
      </dl>
      <LinesTable order={order} t={t} language={language} />
      {order.notes && <p>{order.notes}</p>}
    </article>
  );
}
