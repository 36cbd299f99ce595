import { useMutation, useQuery } from '@tanstack/react-query';
import { purchaseOrderInput, type PurchaseOrderInput } from '@sentinela/shared/procurement';
import { partUnitValues, type PartUnit } from '@sentinela/shared/procurement-values';
import type { PurchaseOrderDetail, PurchaseOrderOptions } from '@sentinela/shared/purchase-orders';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { FormAlert, FormInput, FormSelect, useFormIssues } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { decimalFromText, editableDecimal, formatMoneyText, formTotals } from './purchase-order-values';
import { purchaseOrdersStrings } from './purchase-orders.strings';

export interface LineDraft {
  key: number;
  partId: string;
  description: string;
  quantity: string;
  unit: PartUnit;
  unitPrice: string;
}

export interface FormDraft {
  supplierId: string;
  expectedDelivery: string;
  workOrderId: string;
  freight: string;
  notes: string;
  lines: LineDraft[];
}

const unitOptions = partUnitValues.map((u) => ({ value: u, label: u }));

let nextKey = 1;
const blankLine = (): LineDraft => ({
  key: nextKey++,
  partId: '',
  description: '',
  quantity: '',
  unit: 'un',
  unitPrice: '',
});

/** An order's values as the form shows them (decimals in the user's way). */
export function draftOf(order: PurchaseOrderDetail | undefined, language: 'pt' | 'en'): FormDraft {
  if (!order)
    return { supplierId: '', expectedDelivery: '', workOrderId: '', freight: '', notes: '', lines: [blankLine()] };
  return {
    supplierId: order.supplier.id,
    expectedDelivery: order.expectedDelivery ?? '',
    workOrderId: order.workOrder?.id ?? '',
    freight: editableDecimal(order.freight, language),
    notes: order.notes ?? '',
    lines: order.lines.map((l) => ({
      key: nextKey++,
      partId: l.partId ?? '',
      description: l.description,
      quantity: editableDecimal(l.quantity, language),
      unit: l.unit,
      unitPrice: editableDecimal(l.unitPrice, language),
    })),
  };
}

/** The form's values as the API's input (decimals as '1234.5'). */
export function inputOf(draft: FormDraft, language: 'pt' | 'en'): PurchaseOrderInput {
  return {
    supplierId: draft.supplierId,
    expectedDelivery: draft.expectedDelivery || null,
    workOrderId: draft.workOrderId || null,
    freight: decimalFromText(draft.freight, language) || '0',
    notes: draft.notes,
    lines: draft.lines.map((l) => ({
      partId: l.partId || null,
      description: l.description,
      quantity: decimalFromText(l.quantity, language),
      unit: l.unit,
      unitPrice: decimalFromText(l.unitPrice, language),
    })),
  };
}

