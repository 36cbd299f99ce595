import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceTable, placeOf, type DeviceColumn } from './device-table';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The screen is a phone's (below Tailwind's `md`): every `max-width` media query matches. */
function onAPhone() {
  const list = { matches: true, addEventListener: () => undefined, removeEventListener: () => undefined };
  vi.spyOn(window, 'matchMedia').mockReturnValue(list as unknown as MediaQueryList);
}

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

describe('a device kind as a list of columns', () => {
  // What a new kind (here: energy meters) writes for its table: its columns, nothing else.
  interface Meter {
    id: string;
    name: string;
    kw: number | null;
  }
  const meterColumns: DeviceColumn<Meter>[] = [
    { label: 'Meter', cell: (meter) => meter.name },
    {
      label: 'Demand',
      metric: 'powerKw',
      numeric: true,
      cell: (meter) => (meter.kw === null ? '—' : `${meter.kw} kW`),
    },
  ];

  it('draws one row per item, with its data attributes and each metric cell marked and right-aligned', () => {
    const { container } = render(
      <DeviceTable
        columns={meterColumns}
        minWidth="min-w-[20rem]"
        items={[
          { id: 'em-1', name: 'Main', kw: 412.5 },
          { id: 'em-2', name: 'Chiller', kw: null },
        ]}
        stale={false}
        empty="No meters"
        rowKey={(meter) => ({ key: meter.id, 'data-meter-id': meter.id })}
      />,
    );
    const cell = container.querySelector('[data-meter-id="em-1"] [data-metric="powerKw"]');
    expect(cell?.textContent).toBe('412.5 kW');
    expect(cell?.className).toContain('text-right');
    expect(container.querySelector('[data-meter-id="em-2"] td')?.textContent).toBe('Chiller');
  });

  it('draws the compact list style when asked', () => {
    render(
      <DeviceTable columns={meterColumns} minWidth="" items={[]} stale={false} empty="No meters" variant="list" />,
    );
    expect(screen.getByRole('cell', { name: 'No meters' }).className).toContain('h-40');
    expect(screen.getByRole('columnheader', { name: 'Demand' }).className).not.toContain('font-medium');
  });

  it('on a phone becomes a list of cards when its columns say where they go; the others stay tables', () => {
    onAPhone();
    const carded: DeviceColumn<Meter>[] = [
      { label: 'Meter', card: 'title', cell: (meter) => meter.name },
      { label: 'State', card: 'status', cell: () => 'Online' },
      { label: 'Demand', metric: 'powerKw', numeric: true, card: 'figure', cell: (meter) => `${meter.kw} kW` },
      { label: 'Serial', cell: () => 'SN-1' },
      { label: 'Reset', card: 'action', cell: (meter) => <button type="button">Reset {meter.name}</button> },
    ];
    const { container, rerender } = render(
      <DeviceTable
        columns={carded}
        minWidth="min-w-[40rem]"
        items={[{ id: 'em-1', name: 'Main', kw: 412.5 }]}
        stale={false}
        empty="No meters"
        rowKey={(meter) => ({ key: meter.id, 'data-meter-id': meter.id })}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const card = container.querySelector('li[data-meter-id="em-1"]');
    expect(card?.textContent).toContain('Main');
    expect(card?.textContent).toContain('Online');
    expect(card?.querySelector('dt')?.textContent).toBe('Demand');
    expect(card?.querySelector('dd[data-metric="powerKw"]')?.textContent).toBe('412.5 kW');
    expect(card?.textContent).not.toContain('SN-1');
    expect(screen.getByRole('button', { name: 'Reset Main' })).toBeTruthy();

    rerender(<DeviceTable columns={carded} minWidth="" items={[]} stale={false} empty="No meters" />);
    expect(screen.getByText('No meters')).toBeTruthy();

    rerender(<DeviceTable columns={meterColumns} minWidth="" items={[]} stale={false} empty="No meters" />);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});
