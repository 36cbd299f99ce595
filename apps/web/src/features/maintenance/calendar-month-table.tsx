import type { WorkOrderCalendarItem } from '@sentinela/shared/maintenance-calendar';
import { useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { CalendarOrder, type CalendarOrderActions } from './calendar-order';
import { dayAsDate, monthWeeks } from './month-grid';
import { calendarStrings } from './work-order-calendar.strings';

type T = AreaTranslate<keyof (typeof calendarStrings)['pt']>;

export interface CalendarDaysProps extends CalendarOrderActions {
  month: string;
  /** The month's orders by day ('YYYY-MM-DD'). */
  byDay: ReadonlyMap<string, WorkOrderCalendarItem[]>;
  today: string;
  /** The grid's (or agenda's) name. */
  label: string;
  busy: boolean;
}

/** '3 de março: 2 ordens' / 'March 3: 2 orders'. */
export function dayName(t: T, locale: string, key: string, count: number): string {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    dayAsDate(key),
  );
  const orders = count === 0 ? t('orders.none') : count === 1 ? t('orders.one') : t('orders.many', { count });
  return t('dayLabel', { day, orders });
}

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The month as a table, Monday first: each day a cell (named with its date and how many orders it
 * holds; one of them in the tab order, the arrow keys move between them) listing its orders. A
 * table, not an ARIA grid: a grid cell is a widget, whose name would have to hold its orders' text.
 */
export function CalendarMonthTable({ month, byDay, today, label, busy, ...actions }: CalendarDaysProps) {
  const t = useStrings(calendarStrings);
  const locale = useLanguage().language === 'pt' ? 'pt-BR' : 'en-US';
  const weeks = monthWeeks(month);
  const days = weeks.flat();
  const tableRef = useRef<HTMLTableElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const inMonth = (key: string | null) => key !== null && key.startsWith(month);
  const active = inMonth(focused) ? focused : inMonth(today) ? today : `${month}-01`;
  const weekdays = days.slice(0, 7).map((d) => {
    const at = dayAsDate(d.key);
    const format = (weekday: 'short' | 'long') =>
      new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(at);
    return { short: format('short'), long: format('long') };
  });

  const move = (event: KeyboardEvent<HTMLTableCellElement>, index: number) => {
    if (event.target !== event.currentTarget) return;
    const weekStart = index - (index % 7);
    const target =
      event.key === 'Home' ? weekStart : event.key === 'End' ? weekStart + 6 : index + (MOVES[event.key] ?? NaN);
    const day = days[target];
    if (!day) return;
    event.preventDefault();
    setFocused(day.key);
    tableRef.current?.querySelector<HTMLElement>(`[data-day="${day.key}"]`)?.focus();
  };

  return (
    <table ref={tableRef} aria-label={label} aria-busy={busy} className="w-full table-fixed border-collapse text-sm">
      <thead>
        <tr>
          {weekdays.map((w) => (
            <th key={w.long} scope="col" className="px-1 py-1.5 text-xs font-medium text-muted-foreground">
              <abbr title={w.long} className="no-underline">
                {w.short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]?.key}>
            {week.map((day) => {
              const index = days.indexOf(day);
              const orders = day.inMonth ? (byDay.get(day.key) ?? []) : [];
              const isToday = day.key === today;
              return (
                <td
                  key={day.key}
                  data-day={day.key}
                  tabIndex={day.key === active ? 0 : -1}
                  aria-label={dayName(t, locale, day.key, orders.length)}
                  aria-current={isToday ? 'date' : undefined}
                  className={cn(
                    'h-28 border p-1 align-top outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
                    !day.inMonth && 'bg-muted/40',
                  )}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget) setFocused(day.key);
                  }}
                  onKeyDown={(event) => {
                    move(event, index);
                  }}
                >
                  <span
                    aria-hidden
                    className={cn(
                      'mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs tabular-nums',
                      !day.inMonth && 'text-muted-foreground',
                      isToday && 'bg-primary font-semibold text-primary-foreground',
                    )}
                  >
                    {day.day}
                  </span>
                  {orders.length > 0 && (
                    <ul className="flex max-h-40 flex-col gap-0.5 overflow-y-auto">
                      {orders.map((order) => (
                        <CalendarOrder key={order.id} order={order} {...actions} />
                      ))}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On a phone: the days of the month that hold orders, each with its list. */
export function CalendarAgenda({ month, byDay, today, label, busy, ...actions }: CalendarDaysProps) {
  const t = useStrings(calendarStrings);
  const locale = useLanguage().language === 'pt' ? 'pt-BR' : 'en-US';
  const days = [...byDay.keys()].filter((key) => key.startsWith(month)).sort();
  return (
    <ol aria-label={label} aria-busy={busy} className="flex flex-col gap-3">
      {days.map((key) => {
        const orders = byDay.get(key) ?? [];
        return (
          <li
            key={key}
            data-day={key}
            aria-current={key === today ? 'date' : undefined}
            className="rounded-lg border p-3"
          >
            <h3 className="mb-2 text-sm font-semibold">
              {dayName(t, locale, key, orders.length)}
              {key === today && <span className="font-normal text-muted-foreground"> · {t('todayMarker')}</span>}
            </h3>
            <ul className="flex flex-col gap-1">
              {orders.map((order) => (
                <CalendarOrder key={order.id} order={order} {...actions} />
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
