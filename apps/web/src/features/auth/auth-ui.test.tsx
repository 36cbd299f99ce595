import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field, SubmitButton } from './auth-ui';

afterEach(cleanup);

describe('Field', () => {
  it('hands the typed value to onValueChange', () => {
    const onValueChange = vi.fn();
    render(<Field id="f" label="E-mail" value="" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.c' } });
    expect(onValueChange).toHaveBeenCalledWith('a@b.c');
  });
});

describe('SubmitButton', () => {
  it('is disabled and says so while pending', () => {
    render(<SubmitButton pending label="Sign in" pendingLabel="Signing in…" />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Signing in…' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.disabled).toBe(true);
  });

  it('follows its own disabled rule when given one', () => {
    render(<SubmitButton pending={false} disabled label="Verify" pendingLabel="Verifying…" />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(true);
  });
});
