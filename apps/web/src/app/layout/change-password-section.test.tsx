import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { AppRouter } from '@sentinela/server/router';
import { changePasswordInput } from '@sentinela/shared/auth';
import { LANGUAGE_HEADER, parseLanguage, type Language } from '@sentinela/shared/language';
import { translateServerMessage } from '@sentinela/shared/messages';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { getCurrentLanguage } from '../../lib/i18n/language-storage';
import { TRPCProvider } from '../../lib/trpc';
import { ChangePasswordSection } from './change-password-section';

// The section against a tRPC server on the real wire, with the shared input schema the server uses.
const received: z.output<typeof changePasswordInput>[] = [];
const t = initTRPC.context<{ lang: Language }>().create({ transformer: superjson });
const router = t.router({
  auth: t.router({
    sessions: t.procedure.query(() => []),
    changePassword: t.procedure.input(changePasswordInput).mutation(({ input, ctx }) => {
      received.push(input);
      if (input.currentPassword !== 'Turbina#Forte26') {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: translateServerMessage('auth.wrongCurrentPassword', ctx.lang),
        });
      }
      return { signedOutOthers: 2 };
    }),
  }),
});

function renderSection(language: Language, method: 'totp' | 'sms') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: 'http://portal.test/api/trpc',
        transformer: superjson,
        fetch: (url, init) => {
          const req = new Request(url, init);
          return fetchRequestHandler({
            endpoint: '/api/trpc',
            req,
            router,
            createContext: () => ({ lang: parseLanguage(req.headers.get(LANGUAGE_HEADER)) }),
          });
        },
        headers: () => ({ [LANGUAGE_HEADER]: getCurrentLanguage() }),
      }),
    ],
  });
  render(
    <LanguageProvider fallbackLanguage={language}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <ChangePasswordSection method={method} />
        </TRPCProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

afterEach(() => {
  cleanup();
  received.length = 0;
});

describe('the Security dialog’s password change', () => {
  it('sends the current password, the new one and the code, then closes, in Portuguese', async () => {
    renderSection('pt', 'totp');
    fireEvent.click(screen.getByRole('button', { name: 'Trocar senha' }));
    expect(
      screen.getByText('O código de 6 dígitos do aplicativo autenticador, ou um código de recuperação.'),
    ).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Salvar nova senha' });
    type('Senha atual', 'Turbina#Forte26');
    type('Nova senha', 'Represa#Calma58');
    type('Confirmar nova senha', 'Represa#Calma5');
    type('Código de verificação', ' 123456 ');
    expect(screen.getByText('As senhas não coincidem')).toBeTruthy();
    expect(save.disabled).toBe(true);
    type('Confirmar nova senha', 'Represa#Calma58');
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.submit(save.closest('form')!);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Trocar senha' })).toBeTruthy();
    });
    expect(received).toEqual([{ currentPassword: 'Turbina#Forte26', newPassword: 'Represa#Calma58', code: '123456' }]);
  });

  it('keeps the form open when the server refuses, in English; an SMS account can have a code sent', async () => {
    renderSection('en', 'sms');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The 6-digit code sent by SMS, or a recovery code (xxxxx-xxxxx).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send SMS code' })).toBeTruthy();
    type('Current password', 'Errada#123x');
    type('New password', 'Represa#Calma58');
    type('Confirm new password', 'Represa#Calma58');
    type('Verification code', 'abcde-12345');
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Save new password' }).closest('form')!);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(received).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save new password' }).disabled).toBe(false);
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('Errada#123x');
  });
});
