import {
  workOrderKindValues,
  workOrderPriorityValues,
  workOrderStatusValues,
  type WorkOrderKind,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@sentinela/shared/maintenance-values';
import { WORK_ORDER_FIRST_YEAR, WORK_ORDER_LAST_YEAR } from '@sentinela/shared/maintenance-values';
import { useId, useMemo, useState } from 'react';
import { filterSelects, SearchField } from '../../components/filter-bar';
import { Input } from '../../components/ui/input';
import { useStrings } from '../../lib/i18n/strings';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '../../lib/use-search-draft';
import { zonedWallTimeToDate } from '../../lib/zoned-time';
import { useFilteredPage } from '../plant/use-filtered-page';
import { maintenanceStrings } from './maintenance.strings';

export interface WorkOrderFilterValues {
  search: string;
  /** A status, 'open' (the default: what still has to be done) or 'overdue'; '' = all. */
  status: '' | WorkOrderStatus | 'open' | 'overdue';
  kind: '' | WorkOrderKind;
  priority: '' | WorkOrderPriority;
  /** A user id or 'unassigned'. */
  technician: string;
  facilityId: string;
  /** Scheduled on or after this day ('YYYY-MM-DD'); '' = no start. */
  from: string;
  /** Scheduled on or before this day (the whole day); '' = no end. */
  to: string;
}

const initialFilters: WorkOrderFilterValues = {
  search: '',
  status: 'open',
  kind: '',
  priority: '',
  technician: '',
  facilityId: '',
  from: '',
  to: '',
};

const FIRST_DAY = `${WORK_ORDER_FIRST_YEAR}-01-01`;
const LAST_DAY = `${WORK_ORDER_LAST_YEAR}-12-31`;

/** The day after 'YYYY-MM-DD', same form (calendar arithmetic, no time zone). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
}

export type ScheduleRange = { ok: true; from?: Date; to?: Date } | { ok: false; reason: 'reversed' | 'outOfRange' };

/**
 * The date fields as the list's [from, to): from the start of the first day to the end of the
 * last one, on the clock of `timeZone` (the facilities' shared zone; the browser's when none).
 * A reversed range or a day outside the years an order may be scheduled in is not applied.
 */
export function scheduleRange(from: string, to: string, timeZone: string | undefined): ScheduleRange {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const days = [from, to].filter((d) => d !== '');
  if (days.some((d) => !day.test(d) || d < FIRST_DAY || d > LAST_DAY)) return { ok: false, reason: 'outOfRange' };
  if (from !== '' && to !== '' && to < from) return { ok: false, reason: 'reversed' };
  const start = from === '' ? null : zonedWallTimeToDate(from, '00:00', timeZone);
  const end = to === '' ? null : zonedWallTimeToDate(nextDay(to), '00:00', timeZone);
  return { ok: true, ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}

/**
 * The list's filter values; `input`, the filters the calendar shares (it has its month for
 * dates); `listInput`, those plus the scheduled range, for the list and its CSV export; and the
 * page (1 again on every change). Days are read on `timeZone`'s clock.
 */
export function useWorkOrderFilters(timeZone: string | undefined) {
  const [values, setValues] = useState(initialFilters);
  const search = useDebouncedValue(values.search.trim(), SEARCH_DEBOUNCE_MS);
  const input = useMemo(() => {
    const chosen: Record<string, string> = {};
    const { from: _from, to: _to, ...rest } = values;
    for (const [key, value] of Object.entries({ ...rest, search })) if (value !== '') chosen[key] = value;
    return chosen;
  }, [values, search]);
  const range = useMemo(() => scheduleRange(values.from, values.to, timeZone), [values.from, values.to, timeZone]);
  const listInput = useMemo(
    () =>
      range.ok
        ? { ...input, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) }
        : input,
    [input, range],
  );
  const filterKey = JSON.stringify(listInput);
  const [page, setPage] = useFilteredPage(filterKey);
  return {
    values,
    setValues,
    input,
    listInput,
    rangeError: range.ok ? null : range.reason,
    page,
    setPage,
    filtered: filterKey !== JSON.stringify({ status: 'open' }),
  };
}

interface WorkOrderFiltersProps {
  values: WorkOrderFilterValues;
  onChange: (values: WorkOrderFilterValues) => void;
  technicians: readonly { id: string; name: string }[] | undefined;
  facilities: readonly { id: string; name: string }[] | undefined;
  /** Show the scheduled-between days (the list; the calendar has its month instead). */
  dates?: boolean;
  /** Why the days were not applied, shown under them. */
  rangeError?: 'reversed' | 'outOfRange' | null;
}

/**
 * Search, status (incl. open and overdue), kind, priority, technician (incl. not assigned),
 * facility, and (in the list) the days the orders are scheduled between.
 */
export function WorkOrderFilters({
  values,
  onChange,
  technicians,
  facilities,
  dates = false,
  rangeError = null,
}: WorkOrderFiltersProps) {
  const t = useStrings(maintenanceStrings);
  const id = useId();
  const { set, select } = filterSelects(values, onChange);
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,1fr)_repeat(5,minmax(8rem,11rem))]">
      <legend className="sr-only">{t('filter.status')}</legend>
      <SearchField
        label={t('filter.search')}
        labelPlacement="hidden"
        placeholder={t('filter.searchPlaceholder')}
        value={values.search}
        onChange={(event) => {
          set({ search: event.target.value });
        }}
      />
      {select('status', {
        label: t('filter.status'),
        emptyOption: t('filter.allStatuses'),
        options: [
          { value: 'open', label: t('filter.open') },
          { value: 'overdue', label: t('filter.overdue') },
          ...workOrderStatusValues.map((value) => ({ value, label: t(`status.${value}`) })),
        ],
      })}
      {select('kind', {
        label: t('filter.kind'),
        emptyOption: t('filter.allKinds'),
        options: workOrderKindValues.map((value) => ({ value, label: t(`kind.${value}`) })),
      })}
      {select('priority', {
        label: t('filter.priority'),
        emptyOption: t('filter.allPriorities'),
        options: workOrderPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) })),
      })}
      {select('technician', {
        label: t('filter.technician'),
        emptyOption: t('filter.allTechnicians'),
        options: [
          { value: 'unassigned', label: t('unassigned') },
          ...(technicians ?? []).map((tech) => ({ value: tech.id, label: tech.name })),
        ],
      })}
      {select('facilityId', {
        label: t('filter.facility'),
        emptyOption: t('filter.allFacilities'),
        options: (facilities ?? []).map((f) => ({ value: f.id, label: f.name })),
      })}
      {dates && (
        <div
          role="group"
          aria-labelledby={`${id}-dates`}
          aria-describedby={rangeError ? `${id}-dates-error` : undefined}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:col-span-2 lg:col-span-3"
        >
          <span id={`${id}-dates`} className="text-sm text-muted-foreground">
            {t('filter.dates')}
          </span>
          {(['from', 'to'] as const).map((field) => (
            <label key={field} className="flex items-center gap-1.5 text-sm">
              <span>{t(`filter.${field}`)}</span>
              <Input
                type="date"
                name={field}
                className="w-auto"
                min={FIRST_DAY}
                max={LAST_DAY}
                aria-invalid={rangeError ? true : undefined}
                value={values[field]}
                onChange={(event) => {
                  set({ [field]: event.target.value });
                }}
              />
            </label>
          ))}
          {rangeError && (
            <p id={`${id}-dates-error`} role="alert" className="basis-full text-sm text-destructive">
              {rangeError === 'reversed'
                ? t('filter.datesReversed')
                : t('filter.datesOutOfRange', {
                    first: String(WORK_ORDER_FIRST_YEAR),
                    last: String(WORK_ORDER_LAST_YEAR),
                  })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
