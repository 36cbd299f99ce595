import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { scheduleRange, useWorkOrderFilters, WorkOrderFilters, type WorkOrderFilterValues } from './work-order-filters';

afterEach(cleanup);

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

describe('scheduleRange', () => {
  it('reads the days on the given clock, the last one whole: [start of from, start of the day after to)', () => {
    expect(scheduleRange('2026-03-01', '2026-03-31', 'America/Sao_Paulo')).toEqual({
      ok: true,
      from: new Date('2026-03-01T03:00:00Z'),
      to: new Date('2026-04-01T03:00:00Z'),
    });
    expect(scheduleRange('2026-12-31', '2026-12-31', 'Asia/Tokyo')).toEqual({
      ok: true,
      from: new Date('2026-12-30T15:00:00Z'),
      to: new Date('2026-12-31T15:00:00Z'),
    });
    expect(scheduleRange('', '2026-03-10', 'UTC')).toEqual({ ok: true, to: new Date('2026-03-11T00:00:00Z') });
    expect(scheduleRange('', '', 'UTC')).toEqual({ ok: true });
  });

  it('does not apply a reversed range nor a day outside the years an order may be scheduled in', () => {
    expect(scheduleRange('2026-03-10', '2026-03-09', 'UTC')).toEqual({ ok: false, reason: 'reversed' });
    expect(scheduleRange('1999-12-31', '', 'UTC')).toEqual({ ok: false, reason: 'outOfRange' });
    expect(scheduleRange('', '2101-01-01', 'UTC')).toEqual({ ok: false, reason: 'outOfRange' });
  });
});

describe('useWorkOrderFilters', () => {
  it('puts the range in the list’s input (and the export’s), not in the calendar’s, and goes back to page 1', () => {
    const { result } = renderHook(() => useWorkOrderFilters('America/Sao_Paulo'));
    act(() => {
      result.current.setPage(3);
    });
    expect(result.current.filtered).toBe(false);
    act(() => {
      result.current.setValues({ ...result.current.values, from: '2026-03-01', to: '2026-03-31' });
    });
    expect(result.current.listInput).toEqual({
      status: 'open',
      from: new Date('2026-03-01T03:00:00Z'),
      to: new Date('2026-04-01T03:00:00Z'),
    });
    expect(result.current.input).toEqual({ status: 'open' });
    expect(result.current.page).toBe(1);
    expect(result.current.filtered).toBe(true);
    expect(result.current.rangeError).toBeNull();

    act(() => {
      result.current.setValues({ ...result.current.values, to: '2026-02-01' });
    });
    expect(result.current.rangeError).toBe('reversed');
    expect(result.current.listInput).toEqual({ status: 'open' });
  });
});

function Harness({ rangeError = null }: { rangeError?: 'reversed' | 'outOfRange' | null }) {
  const [values, setValues] = useState<WorkOrderFilterValues>({
    search: '',
    status: 'open',
    kind: '',
    priority: '',
    technician: '',
    facilityId: '',
    from: '',
    to: '',
  });
  return (
    <>
      <WorkOrderFilters
        values={values}
        onChange={setValues}
        technicians={[]}
        facilities={[]}
        dates
        rangeError={rangeError}
      />
      <output>{`${values.from}|${values.to}`}</output>
    </>
  );
}

describe('WorkOrderFilters dates', () => {
  it('labels the two days in Portuguese and keeps what is typed', () => {
    render(<Harness />, { wrapper: inLanguage('pt') });
    expect(screen.getByRole('group', { name: 'Agendadas entre' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-03-31' } });
    expect(screen.getByRole('status').textContent).toBe('2026-03-01|2026-03-31');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in English why a range was not applied', () => {
    render(<Harness rangeError="reversed" />, { wrapper: inLanguage('en') });
    expect(screen.getByRole('group', { name: 'Scheduled between' })).toBeTruthy();
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('To')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The end date is before the start date: the range was not applied.',
    );
  });

  it('leaves the days out where the calendar shows its month', () => {
    render(
      <WorkOrderFilters
        values={{
          search: '',
          status: 'open',
          kind: '',
          priority: '',
          technician: '',
          facilityId: '',
          from: '',
          to: '',
        }}
        onChange={() => undefined}
        technicians={[]}
        facilities={[]}
      />,
      { wrapper: inLanguage('pt') },
    );
    expect(screen.queryByLabelText('De')).toBeNull();
  });
});
