import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { InviteUserDialog } from './invite-user-dialog';

afterEach(cleanup);

const wrapperIn =
  (language: 'pt' | 'en') =>
  ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>
  );

describe('the invitation dialog', () => {
  it('sends the e-mail and role, then shows the one-time link, in Portuguese', async () => {
    const link = 'http://portal.test/register?invite=abc';
    const onInvite = vi.fn(() => Promise.resolve({ link, expiresAt: new Date('2026-03-04T12:00:00Z') }));
    render(<InviteUserDialog open onOpenChange={vi.fn()} pending={false} onInvite={onInvite} />, {
      wrapper: wrapperIn('pt'),
    });
    expect(screen.getByRole('dialog', { name: 'Convidar usuário' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' bia@example.com ' } });
    fireEvent.change(screen.getByLabelText('Papel'), { target: { value: 'operator' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Enviar convite' }).closest('form')!);
      await Promise.resolve();
    });
    expect(onInvite).toHaveBeenCalledWith({ email: 'bia@example.com', role: 'operator' });
    expect(screen.getByLabelText<HTMLInputElement>('Link do convite').value).toBe(link);
    expect(screen.getByRole('status').textContent).toContain('funciona uma única vez');
  });

  it('stays on the form when the invitation is refused, in English', async () => {
    const onInvite = vi.fn(() => Promise.reject(new Error('An account with this e-mail already exists.')));
    render(<InviteUserDialog open onOpenChange={vi.fn()} pending={false} onInvite={onInvite} />, {
      wrapper: wrapperIn('en'),
    });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Send invitation' }).closest('form')!);
      await Promise.resolve();
    });
    expect(onInvite).toHaveBeenCalledWith({ email: 'ana@example.com', role: 'viewer' });
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send invitation' })).toBeTruthy();
  });
});
