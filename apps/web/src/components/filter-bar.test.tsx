import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchField, SearchInput } from './filter-bar';

afterEach(cleanup);

describe('search boxes', () => {
  it('labels the box above it or for screen readers only', () => {
    render(
      <>
        <SearchField label="Search" value="pump" onChange={vi.fn()} />
        <SearchField label="Find motor" labelPlacement="hidden" value="" onChange={vi.fn()} />
        <SearchInput aria-label="Find light" value="" onChange={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'pump');
    expect(screen.getByRole('searchbox', { name: 'Find motor' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Find light' })).toBeTruthy();
  });
});
