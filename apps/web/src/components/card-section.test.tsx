import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardSection } from './card-section';

afterEach(cleanup);

describe('CardSection', () => {
  it('renders the card shell: heading, description, action and body', () => {
    render(
      <CardSection
        title="Energy"
        description="Last 7 days"
        descriptionClassName="min-h-4"
        action={<a href="/alerts">All</a>}
        className="col-span-2"
        contentClassName="flex-1"
      >
        <p>body</p>
      </CardSection>,
    );
    const card = document.querySelector('[data-slot="card"]');
    expect(card?.tagName).toBe('SECTION');
    expect(card?.className).toContain('flex flex-col');
    expect(card?.className).toContain('col-span-2');
    expect(screen.getByRole('heading', { level: 2, name: 'Energy' })).toBeTruthy();
    expect(screen.getByText('Last 7 days').className).toContain('min-h-4');
    expect(screen.getByRole('link', { name: 'All' })).toBeTruthy();
    expect(screen.getByText('body').parentElement?.className).toContain('flex-1');
  });
});
