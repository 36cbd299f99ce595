import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  maintenancePlanCreateInput,
  workOrderPriorityValues,
  type MaintenancePlan,
} from '@sentinela/shared/maintenance';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert, FormSelect, useFormIssues, FormInput } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { SearchInput } from '../../components/filter-bar';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { equipmentKinds } from '../plant/equipment-values';
import { useFacilityZones } from '../plant/use-facility-zones';
import { plansStrings } from './maintenance-plans.strings';
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

const EQUIPMENT_OPTIONS = 50;

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
  const tOps = useStrings(opsStrings);
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent closeLabel={tOps('close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogTitle>{plan ? t('editPlan') : t('newPlan')}</DialogTitle>
        <DialogDescription>{t('form.description')}</DialogDescription>
        <PlanForm plan={plan} technicians={technicians} onCancel={onClose} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
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
  const tForm = useStrings(formStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const zones = useFacilityZones();
  const [values, setValues] = useState<PlanFormValues>(() => planFormValues(plan, zones.shared?.timeZone));
  const [equipmentSearch, setEquipmentSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const { formRef, errors, formError, validate, showServerError } = useFormIssues(FIELDS);
  const create = useMutation(trpc.maintenance.plans.create.mutationOptions());
  const update = useMutation(trpc.maintenance.plans.update.mutationOptions());

  const search = useDebouncedValue(equipmentSearch.trim(), 300);
  const equipment = useQuery(
    trpc.equipment.list.queryOptions(
      { search: search || undefined, page: 1, pageSize: EQUIPMENT_OPTIONS },
      { placeholderData: keepPreviousData },
    ),
  );
  const facilities = useQuery(trpc.facilities.options.queryOptions());
  const options = equipment.data?.items ?? [];
  const chosen = options.find((item) => item.id === values.equipmentId);
  const facilityId = values.target === 'equipment' ? chosen?.facilityId : values.facilityId;
  const zone = facilities.data?.find((f) => f.id === facilityId)?.timezone ?? zones.shared?.timeZone;

  const change = (patch: Partial<PlanFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
  };
  const set = (name: keyof PlanFormValues) => (event: { target: { value: string } }) => {
    change({ [name]: event.target.value });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = planInputOf(values, zone);
    const parsed = maintenancePlanCreateInput.safeParse(fields);
    const input = validate(parsed);
    if (!input) return;
    setSaving(true);
    try {
      const saved = plan ? await update.mutateAsync({ ...input, id: plan.id }) : await create.mutateAsync(input);
      notify.success(t(plan ? 'saved' : 'created', { title: saved.title }));
      await onSaved();
    } catch (error) {
      showServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const pair = (children: ReactNode) => <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>;

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <FormInput
        label={t('form.title')}
        error={errors.title}
        name="title"
        value={values.title}
        onChange={set('title')}
      />
      <FormInput
        label={`${t('form.details')} (${tForm('optional')})`}
        error={errors.description}
        name="description"
        value={values.description}
        onChange={set('description')}
      />
      {pair(
        <>
          <FormSelect
            label={t('form.target')}
            name="target"
            value={values.target}
            onChange={set('target')}
            options={[
              { value: 'equipment', label: t('form.targetEquipment') },
              { value: 'kind', label: t('form.targetKind') },
            ]}
          />
          {values.target === 'equipment' ? (
            <div className="flex flex-col gap-1">
              <SearchInput
                aria-label={tOrders('form.equipmentSearch')}
                placeholder={tOrders('form.equipmentSearch')}
                value={equipmentSearch}
                onChange={(event) => {
                  setEquipmentSearch(event.target.value);
                }}
              />
              <FormSelect
                label={tOrders('form.equipment')}
                error={errors.equipmentId}
                name="equipmentId"
                value={values.equipmentId}
                onChange={set('equipmentId')}
                emptyOption={tOrders('form.noEquipment')}
                options={[
                  ...(values.equipmentId && !chosen
                    ? [{ value: values.equipmentId, label: plan?.equipment?.name ?? values.equipmentId }]
                    : []),
                  ...options.map((item) => ({ value: item.id, label: `${item.name} · ${item.facilityName}` })),
                ]}
              />
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <FormSelect
                label={t('form.kind')}
                error={errors.kind ?? errors.equipmentId}
                name="kind"
                value={values.kind}
                onChange={set('kind')}
                options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
              />
              <FormSelect
                label={t('form.facility')}
                error={errors.facilityId}
                name="facilityId"
                value={values.facilityId}
                onChange={set('facilityId')}
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
            name="recurrence"
            value={values.recurrence}
            onChange={set('recurrence')}
            options={[
              { value: 'days', label: t('form.byDays') },
              { value: 'hours', label: t('form.byHours') },
            ]}
          />
          <FormInput
            label={values.recurrence === 'days' ? t('form.everyDays') : t('form.everyHours')}
            error={errors.everyDays ?? errors.everyRunningHours}
            name="every"
            inputMode="decimal"
            value={values.every}
            onChange={set('every')}
          />
        </>,
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormInput
          label={t('form.startsAt')}
          error={errors.startsAt}
          hint={t('form.startsAtHint')}
          name="startsOn"
          type="date"
          value={values.startsOn}
          onChange={set('startsOn')}
        />
        <FormInput
          label={t('form.leadDays')}
          error={errors.leadDays}
          hint={t('form.leadDaysHint')}
          name="leadDays"
          inputMode="numeric"
          value={values.leadDays}
          onChange={set('leadDays')}
        />
        <FormInput
          label={tOrders('form.duration')}
          error={errors.durationHours}
          name="durationHours"
          inputMode="decimal"
          value={values.durationHours}
          onChange={set('durationHours')}
        />
      </div>
      <FormSelect
        label={tOrders('form.priority')}
        error={errors.priority}
        name="priority"
        value={values.priority}
        onChange={set('priority')}
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
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {tOps('cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? tForm('saving') : plan ? tOrders('save') : t('form.create')}
        </Button>
      </div>
    </form>
  );
}
