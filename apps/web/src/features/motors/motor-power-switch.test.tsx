import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { MotorPowerSwitch } from './motor-power-switch';

// An operator is signed in: the switch is usable.
vi.mock('../../lib/use-current-user', () => ({
  useCurrentUser: () => ({ id: 'u-1', email: 'olga@example.com', name: 'Olga', role: 'operator' }),
}));

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;

beforeEach(() => {
  localStorage.setItem('language', 'pt-BR');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('MotorPowerSwitch', () => {
  it('asks first, naming the motor and its facility; nothing is sent until confirmed', async () => {
    const onChange = vi.fn();
    render(
      <MotorPowerSwitch name="Bomba Centrífuga 04" facility="Planta Campinas" on pending={false} onChange={onChange} />,
      { wrapper },
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Ligar/desligar Bomba Centrífuga 04' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desligar motor?' });
    expect(dialog.textContent).toContain('Desligar Bomba Centrífuga 04, em Planta Campinas?');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('switch', { name: 'Ligar/desligar Bomba Centrífuga 04' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Desligar' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it('asks to switch a stopped motor on, in English too', async () => {
    localStorage.setItem('language', 'en');
    const onChange = vi.fn();
    render(<MotorPowerSwitch name="Mill 01" facility="Plant B" on={false} pending={false} onChange={onChange} />, {
      wrapper,
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Turn Mill 01 on/off' }));
    expect((await screen.findByRole('dialog', { name: 'Turn the motor on?' })).textContent).toContain(
      'Turn on Mill 01, at Plant B?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('shows a locked-out motor with its work order and lets nobody switch it', () => {
    const onChange = vi.fn();
    render(
      <MotorPowerSwitch
        name="Bomba Centrífuga 04"
        facility="Planta Campinas"
        on
        pending={false}
        onChange={onChange}
        lockedBy="OS-2026-0012"
      />,
      { wrapper },
    );
    const control = screen.getByRole('switch', { name: 'Ligar/desligar Bomba Centrífuga 04' });
    expect((control as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Bloqueado · OS-2026-0012')).toBeTruthy();
    expect(control.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Bloqueado pela OS-2026-0012 em andamento',
    );
    fireEvent.click(control);
    expect(onChange).not.toHaveBeenCalled();
  });
});
