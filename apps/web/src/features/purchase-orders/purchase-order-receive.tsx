import { useMutation } from '@tanstack/react-query';
import type { PurchaseOrderDetail } from '@sentinela/shared/purchase-orders';
import { compareDecimals, isDecimal, subtractDecimals } from '@sentinela/shared/decimal';
import { QUANTITY_SCALE } from '@sentinela/shared/procurement-values';
import { useState, type FormEvent } from 'react';
import { FormAlert, FormField, FormInput } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input, Select } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { decimalFromText, editableDecimal, formatDecimalText } from './purchase-order-values';
import { purchaseOrdersStrings } from './purchase-orders.strings';

interface DialogProps {
  order: PurchaseOrderDetail;
  onClose: () => void;
  onDone: (order: PurchaseOrderDetail) => unknown;
}

/** What arrived now, line by line, into a stock location (over-receipt refused by the server, said on the line). */
export function ReceiveOrderDialog({
  order,
  locations,
  defaultLocationId,
  onClose,
  onDone,
}: DialogProps & { locations: { id: string; name: string }[]; defaultLocationId: string | null | undefined }) {
  const t = useStrings(purchaseOrdersStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const open = order.lines.filter((l) => compareDecimals(l.receivedQuantity, l.quantity) < 0);
  const remainingOf = (l: (typeof open)[number]) => subtractDecimals(l.quantity, l.receivedQuantity, QUANTITY_SCALE);
  const [locationId, setLocationId] = useState(defaultLocationId ?? locations[0]?.id ?? '');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const receive = useMutation(
    trpc.purchaseOrders.receive.mutationOptions({
      onSuccess: (updated) => {
        onDone(updated);
        onClose();
      },
      onError: (e) => setError(errorMessage(e, t('action.failed'))),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = open
      .map((l) => ({ lineId: l.id, quantity: decimalFromText(quantities[l.id] ?? '', language) }))
      .filter((l) => l.quantity !== '' && !(isDecimal(l.quantity) && compareDecimals(l.quantity, '0') === 0));
    if (lines.length === 0) {
      setError(t('receive.nothing'));
      return;
    }
    setError(null);
    receive.mutate({ id: order.id, locationId, lines });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('receive.title', { number: order.number })}</DialogTitle>
        <DialogDescription>{t('receive.description')}</DialogDescription>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <FormAlert message={error} />
          <FormField label={t('receive.location')}>
            {(control) => (
              <Select {...control} value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          {open.map((l) => (
            <FormField
              key={l.id}
              label={t('receive.quantity', { description: l.description })}
              hint={`${t('receive.remaining', { remaining: formatDecimalText(remainingOf(l), language) })} ${l.unit}`}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  data-line-id={l.id}
                  value={quantities[l.id] ?? ''}
                  onChange={(e) => setQuantities({ ...quantities, [l.id]: e.target.value })}
                />
              )}
            </FormField>
          ))}
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                setQuantities(Object.fromEntries(open.map((l) => [l.id, editableDecimal(remainingOf(l), language)])))
              }
            >
              {t('receive.all')}
            </Button>
            <Button type="submit" disabled={receive.isPending || !locationId}>
              {t('receive.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Cancelling with a reason (administrators). */
export function CancelOrderDialog({ order, onClose, onDone }: DialogProps) {
  const t = useStrings(purchaseOrdersStrings);
  const trpc = useTRPC();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation(
    trpc.purchaseOrders.cancel.mutationOptions({
      onSuccess: (updated) => {
        onDone(updated);
        onClose();
      },
      onError: (e) => setError(errorMessage(e, t('action.failed'))),
    }),
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('cancel.title', { number: order.number })}</DialogTitle>
        <DialogDescription className="sr-only">{t('cancel.title', { number: order.number })}</DialogDescription>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate({ id: order.id, reason });
          }}
          className="flex flex-col gap-4"
        >
          <FormAlert message={error} />
          <FormInput label={t('cancel.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
          <div className="flex justify-end">
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {t('cancel.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
