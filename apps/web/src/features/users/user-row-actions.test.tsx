import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { UserRowActions } from './user-row-actions';

afterEach(cleanup);

const wrapperIn =
  (language: 'pt' | 'en') =>
  ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage={language}>
      <TooltipProvider>{children}</TooltipProvider>
    </LanguageProvider>
  );

const bia = { id: '6f1c2b7e-8a4d-4e0f-9b3a-2c5d7e9f1a3b', name: 'Bia', disabledAt: null, twoFactorEnabled: true };

// The modal is its own lazily loaded chunk: the first one may take longer than findBy's default second.
const findDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });

/** Confirms in the open dialog (the row behind it is hidden from the accessibility tree meanwhile). */
async function confirmIn(dialogName: string, button: string) {
  await findDialog(dialogName);
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
}

describe('a user row’s actions', () => {
  it('disables only after the confirmation, in Portuguese', async () => {
    const onSetDisabled = vi.fn();
    render(
      <UserRowActions
        user={bia}
        isMe={false}
        pending={false}
        onSetDisabled={onSetDisabled}
        onResetTwoFactor={vi.fn()}
      />,
      { wrapper: wrapperIn('pt') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Desativar' }));
    expect(onSetDisabled).not.toHaveBeenCalled();
    expect((await findDialog('Desativar Bia?')).textContent).toContain('As sessões abertas desta conta terminam agora');
    await confirmIn('Desativar Bia?', 'Desativar');
    expect(onSetDisabled).toHaveBeenCalledWith(true);
  });

  it('cancels without a call, and enables a disabled account, in English', async () => {
    const onSetDisabled = vi.fn();
    render(
      <UserRowActions
        user={{ ...bia, disabledAt: new Date('2026-03-02T12:00:00Z') }}
        isMe={false}
        pending={false}
        onSetDisabled={onSetDisabled}
        onResetTwoFactor={vi.fn()}
      />,
      { wrapper: wrapperIn('en') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await findDialog('Enable Bia?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSetDisabled).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await confirmIn('Enable Bia?', 'Enable');
    expect(onSetDisabled).toHaveBeenCalledWith(false);
  });

  it('resets 2FA after the confirmation', async () => {
    const onResetTwoFactor = vi.fn();
    render(
      <UserRowActions
        user={bia}
        isMe={false}
        pending={false}
        onSetDisabled={vi.fn()}
        onResetTwoFactor={onResetTwoFactor}
      />,
      { wrapper: wrapperIn('en') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset 2FA' }));
    expect((await findDialog("Reset Bia's 2FA?")).textContent).toContain('sets up 2FA again');
    await confirmIn("Reset Bia's 2FA?", 'Reset 2FA');
    expect(onResetTwoFactor).toHaveBeenCalledTimes(1);
  });

  it('keeps the buttons visible but disabled, with the reason, on one’s own row and without 2FA', () => {
    const { unmount } = render(
      <UserRowActions user={bia} isMe pending={false} onSetDisabled={vi.fn()} onResetTwoFactor={vi.fn()} />,
      { wrapper: wrapperIn('pt') },
    );
    const own = screen.getByRole<HTMLButtonElement>('button', { name: 'Desativar' });
    expect(own.disabled).toBe(true);
    expect(own.parentElement?.textContent).toContain('Só outro administrador pode fazer isto com a sua conta.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Redefinir 2FA' }).disabled).toBe(true);
    unmount();
    render(
      <UserRowActions
        user={{ ...bia, twoFactorEnabled: false }}
        isMe={false}
        pending={false}
        onSetDisabled={vi.fn()}
        onResetTwoFactor={vi.fn()}
      />,
      { wrapper: wrapperIn('en') },
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Disable' }).disabled).toBe(false);
    const reset = screen.getByRole<HTMLButtonElement>('button', { name: 'Reset 2FA' });
    expect(reset.disabled).toBe(true);
    expect(reset.parentElement?.textContent).toContain('This user has not set up 2FA yet.');
  });
});
