import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatCard, StatGrid, twoLineHint } from './stat-card';

afterEach(cleanup);

describe('StatCard', () => {
  it('shows the label, the value and the hint', () => {
    render(<StatCard label="Motors" value="12" hint="3 stopped" />);
    expect(screen.getByRole('heading', { name: 'Motors' })).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'Motors' }).closest('[data-slot="card"]');
    expect(card?.getAttribute('aria-busy')).toBe('false');
    expect(card?.querySelector('[data-slot="stat-value"]')?.textContent).toBe('12');
    expect(screen.getByText('3 stopped')).toBeTruthy();
  });

  it('is busy with a skeleton while the value is undefined', () => {
    const { container } = render(<StatCard label="Motors" value={undefined} />);
    expect(container.querySelector('[data-slot="card"]')?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-slot="stat-value"] .animate-pulse')).not.toBeNull();
    expect(container.querySelector('p')).toBeNull();
  });
});

describe('StatGrid', () => {
  it('renders one card per figure, in order, inside the grid', () => {
    const { container } = render(
      <StatGrid
        className="grid"
        stats={[
          { label: 'Total', value: '4', hint: twoLineHint('all units') },
          { label: 'Power', value: '1.5 kW' },
        ]}
      />,
    );
    const grid = container.firstElementChild;
    expect(grid?.className).toBe('grid');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Total', 'Power']);
    expect(screen.getByText('all units').className).toBe('block min-h-8');
  });
});
