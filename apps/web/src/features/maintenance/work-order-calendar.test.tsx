import type { WorkOrderCalendarItem } from '@sentinela/shared/maintenance-calendar';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { CalendarAgenda, CalendarMonthTable } from './calendar-month-table';
import { ordersByDay } from './work-order-calendar';

// An operator is signed in: Reagendar is usable.
vi.mock('../../lib/use-current-user', () => ({
  useCurrentUser: () => ({ id: 'u-1', email: 'olga@example.com', name: 'Olga', role: 'operator' }),
}));

afterEach(cleanup);

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

const item = (extra: Partial<WorkOrderCalendarItem>): WorkOrderCalendarItem => ({
  id: crypto.randomUUID(),
  number: 'OS-2026-0001',
  title: 'Troca de rolamento',
  kind: 'corrective',
  priority: 'high',
  status: 'scheduled',
  scheduledAt: new Date('2026-03-03T12:00:00Z'),
  overdue: false,
  place: 'Motor A1',
  timezone: 'America/Sao_Paulo',
  ...extra,
});

const items = [
  item({ number: 'OS-2026-0001' }),
  // 23:30 on 3 March in Manaus (UTC−4), already 4 March in São Paulo: its facility's day counts.
  item({
    number: 'OS-2026-0002',
    title: 'Limpeza',
    timezone: 'America/Manaus',
    scheduledAt: new Date('2026-03-04T03:30:00Z'),
    priority: 'urgent',
    overdue: true,
  }),
  // 00:30 on 8 March in New York (EST), 05:30 UTC.
  item({
    number: 'OS-2026-0003',
    title: 'Inspeção',
    timezone: 'America/New_York',
    scheduledAt: new Date('2026-03-08T05:30:00Z'),
    status: 'completed',
  }),
  // The last evening of February in São Paulo (fetched with the margin): not this month.
  item({ number: 'OS-2026-0004', scheduledAt: new Date('2026-03-01T02:00:00Z') }),
];

describe('the maintenance calendar', () => {
  it("puts each order on its facility's day and leaves other months out", () => {
    const byDay = ordersByDay(items, '2026-03');
    expect([...byDay].map(([day, orders]) => [day, orders.map((o) => o.number)])).toEqual([
      ['2026-03-03', ['OS-2026-0001', 'OS-2026-0002']],
      ['2026-03-08', ['OS-2026-0003']],
    ]);
  });

  it('draws the month Monday first, each day named with its orders, in Portuguese', () => {
    const onOpen = vi.fn();
    const onReschedule = vi.fn();
    render(
      <CalendarMonthTable
        month="2026-03"
        byDay={ordersByDay(items, '2026-03')}
        today="2026-03-03"
        label="Ordens de serviço de março de 2026"
        busy={false}
        onOpen={onOpen}
        onReschedule={onReschedule}
      />,
      { wrapper: inLanguage('pt') },
    );
    const grid = screen.getByRole('table', { name: 'Ordens de serviço de março de 2026' });
    expect(within(grid).getAllByRole('columnheader')[0]?.querySelector('abbr')?.title).toBe('segunda-feira');
    const third = within(grid).getByRole('cell', { name: '3 de março: 2 ordens' });
    expect(third.getAttribute('aria-current')).toBe('date');
    expect(third.tabIndex).toBe(0);
    expect(
      within(third)
        .getAllByRole('listitem')
        .map((li) => li.dataset.number),
    ).toEqual(['OS-2026-0001', 'OS-2026-0002']);
    const late = within(third).getByRole('button', { name: /OS-2026-0002 Limpeza/ });
    expect(late.textContent).toContain('Urgente'.toLowerCase());
    expect(late.textContent).toContain('Atrasada');
    fireEvent.click(late);
    expect(onOpen).toHaveBeenCalledWith(items[1]?.id);
    fireEvent.click(within(third).getByRole('button', { name: 'Reagendar OS-2026-0001' }));
    expect(onReschedule).toHaveBeenCalledWith(items[0]?.id);
    // A completed order can no longer be rescheduled.
    const eighth = within(grid).getByRole('cell', { name: '8 de março: 1 ordem' });
    expect(within(eighth).queryByRole('button', { name: /Reagendar/ })).toBeNull();
    expect(within(grid).getByRole('cell', { name: '1 de março: nenhuma ordem' })).toBeTruthy();
    // The February days around the month show no orders (the one of 28 February is not fetched whole).
    expect(within(grid).getByRole('cell', { name: '28 de fevereiro: nenhuma ordem' })).toBeTruthy();

    // The arrow keys move between days.
    third.focus();
    fireEvent.keyDown(third, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-03-10');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-03-09');
    expect(screen.getByRole('cell', { name: '9 de março: nenhuma ordem' }).tabIndex).toBe(0);
    expect(third.tabIndex).toBe(-1);
  });

  it('names the days in English, and lists only the days with orders on a phone', () => {
    const props = {
      month: '2026-03',
      byDay: ordersByDay(items, '2026-03'),
      today: '2026-03-20',
      busy: false,
      onOpen: vi.fn(),
      onReschedule: vi.fn(),
    };
    render(<CalendarMonthTable {...props} label="Work orders of March 2026" />, { wrapper: inLanguage('en') });
    expect(screen.getByRole('cell', { name: 'March 3: 2 orders' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: /OS-2026-0002 Limpeza ?, Scheduled, urgent priority, Overdue/ }),
    ).toBeTruthy();
    cleanup();
    render(<CalendarAgenda {...props} label="Days of March 2026 with work orders" />, { wrapper: inLanguage('en') });
    const agenda = screen.getByRole('list', { name: 'Days of March 2026 with work orders' });
    expect(
      within(agenda)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['March 3: 2 orders', 'March 8: 1 order']);
  });
});
