import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field';

afterEach(cleanup);

const options = [
  { value: 'a', label: 'Plant A' },
  { value: 'b', label: 'Plant B' },
];

describe('SelectField', () => {
  it('labels the select, lists "all" first and reports the chosen value', () => {
    const onChange = vi.fn();
    render(<SelectField label="Facility" value="" emptyOption="All" options={options} onChange={onChange} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Facility');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'All'],
      ['a', 'Plant A'],
      ['b', 'Plant B'],
    ]);
    fireEvent.change(select, { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('can name the select for screen readers only', () => {
    render(
      <SelectField
        label="Status"
        labelPlacement="hidden"
        value="a"
        emptyOption="All"
        options={options}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'a');
    expect(screen.queryByText('Status')).toBeNull();
  });

  it('lists only the options when there is no "all" choice', () => {
    render(<SelectField label="Range" value="b" options={options} onChange={vi.fn()} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Range');
    expect([...select.options].map((option) => option.value)).toEqual(['a', 'b']);
    expect(select.value).toBe('b');
  });
});
