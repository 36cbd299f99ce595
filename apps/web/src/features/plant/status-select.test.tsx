import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { equipmentStatuses } from './equipment-values';
import { StatusSelect } from './status-select';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;

describe('StatusSelect', () => {
  it('offers "all" then every device status, and reports the chosen one', () => {
    const onChange = vi.fn();
    render(<StatusSelect label="Status" value="" emptyOption="All" onChange={onChange} />, { wrapper });
    const select = screen.getByLabelText<HTMLSelectElement>('Status');
    expect([...select.options].map((option) => option.value)).toEqual(['', ...equipmentStatuses]);
    expect(select.options[0]?.text).toBe('All');
    fireEvent.change(select, { target: { value: equipmentStatuses[1] } });
    expect(onChange).toHaveBeenCalledWith(equipmentStatuses[1]);
  });
});
