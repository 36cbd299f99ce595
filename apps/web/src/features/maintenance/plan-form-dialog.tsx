import { useMutation, useQuery } from '@tanstack/react-query';
import {
  maintenancePlanCreateInput,
  workOrderPriorityValues,
  type MaintenancePlan,
} from '@sentinela/shared/maintenance';
import type { ReactNode } from 'react';
import { CheckedForm, FormActions, useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormSelect, FormInput } from '../../components/form-field';
import { FormDialog } from '../../components/dialog-form';
import { DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { equipmentKinds } from '../plant/equipment-values';
import { useFacilityZones } from '../plant/use-facility-zones';
import { plansStrings } from './maintenance-plans.strings';
import { EquipmentPicker, useEquipmentChoice } from './equipment-picker';
import { maintenanceStrings } from './maintenance.strings';
import { planFormValues, planInputOf, type PlanFormValues } from './plan-form-values';
import { TechnicianFields } from './technician-fields';
import { ChecklistEditor } from './work-order-form-dialog';

const FIELDS = [
  'title',
  'description',
  'equipmentId',
  'kind',
  'facilityId',
  'everyDays',
  'everyRunningHours',
  'leadDays',
  'priority',
  'durationHours',
  'technicianId',
  'technicianName',
  'checklist',
  'startsAt',
] as const;

interface PlanFormDialogProps {
  /** The plan to edit; null: a new one. */
  plan: MaintenancePlan | null;
  technicians: readonly { id: string; name: string }[] | undefined;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}

/** "Novo plano" / "Editar plano" (admins), checked with the shared schema, then by the server. */
export default function PlanFormDialog({ plan, technicians, onClose, onSaved }: PlanFormDialogProps) {
  const t = useStrings(plansStrings);
  return (
    <FormDialog open onClose={onClose} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
      <DialogTitle>{plan ? t('editPlan') : t('newPlan')}</DialogTitle>
      <DialogDescription>{t('form.description')}</DialogDescription>
      <PlanForm plan={plan} technicians={technicians} onCancel={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}

function PlanForm({
  plan,
  technicians,
  onCancel,
  onSaved,
}: Omit<PlanFormDialogProps, 'onClose'> & { onCancel: () => void }) {
  const t = useStrings(plansStrings);
  const tOrders = useStrings(maintenanceStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const zones = useFacilityZones();
  const { values, change, set, field } = useFieldValues<PlanFormValues>(() =>
    planFormValues(plan, zones.shared?.timeZone),
  );
  const create = useMutation(trpc.maintenance.plans.create.mutationOptions());
  const update = useMutation(trpc.maintenance.plans.update.mutationOptions());

  const equipment = useEquipmentChoice(values.equipmentId);
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const facilityId = values.target === 'equipment' ? equipment.chosen?.facilityId : values.facilityId;
  const zone = facilities.data?.find((f) => f.id === facilityId)?.timezone ?? zones.shared?.timeZone;

  const form = useCheckedForm(FIELDS, {
    parse: () => maintenancePlanCreateInput.safeParse(planInputOf(values, zone)),
    send: async (input) => {
      const saved = plan ? await update.mutateAsync({ ...input, id: plan.id }) : await create.mutateAsync(input);
      notify.success(t(plan ? 'saved' : 'created', { title: saved.title }));
      await onSaved();
    },
  });
  const { errors } = form;

  const pair = (children: ReactNode) => <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>;

  return (
    <CheckedForm form={form}>
      <FormInput label={t('form.title')} error={errors.title} {...field('title')} />
      <FormInput label={t('form.details')} optional error={errors.description} {...field('description')} />
      {pair(
        <>
          <FormSelect
            label={t('form.target')}
            {...field('target')}
            options={[
              { value: 'equipment', label: t('form.targetEquipment') },
              { value: 'kind', label: t('form.targetKind') },
            ]}
          />
          {values.target === 'equipment' ? (
            <EquipmentPicker
              choice={equipment}
              equipmentId={values.equipmentId}
              keptLabel={plan?.equipment?.name ?? values.equipmentId}
              error={errors.equipmentId}
              onChange={set('equipmentId')}
            />
          ) : (
            <div className="flex flex-col gap-3">
              <FormSelect
                label={t('form.kind')}
                error={errors.kind ?? errors.equipmentId}
                {...field('kind')}
                options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
              />
              <FormSelect
                label={t('form.facility')}
                error={errors.facilityId}
                {...field('facilityId')}
                emptyOption={t('form.allFacilities')}
                options={(facilities.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
              />
            </div>
          )}
        </>,
      )}
      {pair(
        <>
          <FormSelect
            label={t('form.recurrence')}
            {...field('recurrence')}
            options={[
              { value: 'days', label: t('form.byDays') },
              { value: 'hours', label: t('form.byHours') },
            ]}
          />
          <FormInput
            label={values.recurrence === 'days' ? t('form.everyDays') : t('form.everyHours')}
            error={errors.everyDays ?? errors.everyRunningHours}
            {...field('every')}
            inputMode="decimal"
          />
        </>,
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormInput
          label={t('form.startsAt')}
          error={errors.startsAt}
          hint={t('form.startsAtHint')}
          {...field('startsOn')}
          type="date"
        />
        <FormInput
          label={t('form.leadDays')}
          error={errors.leadDays}
          hint={t('form.leadDaysHint')}
          {...field('leadDays')}
          inputMode="numeric"
        />
        <FormInput
          label={tOrders('form.duration')}
          error={errors.durationHours}
          {...field('durationHours')}
          inputMode="decimal"
        />
      </div>
      <FormSelect
        label={tOrders('form.priority')}
        error={errors.priority}
        {...field('priority')}
        options={workOrderPriorityValues.map((value) => ({ value, label: tOrders(`priority.${value}`) }))}
      />
      <TechnicianFields values={values} technicians={technicians} errors={errors} onChange={change} />
      <ChecklistEditor
        items={values.checklist}
        onChange={(checklist) => {
          change({ checklist });
        }}
        error={errors.checklist}
      />
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="active"
          checked={values.active}
          onChange={(event) => {
            change({ active: event.target.checked });
          }}
        />
        {t('form.active')}
      </label>
      <FormActions saving={form.saving} submitLabel={plan ? tOrders('save') : t('form.create')} onCancel={onCancel} />
    </CheckedForm>
  );
}
