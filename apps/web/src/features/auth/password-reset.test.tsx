import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { ForgotPasswordForm, ResetPasswordForm } from './password-reset';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrapperIn =
  (language: 'pt' | 'en') =>
  ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>
  );

/** The server's side of the wire: every call answers `{ success: true }`; the calls are kept. */
function fakeApi() {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ result: { data: { json: { success: true } } } }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

describe('the forgotten-password forms', () => {
  it('sends the e-mail and says the same thing whatever the answer hides, in Portuguese', async () => {
    const fetch = fakeApi();
    render(<ForgotPasswordForm onBack={vi.fn()} />, { wrapper: wrapperIn('pt') });
    expect(screen.getByRole('heading', { name: 'Esqueci minha senha' })).toBeTruthy();
    type('E-mail', ' bia@example.com ');
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Enviar link' }).closest('form')!);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toContain('Se houver uma conta com este e-mail');
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/trpc/auth.requestPasswordReset');
    expect(JSON.parse(init.body as string)).toEqual({ json: { email: 'bia@example.com' } });
  });

  it('asks for a new password with the live checklist and sends it with the token, in English', async () => {
    const fetch = fakeApi();
    const onDone = vi.fn();
    render(<ResetPasswordForm token="tok-123" onDone={onDone} />, { wrapper: wrapperIn('en') });
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save new password' });
    type('New password', 'represa');
    expect(save.disabled).toBe(true);
    expect(document.querySelector('[data-rule="upper"]')?.getAttribute('data-met')).toBe('false');
    type('New password', 'Represa#Calma58');
    type('Confirm password', 'Represa#Calma5');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(save.disabled).toBe(true);
    type('Confirm password', 'Represa#Calma58');
    expect(document.querySelectorAll('[data-met="true"]')).toHaveLength(5);
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.submit(save.closest('form')!);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(onDone).toHaveBeenCalled();
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toContain('/api/trpc/auth.resetPassword');
    expect(JSON.parse(init.body as string)).toEqual({ json: { token: 'tok-123', password: 'Represa#Calma58' } });
  });
});
