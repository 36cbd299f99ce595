import { FormSelect, FormInput } from '../../components/form-field';
import { useStrings } from '../../lib/i18n/strings';
import { maintenanceStrings } from './maintenance.strings';

/** '' = not assigned, a user id, or CONTRACTOR (then `contractor` holds the name). */
export interface TechnicianValues {
  technician: string;
  contractor: string;
}

const CONTRACTOR = 'contractor';

/** The form values of an order's technician. */
export function technicianValues(technician: { id: string | null; name: string | null }): TechnicianValues {
  if (technician.id) return { technician: technician.id, contractor: '' };
  if (technician.name) return { technician: CONTRACTOR, contractor: technician.name };
  return { technician: '', contractor: '' };
}

/** The schema's technicianId / technicianName from the form values. */
export function technicianInput(values: TechnicianValues) {
  if (values.technician === CONTRACTOR) return { technicianId: null, technicianName: values.contractor };
  return { technicianId: values.technician === '' ? null : values.technician, technicianName: null };
}

interface TechnicianFieldsProps {
  values: TechnicianValues;
  technicians: readonly { id: string; name: string }[] | undefined;
  errors: Partial<Record<string, string>>;
  onChange: (change: Partial<TechnicianValues>) => void;
}

/** An operator of the portal, an outside contractor by name, or "Não atribuído". */
export function TechnicianFields({ values, technicians, errors, onChange }: TechnicianFieldsProps) {
  const t = useStrings(maintenanceStrings);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <FormSelect
        label={t('form.technician')}
        error={errors.technicianId}
        name="technician"
        value={values.technician}
        onChange={(event) => {
          onChange({ technician: event.target.value });
        }}
        emptyOption={t('unassigned')}
        options={[
          ...(technicians ?? []).map((tech) => ({ value: tech.id, label: tech.name })),
          { value: CONTRACTOR, label: t('form.contractorOption') },
        ]}
      />
      {values.technician === CONTRACTOR && (
        <FormInput
          label={t('form.contractor')}
          error={errors.technicianName}
          name="contractor"
          value={values.contractor}
          onChange={(event) => {
            onChange({ contractor: event.target.value });
          }}
        />
      )}
    </div>
  );
}
