import { useMutation, useQuery } from '@tanstack/react-query';
import {
  workOrderCreateInput,
  workOrderKindValues,
  workOrderPriorityValues,
  type ChecklistItemInput,
} from '@sentinela/shared/maintenance';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CheckedForm, FormActions, useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormSelect, FormInput } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { parseNumberText } from '../../lib/form-issues';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { dateToZonedWallTime, zonedWallTimeToDate } from '../../lib/zoned-time';
import { EquipmentPicker, useEquipmentChoice } from './equipment-picker';
import { maintenanceStrings } from './maintenance.strings';
import { TechnicianFields, technicianInput } from './technician-fields';

const FIELDS = [
  'title',
  'description',
  'equipmentId',
  'facilityId',
  'kind',
  'priority',
  'scheduledAt',
  'durationHours',
  'technicianId',
  'technicianName',
  'checklist',
  'notes',
] as const;

interface WorkOrderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  technicians: readonly { id: string; name: string }[] | undefined;
  onCreated: () => Promise<unknown>;
  /** Opened from an alert: its equipment, a title and priority from it, and the alert to link. */
  prefill?: WorkOrderPrefill;
}

export interface WorkOrderPrefill {
  alertId: string;
  equipmentId: string;
  title: string;
  priority: string;
}

/**
 * "Nova ordem de serviço" (operators): checked with the shared schema, then by the server.
 * Loaded on first use: it brings the schemas along.
 */
export default function WorkOrderFormDialog({
  open,
  onOpenChange,
  technicians,
  onCreated,
  prefill,
}: WorkOrderFormDialogProps) {
  const t = useStrings(maintenanceStrings);
  const tOps = useStrings(opsStrings);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={tOps('close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{t('newOrder')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        {open && (
          <WorkOrderForm
            technicians={technicians}
            prefill={prefill}
            onCancel={() => {
              onOpenChange(false);
            }}
            onCreated={async () => {
              onOpenChange(false);
              await onCreated();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WorkOrderForm({
  technicians,
  prefill,
  onCancel,
  onCreated,
}: {
  technicians: WorkOrderFormDialogProps['technicians'];
  prefill: WorkOrderPrefill | undefined;
  onCancel: () => void;
  onCreated: () => Promise<unknown>;
}) {
  const t = useStrings(maintenanceStrings);
  const trpc = useTRPC();
  const { values, change, set, field } = useFieldValues({
    title: '',
    description: '',
    equipmentId: '',
    facilityId: '',
    kind: 'corrective',
    priority: 'medium',
    date: '',
    time: '08:00',
    durationHours: '2',
    technician: '',
    contractor: '',
    notes: '',
    ...(prefill && {
      title: prefill.title,
      equipmentId: prefill.equipmentId,
      priority: prefill.priority,
      date: dateToZonedWallTime(new Date(), undefined).date,
    }),
  });
  const [checklist, setChecklist] = useState<ChecklistItemInput[]>([]);
  const create = useMutation(trpc.maintenance.orders.create.mutationOptions());

  const equipment = useEquipmentChoice(values.equipmentId, prefill?.equipmentId);
  const chosen = equipment.chosen;
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const facilityId = chosen?.facilityId ?? values.facilityId;
  const zone = facilities.data?.find((f) => f.id === facilityId)?.timezone;

  const form = useCheckedForm(FIELDS, {
    parse: () =>
      workOrderCreateInput.safeParse({
        title: values.title,
        description: values.description,
        equipmentId: values.equipmentId || null,
        facilityId: values.equipmentId ? (chosen?.facilityId ?? null) : values.facilityId || null,
        kind: values.kind,
        priority: values.priority,
        scheduledAt: zonedWallTimeToDate(values.date, values.time, zone),
        durationHours: parseNumberText(values.durationHours),
        ...technicianInput(values),
        notes: values.notes,
        checklist,
        alertId: prefill?.alertId ?? null,
      }),
    send: async (input) => {
      const order = await create.mutateAsync(input);
      notify.success(t('created', { number: order.number }));
      await onCreated();
    },
  });
  const { errors } = form;

  const text = (name: 'title' | 'description' | 'notes', label: string) => (
    <FormInput
      label={label}
      optional={name !== 'title'}
      error={errors[name]}
      name={name}
      value={values[name]}
      onChange={set(name)}
    />
  );

  return (
    <CheckedForm form={form}>
      {text('title', t('form.title'))}
      {text('description', t('form.details'))}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <EquipmentPicker
          choice={equipment}
          equipmentId={values.equipmentId}
          keptLabel={values.equipmentId}
          error={errors.equipmentId}
          onChange={set('equipmentId')}
        />
        {!values.equipmentId && (
          <FormSelect
            label={t('form.facility')}
            error={errors.facilityId}
            hint={t('form.facilityHint')}
            {...field('facilityId')}
            emptyOption={t('form.chooseFacility')}
            options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          />
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          label={t('form.kind')}
          error={errors.kind}
          {...field('kind')}
          options={workOrderKindValues.map((value) => ({ value, label: t(`kind.${value}`) }))}
        />
        <FormSelect
          label={t('form.priority')}
          error={errors.priority}
          {...field('priority')}
          options={workOrderPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormInput
          label={t('form.date')}
          error={errors.scheduledAt}
          hint={t('form.timeHint')}
          {...field('date')}
          type="date"
        />
        <FormInput label={t('form.time')} name="time" type="time" value={values.time} onChange={set('time')} />
        <FormInput
          label={t('form.duration')}
          error={errors.durationHours}
          {...field('durationHours')}
          inputMode="decimal"
        />
      </div>
      <TechnicianFields values={values} technicians={technicians} errors={errors} onChange={change} />
      <ChecklistEditor items={checklist} onChange={setChecklist} error={errors.checklist} />
      {text('notes', t('form.notes'))}
      <FormActions saving={form.saving} submitLabel={t('form.create')} onCancel={onCancel} />
    </CheckedForm>
  );
}

/** The checklist's items: a label each and whether it must be ticked before completing. */
export function ChecklistEditor({
  items,
  onChange,
  error,
}: {
  items: ChecklistItemInput[];
  onChange: (items: ChecklistItemInput[]) => void;
  error: string | undefined;
}) {
  const t = useStrings(maintenanceStrings);
  const update = (index: number, change: Partial<ChecklistItemInput>) => {
    onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('form.checklist')}</legend>
      {items.map((item, index) => (
        <div key={index} className="flex flex-wrap items-center gap-2">
          <Input
            aria-label={t('form.item', { n: index + 1 })}
            className="min-w-0 flex-1"
            value={item.label}
            onChange={(event) => {
              update(index, { label: event.target.value });
            }}
          />
          <label className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={item.mandatory ?? false}
              onChange={(event) => {
                update(index, { mandatory: event.target.checked });
              }}
            />
            {t('form.mandatory')}
          </label>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('form.removeItem', { n: index + 1 })}
            onClick={() => {
              onChange(items.filter((_, i) => i !== index));
            }}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
      {error && <p className="text-xs text-destructive">{error}</p>}
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        onClick={() => {
          onChange([...items, { label: '', mandatory: false }]);
        }}
      >
        <Plus aria-hidden />
        {t('form.addItem')}
      </Button>
    </fieldset>
  );
}
