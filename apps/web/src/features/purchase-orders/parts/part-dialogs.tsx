import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { partInput, partUnitValues, stockAdjustmentInput, stockTransferInput } from '@sentinela/shared/procurement';
import type { PartDetail } from '@sentinela/shared/spare-parts';
import { useState, type ComponentProps } from 'react';
import { useFieldValues } from '../../../components/checked-form';
import { DialogForm, FormDialog } from '../../../components/dialog-form';
import { CheckboxGroup, FormSelect, FormInput } from '../../../components/form-field';
import { decimalText } from '../../../lib/form-issues';
import { opsStrings } from '../../../lib/i18n/ops-strings';
import { useStrings } from '../../../lib/i18n/strings';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { equipmentKinds } from '../../plant/equipment-values';
import { sparePartsStrings } from './spare-parts.strings';

/** What a dialog of the panel does: a new part, or a part's edit, adjustment or transfer. */
export type PartDialogTarget = { kind: 'create' } | { kind: 'edit' | 'adjust' | 'transfer'; part: PartDetail };

interface PartDialogProps {
  target: PartDialogTarget | null;
  onClose: () => void;
  /** A part was saved (created: its id, to open it). */
  onSaved?: (part: PartDetail) => void;
}

/** The panel's dialogs, loaded on first use (they bring the shared schemas along). */
export default function PartDialog({ target, onClose, onSaved }: PartDialogProps) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target &&
        (target.kind === 'create' || target.kind === 'edit' ? (
          <PartForm
            key={target.kind === 'edit' ? target.part.id : 'new'}
            part={target.kind === 'edit' ? target.part : null}
            onClose={onClose}
            onSaved={onSaved}
          />
        ) : (
          <StockForm key={`${target.kind}:${target.part.id}`} kind={target.kind} part={target.part} onClose={onClose} />
        ))}
    </FormDialog>
  );
}

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.spareParts.pathKey() });
}

