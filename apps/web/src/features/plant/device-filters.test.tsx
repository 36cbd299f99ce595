import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { DeviceFilters, noDeviceFilters, useDeviceFilters, type DeviceFilterValues } from './device-filters';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;
const locations = [
  { facilityId: 'f1', facilityName: 'Plant A', roomId: 'r1', roomName: 'Hall' },
  { facilityId: 'f1', facilityName: 'Plant A', roomId: 'r2', roomName: 'Yard' },
  { facilityId: 'f2', facilityName: 'Plant B', roomId: 'r3', roomName: 'Lab' },
];

describe('DeviceFilters', () => {
  it('offers each facility once, the rooms of the chosen facility, and clears the room with a new facility', () => {
    const onChange = vi.fn<(values: DeviceFilterValues) => void>();
    const values = { ...noDeviceFilters, facilityId: 'f1', roomId: 'r2' };
    render(
      <DeviceFilters values={values} onChange={onChange} locations={locations} searchLabel="Find" rooms className="">
        <span>own filter</span>
      </DeviceFilters>,
      { wrapper },
    );
    const [facility, room] = screen.getAllByRole<HTMLSelectElement>('combobox');
    expect([...(facility?.options ?? [])].map((o) => o.value)).toEqual(['', 'f1', 'f2']);
    expect([...(room?.options ?? [])].map((o) => o.text)).toEqual(['Todas as salas', 'Hall', 'Yard']);
    fireEvent.change(facility!, { target: { value: 'f2' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...values, facilityId: 'f2', roomId: '' });
    expect(screen.getByText('own filter')).toBeTruthy();
  });

  it('has no room filter unless asked', () => {
    render(
      <DeviceFilters
        values={noDeviceFilters}
        onChange={vi.fn()}
        locations={locations}
        searchLabel="Find"
        className=""
      />,
      { wrapper },
    );
    expect(screen.getAllByRole('combobox')).toHaveLength(2);
  });
});

describe('useDeviceFilters', () => {
  it('sends only the chosen filters, the search trimmed after a pause, and starts again from page 1', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDeviceFilters({ ...noDeviceFilters, power: '' }));
    expect(result.current.input).toEqual({});
    expect(result.current.filtered).toBe(false);
    act(() => {
      result.current.setPage(3);
    });
    expect(result.current.page).toBe(3);
    act(() => {
      result.current.setValues({ ...result.current.values, status: 'error', power: 'on', search: ' pump ' });
    });
    expect(result.current.input).toEqual({ status: 'error', power: 'on' });
    expect(result.current.page).toBe(1);
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.input).toEqual({ status: 'error', power: 'on', search: 'pump' });
    expect(result.current.filtered).toBe(true);
  });
});
