import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceTable, placeOf } from './device-table';

afterEach(cleanup);

const columns = [{ label: 'Motor' }, { label: 'Power', numeric: true }];
const table = (items: { id: string; name: string }[] | undefined, stale = false) => (
  <DeviceTable
    columns={columns}
    minWidth="min-w-[40rem]"
    items={items}
    stale={stale}
    empty="No motors"
    skeletonRows={3}
    row={(item) => (
      <tr key={item.id}>
        <td>{item.name}</td>
        <td>1 kW</td>
      </tr>
    )}
  />
);

describe('DeviceTable', () => {
  it('shows skeleton rows while the first page loads', () => {
    const { container } = render(table(undefined));
    expect(container.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(3);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('columnheader', { name: 'Power' }).className).toContain('text-right');
  });

  it('says so when the list is empty, or shows the rows', () => {
    const { rerender } = render(table([]));
    expect(screen.getByRole('cell', { name: 'No motors' }).getAttribute('colspan')).toBe('2');
    rerender(table([{ id: 'm1', name: 'Pump 1' }], true));
    expect(screen.getByRole('cell', { name: 'Pump 1' })).toBeTruthy();
    expect(screen.getByRole('table').className).toContain('opacity-60');
  });
});

describe('placeOf', () => {
  it('names the room (or location) and the facility', () => {
    expect(placeOf({ roomName: 'Hall', location: 'Bay 3', facilityName: 'Plant A' })).toBe('Hall · Plant A');
    expect(placeOf({ roomName: null, location: 'Bay 3', facilityName: 'Plant A' })).toBe('Bay 3 · Plant A');
    expect(placeOf({ roomName: null, location: null, facilityName: 'Plant A' })).toBe('Plant A');
  });
});