interface FormDialogProps {
  /** The draft to edit; null: a new order. */
  id: string | null;
  options: PurchaseOrderOptions | undefined;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/** New order or a draft's edit: header, lines (a part or a free description), exact totals as typed. */
export default function PurchaseOrderFormDialog({ id, options, onClose, onSaved }: FormDialogProps) {
  const t = useStrings(purchaseOrdersStrings);
  const trpc = useTRPC();
  const existing = useQuery({ ...trpc.purchaseOrders.get.queryOptions({ id: id ?? '' }), enabled: id !== null });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('close')} className="max-w-4xl">
        <DialogTitle>
          {id === null ? t('form.newTitle') : t('form.editTitle', { number: existing.data?.number ?? '…' })}
        </DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        {id !== null && existing.isError ? (
          <QueryError query={existing} />
        ) : !options || (id !== null && !existing.data) ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : (
          <OrderForm id={id} order={existing.data} options={options} onSaved={onSaved} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function OrderForm({
  id,
  order,
  options,
  onSaved,
}: {
  id: string | null;
  order: PurchaseOrderDetail | undefined;
  options: PurchaseOrderOptions;
  onSaved: (id: string) => void;
}) {
  const t = useStrings(purchaseOrdersStrings);
  const tForm = useStrings(formStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [draft, setDraft] = useState<FormDraft>(() => draftOf(order, language));
  const fields = useMemo(
    () => [
      'supplierId',
      'expectedDelivery',
      'workOrderId',
      'freight',
      'notes',
      'lines',
      ...draft.lines.flatMap((_, i) => ['description', 'quantity', 'unit', 'unitPrice'].map((f) => `lines.${i}.${f}`)),
    ],
    [draft.lines],
  );
  const { formRef, errors, formError, validate, showServerError } = useFormIssues(fields);
  const totals = formTotals(draft.lines, draft.freight, language);
  const saved = (o: PurchaseOrderDetail) => {
    notify.success(t('form.saved', { number: o.number }));
    onSaved(o.id);
  };
  const create = useMutation(
    trpc.purchaseOrders.create.mutationOptions({ onSuccess: saved, onError: (e) => showServerError(e) }),
  );
  const update = useMutation(
    trpc.purchaseOrders.update.mutationOptions({ onSuccess: saved, onError: (e) => showServerError(e) }),
  );
  const set = (patch: Partial<FormDraft>) => setDraft({ ...draft, ...patch });
  const setLine = (key: number, patch: Partial<LineDraft>) =>
    set({ lines: draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const choosePart = (key: number, partId: string) => {
    const part = options.parts.find((p) => p.id === partId);
    setLine(
      key,
      part
        ? {
            partId,
            description: part.description,
            unit: part.unit,
            ...(part.lastPrice ? { unitPrice: editableDecimal(part.lastPrice, language) } : {}),
          }
        : { partId: '' },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validate(purchaseOrderInput.safeParse(inputOf(draft, language)));
    if (!input) return;
    if (id === null) create.mutate(inputOf(draft, language));
    else update.mutate({ ...inputOf(draft, language), id });
  };
  const saving = create.isPending || update.isPending;
  const partOptions = options.parts.map((p) => ({ value: p.id, label: `${p.code} · ${p.description}` }));

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          label={t('form.supplier')}
          error={errors.supplierId}
          value={draft.supplierId}
          emptyOption={t('form.chooseSupplier')}
          options={options.suppliers.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(e) => set({ supplierId: e.target.value })}
        />
        <FormInput
          label={t('form.expected')}
          error={errors.expectedDelivery}
          type="date"
          value={draft.expectedDelivery}
          onChange={(e) => set({ expectedDelivery: e.target.value })}
        />
        <FormSelect
          label={t('form.workOrder')}
          error={errors.workOrderId}
          value={draft.workOrderId}
          emptyOption={t('form.noWorkOrder')}
          options={options.workOrders.map((w) => ({ value: w.id, label: `${w.number} · ${w.title}` }))}
          onChange={(e) => set({ workOrderId: e.target.value })}
        />
        <FormInput
          label={t('form.freight')}
          error={errors.freight}
          inputMode="decimal"
          value={draft.freight}
          onChange={(e) => set({ freight: e.target.value })}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('form.lines')}</legend>
        {errors.lines && <p className="text-xs text-destructive">{errors.lines}</p>}
        {draft.lines.map((line, i) => (
          <div
            key={line.key}
            className="grid grid-cols-2 gap-2 rounded-lg border p-3 sm:grid-cols-12"
            data-line-index={i}
          >
            <FormSelect
              label={t('form.part')}
              className="col-span-2 sm:col-span-4"
              value={line.partId}
              emptyOption={t('form.freePart')}
              options={partOptions}
              onChange={(e) => choosePart(line.key, e.target.value)}
            />
            <FormInput
              label={t('form.lineDescription')}
              error={errors[`lines.${i}.description`]}
              className="col-span-2 sm:col-span-8"
              value={line.description}
              onChange={(e) => setLine(line.key, { description: e.target.value })}
            />
            <FormInput
              label={t('form.quantity')}
              error={errors[`lines.${i}.quantity`]}
              className="sm:col-span-3"
              inputMode="decimal"
              value={line.quantity}
              onChange={(e) => setLine(line.key, { quantity: e.target.value })}
            />
            <FormSelect
              label={t('form.unit')}
              className="sm:col-span-2"
              value={line.unit}
              options={unitOptions}
              onChange={(e) => setLine(line.key, { unit: e.target.value as PartUnit })}
            />
            <FormInput
              label={t('form.unitPrice')}
              error={errors[`lines.${i}.unitPrice`]}
              className="sm:col-span-3"
              inputMode="decimal"
              value={line.unitPrice}
              onChange={(e) => setLine(line.key, { unitPrice: e.target.value })}
            />
            <div className="flex flex-col gap-1 sm:col-span-3">
              <span className="text-sm font-medium">{t('form.lineTotal')}</span>
              <output className="py-2 text-sm tabular-nums" data-line-total>
                {totals.lineTotals[i] === null ? '—' : formatMoneyText(totals.lineTotals[i], language)}
              </output>
            </div>
            <div className="flex items-end sm:col-span-1">
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={t('form.removeLine', { n: i + 1 })}
                disabled={draft.lines.length === 1}
                onClick={() => set({ lines: draft.lines.filter((l) => l.key !== line.key) })}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => set({ lines: [...draft.lines, blankLine()] })}
          >
            <Plus aria-hidden />
            {t('form.addLine')}
          </Button>
        </div>
      </fieldset>

      <FormInput
        label={t('form.notes')}
        error={errors.notes}
        value={draft.notes}
        onChange={(e) => set({ notes: e.target.value })}
      />

      <dl className="flex flex-col items-end gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-muted-foreground">{t('form.linesTotal')}</dt>
          <dd className="tabular-nums" data-lines-total>
            {formatMoneyText(totals.linesTotal, language)}
          </dd>
        </div>
        <div className="flex gap-2 font-medium">
          <dt>{t('form.total')}</dt>
          <dd className="tabular-nums" data-form-total>
            {formatMoneyText(totals.total, language)}
          </dd>
        </div>
      </dl>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? tForm('saving') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
