import {
  workOrderCancelInput,
  workOrderCompleteInput,
  workOrderReassignInput,
  workOrderRescheduleInput,
  type WorkOrderItem,
} from '@sentinela/shared/maintenance';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../components/dialog-form';
import { FormInput } from '../../components/form-field';
import { parseNumberText } from '../../lib/form-issues';
import { useStrings } from '../../lib/i18n/strings';
import { dateToZonedWallTime, zonedWallTimeToDate } from '../../lib/zoned-time';
import { maintenanceStrings } from './maintenance.strings';
import { TechnicianFields, technicianInput, technicianValues } from './technician-fields';
import type { WorkOrderActionsApi } from './use-work-order-actions';

export type WorkOrderDialogKind = 'complete' | 'cancel' | 'reschedule' | 'reassign';

/** Money as typed ('1.234,50' or '1234.50' or '') → the schema's '1234.50'. */
function moneyText(text: string): string {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return '0';
  return trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
}

interface WorkOrderActionDialogProps {
  target: { kind: WorkOrderDialogKind; order: WorkOrderItem } | null;
  actions: WorkOrderActionsApi;
  technicians: readonly { id: string; name: string }[] | undefined;
  onClose: () => void;
}

/**
 * Complete (hours, costs, closing note), cancel (a reason), reschedule (date, time, duration) or
 * reassign. Loaded on first use: it brings the schemas along.
 */
export default function WorkOrderActionDialog({ target, actions, technicians, onClose }: WorkOrderActionDialogProps) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && (
        <ActionBody
          key={`${target.kind}:${target.order.id}`}
          target={target}
          actions={actions}
          technicians={technicians}
          onClose={onClose}
        />
      )}
    </FormDialog>
  );
}

function ActionBody({
  target: { kind, order },
  actions,
  technicians,
  onClose,
}: WorkOrderActionDialogProps & { target: { kind: WorkOrderDialogKind; order: WorkOrderItem } }) {
  const t = useStrings(maintenanceStrings);
  const zone = order.facility.timezone;
  const [values, setValues] = useState(() => ({
    laborHours: '',
    partsCost: '',
    otherCost: '',
    closingNote: '',
    reason: '',
    ...dateToZonedWallTime(order.scheduledAt, zone),
    durationHours: String(order.durationHours),
    ...technicianValues(order.technician),
  }));
  const [clearAlert, setClearAlert] = useState(true);
  const field = (name: keyof typeof values, label: string, error: string | undefined, type = 'text') => (
    <FormInput
      label={label}
      error={error}
      name={name}
      type={type}
      inputMode={type === 'text' && name !== 'closingNote' && name !== 'reason' ? 'decimal' : undefined}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
      }}
    />
  );
  const common = { onDone: onClose, submitLabel: t('save') };

  if (kind === 'complete')
    return (
      <DialogForm
        {...common}
        title={t('complete.title', { number: order.number })}
        description={t('complete.description')}
        submitLabel={t('complete')}
        fields={['laborHours', 'partsCost', 'otherCost', 'closingNote']}
        parse={() =>
          workOrderCompleteInput.safeParse({
            id: order.id,
            laborHours: parseNumberText(values.laborHours),
            partsCost: moneyText(values.partsCost),
            otherCost: moneyText(values.otherCost),
            closingNote: values.closingNote,
            clearAlert: order.alertId !== null && clearAlert,
          })
        }
        send={(input) => actions.complete.mutateAsync(input)}
      >
        {(errors) => (
          <>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {field('laborHours', t('complete.laborHours'), errors.laborHours)}
              {field('partsCost', t('complete.partsCost'), errors.partsCost)}
              {field('otherCost', t('complete.otherCost'), errors.otherCost)}
            </div>
            {field('closingNote', t('complete.closingNote'), errors.closingNote)}
            {order.alertId !== null && (
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="clearAlert"
                  checked={clearAlert}
                  onChange={(event) => {
                    setClearAlert(event.target.checked);
                  }}
                />
                {t('complete.clearAlert')}
              </label>
            )}
          </>
        )}
      </DialogForm>
    );
  if (kind === 'cancel')
    return (
      <DialogForm
        {...common}
        title={t('cancel.title', { number: order.number })}
        description={t('cancel.description')}
        submitLabel={t('cancelOrder')}
        fields={['reason']}
        parse={() => workOrderCancelInput.safeParse({ id: order.id, reason: values.reason })}
        send={(input) => actions.cancel.mutateAsync(input)}
      >
        {(errors) => field('reason', t('cancel.reason'), errors.reason)}
      </DialogForm>
    );
  if (kind === 'reschedule')
    return (
      <DialogForm
        {...common}
        title={t('reschedule.title', { number: order.number })}
        description={t('form.timeHint')}
        fields={['scheduledAt', 'durationHours']}
        parse={() =>
          workOrderRescheduleInput.safeParse({
            id: order.id,
            scheduledAt: zonedWallTimeToDate(values.date, values.time, zone),
            durationHours: parseNumberText(values.durationHours),
          })
        }
        send={(input) => actions.reschedule.mutateAsync(input)}
      >
        {(errors) => (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {field('date', t('form.date'), errors.scheduledAt, 'date')}
            {field('time', t('form.time'), undefined, 'time')}
            {field('durationHours', t('form.duration'), errors.durationHours)}
          </div>
        )}
      </DialogForm>
    );
  return (
    <DialogForm
      {...common}
      title={t('reassign.title', { number: order.number })}
      fields={['technicianId', 'technicianName']}
      parse={() => workOrderReassignInput.safeParse({ id: order.id, ...technicianInput(values) })}
      send={(input) => actions.reassign.mutateAsync(input)}
    >
      {(errors) => (
        <TechnicianFields
          values={values}
          technicians={technicians}
          errors={errors}
          onChange={(change) => {
            setValues((current) => ({ ...current, ...change }));
          }}
        />
      )}
    </DialogForm>
  );
}