function PartForm({
  part,
  onClose,
  onSaved,
}: {
  part: PartDetail | null;
  onClose: () => void;
  onSaved: PartDialogProps['onSaved'];
}) {
  const t = useStrings(sparePartsStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const refresh = useRefresh();
  const locations = useQuery(trpc.spareParts.locations.list.queryOptions());
  const suppliers = useQuery(trpc.spareParts.supplierOptions.queryOptions());
  const create = useMutation(trpc.spareParts.create.mutationOptions({ onSettled: refresh }));
  const update = useMutation(trpc.spareParts.update.mutationOptions({ onSettled: refresh }));
  const { values, set, field } = useFieldValues({
    code: part?.code ?? '',
    description: part?.description ?? '',
    unit: part?.unit ?? 'un',
    minimumStock: part ? String(Number(part.minimumStock)) : '0',
    defaultLocationId: part?.defaultLocation?.id ?? '',
    preferredSupplierId: part?.preferredSupplier?.id ?? '',
  });
  const [kinds, setKinds] = useState<string[]>(part?.compatibleKinds ?? []);
  const text = (name: 'code' | 'description' | 'minimumStock', label: string, error?: string, hint?: string) => (
    <FormInput
      label={label}
      error={error}
      hint={hint}
      {...field(name)}
      inputMode={name === 'minimumStock' ? 'decimal' : undefined}
    />
  );
  const fields = [
    'code',
    'description',
    'unit',
    'minimumStock',
    'defaultLocationId',
    'preferredSupplierId',
    'compatibleKinds',
  ] as const;
  const raw = () => ({
    ...values,
    minimumStock: decimalText(values.minimumStock),
    defaultLocationId: values.defaultLocationId || null,
    preferredSupplierId: values.preferredSupplierId || null,
    compatibleKinds: kinds,
  });
  return (
    <DialogForm
      title={part ? t('form.editTitle', { code: part.code }) : t('form.newTitle')}
      fields={fields}
      submitLabel={t('save')}
      onDone={onClose}
      parse={() => partInput.safeParse(raw())}
      send={async (input) => {
        const saved = part ? await update.mutateAsync({ ...input, id: part.id }) : await create.mutateAsync(input);
        notify.success(t('saved', { code: saved.code }));
        onSaved?.(saved);
      }}
    >
      {(errors) => (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {text('code', t('form.code'), errors.code)}
            <FormSelect
              label={t('form.unit')}
              {...field('unit')}
              error={errors.unit}
              options={partUnitValues.map((unit) => ({ value: unit, label: t(`unit.${unit}`) }))}
            />
            {text('minimumStock', t('form.minimum'), errors.minimumStock)}
          </div>
          {text('description', t('form.description'), errors.description)}
          <p className="-mt-2 text-xs text-muted-foreground">{t('form.minimumHint')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <FormSelect
              label={t('form.location')}
              name="defaultLocationId"
              value={values.defaultLocationId}
              error={errors.defaultLocationId}
              emptyOption={t('form.noLocation')}
              options={(locations.data ?? [])
                .filter((l) => l.active || l.id === values.defaultLocationId)
                .map((l) => ({ value: l.id, label: l.name }))}
              onChange={set('defaultLocationId')}
            />
            <FormSelect
              label={t('form.supplier')}
              name="preferredSupplierId"
              value={values.preferredSupplierId}
              error={errors.preferredSupplierId}
              emptyOption={t('form.noSupplier')}
              options={[
                ...(suppliers.data ?? []),
                ...(part?.preferredSupplier && !suppliers.data?.some((s) => s.id === part.preferredSupplier?.id)
                  ? [part.preferredSupplier]
                  : []),
              ].map((s) => ({ value: s.id, label: s.name }))}
              onChange={set('preferredSupplierId')}
            />
          </div>
          <CheckboxGroup
            legend={t('form.kinds')}
            name="compatibleKinds"
            className="flex flex-wrap gap-x-4 gap-y-2"
            options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
            checked={kinds}
            onChange={setKinds}
            error={errors.compatibleKinds}
          />
        </>
      )}
    </DialogForm>
  );
}

function StockForm({ kind, part, onClose }: { kind: 'adjust' | 'transfer'; part: PartDetail; onClose: () => void }) {
  const t = useStrings(sparePartsStrings);
  const trpc = useTRPC();
  const refresh = useRefresh();
  const locations = useQuery(trpc.spareParts.locations.list.queryOptions());
  const adjust = useMutation(trpc.spareParts.adjust.mutationOptions({ onSettled: refresh }));
  const transfer = useMutation(trpc.spareParts.transfer.mutationOptions({ onSettled: refresh }));
  const held = part.stockByLocation.find((s) => Number(s.quantity) > 0)?.location.id;
  const { values, set, field } = useFieldValues({
    locationId: held ?? part.defaultLocation?.id ?? '',
    toLocationId: '',
    direction: 'in',
    quantity: '',
    reason: '',
  });
  const options = (locations.data ?? []).filter((l) => l.active).map((l) => ({ value: l.id, label: l.name }));
  const quantity = (error?: string) => (
    <FormInput label={t('adjust.quantity')} error={error} {...field('quantity')} inputMode="decimal" />
  );
  const location = (
    label: string,
    error: string | undefined,
    control: Pick<ComponentProps<typeof FormSelect>, 'name' | 'value' | 'onChange'>,
  ) => <FormSelect label={label} {...control} error={error} emptyOption={t('chooseLocation')} options={options} />;
  if (kind === 'adjust')
    return (
      <DialogForm
        title={t('adjust.title', { code: part.code })}
        description={t('adjust.description')}
        fields={['locationId', 'direction', 'quantity', 'reason']}
        submitLabel={t('adjust')}
        onDone={onClose}
        parse={() =>
          stockAdjustmentInput.safeParse({
            partId: part.id,
            locationId: values.locationId,
            direction: values.direction,
            quantity: decimalText(values.quantity),
            reason: values.reason,
          })
        }
        send={async (input) => {
          await adjust.mutateAsync(input);
          notify.success(t('adjust.done', { code: part.code }));
        }}
      >
        {(errors) => (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {location(t('adjust.location'), errors.locationId, field('locationId'))}
              <FormSelect
                label={t('adjust.direction')}
                name="direction"
                value={values.direction}
                options={[
                  { value: 'in', label: t('adjust.in') },
                  { value: 'out', label: t('adjust.out') },
                ]}
                onChange={set('direction')}
              />
              {quantity(errors.quantity)}
            </div>
            <FormInput label={t('adjust.reason')} error={errors.reason} {...field('reason')} />
          </>
        )}
      </DialogForm>
    );
  return (
    <DialogForm
      title={t('transfer.title', { code: part.code })}
      fields={['fromLocationId', 'toLocationId', 'quantity']}
      submitLabel={t('transfer')}
      onDone={onClose}
      parse={() =>
        stockTransferInput.safeParse({
          partId: part.id,
          fromLocationId: values.locationId,
          toLocationId: values.toLocationId,
          quantity: decimalText(values.quantity),
        })
      }
      send={async (input) => {
        await transfer.mutateAsync(input);
        notify.success(t('transfer.done', { code: part.code }));
      }}
    >
      {(errors) => (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {location(t('transfer.from'), errors.fromLocationId, { ...field('locationId'), name: 'fromLocationId' })}
          {location(t('transfer.to'), errors.toLocationId, field('toLocationId'))}
          {quantity(errors.quantity)}
        </div>
      )}
    </DialogForm>
  );
}
