import { alertSeverities, alertStatuses, type AlertSeverity } from '@sentinela/shared/alert-values';
import { useId } from 'react';
import { Select } from '../../components/ui/input';
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
  const statusId = useId();
  const severityId = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('filters')}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={statusId} className="text-xs font-medium text-muted-foreground">
          {t('statusFilter')}
        </label>
        <Select
          id={statusId}
          value={status}
          onChange={(event) => {
            onStatus(event.target.value as StatusFilter);
          }}
        >
          {statusFilters.map((value) => (
            <option key={value} value={value}>
              {t(`filter.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={severityId} className="text-xs font-medium text-muted-foreground">
          {t('severityFilter')}
        </label>
        <Select
          id={severityId}
          value={severity}
          onChange={(event) => {
            onSeverity(event.target.value as AlertSeverity | '');
          }}
        >
          <option value="">{t('filter.allSeverities')}</option>
          {alertSeverities.map((value) => (
            <option key={value} value={value}>
              {tOps(`severity.${value}`)}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  );
}
