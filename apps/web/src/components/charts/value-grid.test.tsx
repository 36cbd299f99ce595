import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ValueGrid } from './value-grid';

afterEach(cleanup);

describe('ValueGrid', () => {
  it('draws one line and one label a tick, at the tick height', () => {
    const { container } = render(
      <svg>
        <ValueGrid ticks={[0, 50]} y={(v) => 100 - v} left={40} right={300} formatValue={(v) => `${String(v)} kW`} />
      </svg>,
    );
    const lines = container.querySelectorAll('line');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.getAttribute('y1')).toBe('50');
    expect(lines[1]?.getAttribute('x2')).toBe('300');
    const labels = [...container.querySelectorAll('text')];
    expect(labels.map((l) => l.textContent)).toEqual(['0 kW', '50 kW']);
    expect(labels[0]?.getAttribute('x')).toBe('34');
  });
});
