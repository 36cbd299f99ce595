import { CalendarDays, List } from 'lucide-react';
import { useCallback } from 'react';
import { cn } from '../../lib/cn';
import { useStrings } from '../../lib/i18n/strings';
import { pageParam, useUrlFilters } from '../plant/url-filters';
import { parseMonth } from './month-grid';
import { calendarStrings } from './work-order-calendar.strings';

export type MaintenanceView = 'list' | 'calendar';

interface ViewParams {
  page: number;
  view: MaintenanceView | '';
  month: string;
}

function parseView(params: URLSearchParams): ViewParams {
  return {
    page: pageParam(params),
    view: params.get('view') === 'calendar' ? 'calendar' : '',
    month: parseMonth(params.get('month')) ?? '',
  };
}

/** The list or the calendar, and the calendar's month, kept in the URL (?view=calendar&month=2026-03). */
export function useMaintenanceView() {
  const [params, update] = useUrlFilters(parseView);
  const setView = useCallback(
    (view: MaintenanceView) => {
      update({ view: view === 'calendar' ? 'calendar' : '', month: view === 'calendar' ? params.month : '' });
    },
    [update, params.month],
  );
  const setMonth = useCallback(
    (month: string) => {
      update({ view: 'calendar', month });
    },
    [update],
  );
  return {
    view: params.view === 'calendar' ? ('calendar' as const) : ('list' as const),
    month: params.month === '' ? null : params.month,
    setView,
    setMonth,
  };
}

/** "Lista" / "Calendário": two toggle buttons, the current one pressed. */
export function MaintenanceViewToggle({
  view,
  onChange,
}: {
  view: MaintenanceView;
  onChange: (view: MaintenanceView) => void;
}) {
  const t = useStrings(calendarStrings);
  const options = [
    { value: 'list' as const, label: t('view.list'), Icon: List },
    { value: 'calendar' as const, label: t('view.calendar'), Icon: CalendarDays },
  ];
  return (
    <div role="group" aria-label={t('view.label')} className="inline-flex w-fit rounded-md border p-0.5">
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-sm px-3 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
            view === value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
          )}
          onClick={() => {
            onChange(value);
          }}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}
