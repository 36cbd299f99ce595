import { alertSeverities, alertStatuses, type AlertSeverity } from '@sentinela/shared/alert-values';
import { SelectField } from '../../components/select-field';
import { alertsStrings } from './alerts.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

/** 'open' = active or acknowledged (the default: what still needs someone); 'all' = no filter. */
export type StatusFilter = 'open' | (typeof alertStatuses)[number] | 'all';
const statusFilters: StatusFilter[] = ['open', ...alertStatuses, 'all'];

interface AlertFiltersProps {
  status: StatusFilter;
  severity: AlertSeverity | '';
  onStatus: (status: StatusFilter) => void;
  onSeverity: (severity: AlertSeverity | '') => void;
}

export function AlertFilters({ status, severity, onStatus, onSeverity }: AlertFiltersProps) {
  const t = useStrings(alertsStrings);
  const tOps = useStrings(opsStrings);
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('filters')}</legend>
      <SelectField
        label={t('statusFilter')}
        value={status}
        options={statusFilters.map((value) => ({ value, label: t(`filter.${value}`) }))}
        onChange={(value) => {
          onStatus(value as StatusFilter);
        }}
      />
      <SelectField
        label={t('severityFilter')}
        value={severity}
        emptyOption={t('filter.allSeverities')}
        options={alertSeverities.map((value) => ({ value, label: tOps(`severity.${value}`) }))}
        onChange={(value) => {
          onSeverity(value as AlertSeverity | '');
        }}
      />
    </fieldset>
  );
}
