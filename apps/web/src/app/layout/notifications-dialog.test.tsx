import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { initTRPC, TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRouter } from '@sentinela/server/router';
import type { FieldIssue } from '@sentinela/shared/api-errors';
import { LANGUAGE_HEADER, parseLanguage, type Language } from '@sentinela/shared/language';
import { isServerMessageKey, translateServerMessage } from '@sentinela/shared/messages';
import {
  defaultNotificationPreferences,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@sentinela/shared/notifications';
import { Dialog } from '../../components/ui/dialog';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { getCurrentLanguage, setCurrentLanguage } from '../../lib/i18n/language-storage';
import { TRPCProvider } from '../../lib/trpc';
import NotificationsDialogContent from './notifications-dialog';

// The dialog against a tRPC server on the real wire (fetch adapter, superjson): the procedures
// it calls, with the shared input schema the server uses and the server's error shape (a refusal
// in the caller's language, its zod issues flattened into data.issues).

const ALFA = '0b6e6f3a-1c1e-4a52-9b9e-0c8f3f1a0001';
const BETA = '0b6e6f3a-1c1e-4a52-9b9e-0c8f3f1a0002';

type Stored = NotificationPreferences & { email: string; hasPhone: boolean };

const server = {
  stored: { ...defaultNotificationPreferences, email: 'ana@example.com', hasPhone: false } as Stored,
  saved: [] as NotificationPreferences[],
  loadFails: false,
};

const t = initTRPC.context<{ lang: Language }>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error, ctx }) => {
    const lang = ctx?.lang ?? 'pt';
    if (!(error.cause instanceof ZodError)) return shape;
    const issues: FieldIssue[] = error.cause.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: isServerMessageKey(issue.message) ? translateServerMessage(issue.message, lang) : issue.message,
    }));
    const details = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
    return {
      ...shape,
      message: translateServerMessage('error.invalidInput', lang, { details }),
      data: { ...shape.data, issues },
    };
  },
});

const router = t.router({
  notifications: t.router({
    preferences: t.router({
      get: t.procedure.query(() => {
        if (server.loadFails) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Banco indisponível.' });
        return server.stored;
      }),
      set: t.procedure.input(notificationPreferencesSchema).mutation(({ input }) => {
        server.saved.push(input);
        server.stored = { ...server.stored, ...input };
        return server.stored;
      }),
    }),
  }),
  facilities: t.router({
    options: t.procedure.query(() => [
      { id: ALFA, name: 'Fábrica Alfa', code: 'alfa', timezone: 'America/Sao_Paulo' },
      { id: BETA, name: 'Fábrica Beta', code: 'beta', timezone: 'America/Manaus' },
    ]),
  }),
});

const serverFetch = (url: URL | RequestInfo, init?: RequestInit) => {
  const req = new Request(url, init);
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router,
    createContext: () => ({ lang: parseLanguage(req.headers.get(LANGUAGE_HEADER)) }),
  });
};

function renderDialog(language: Language) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const trpcClient = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: 'http://portal.test/api/trpc',
        transformer: superjson,
        fetch: serverFetch,
        headers: () => ({ [LANGUAGE_HEADER]: getCurrentLanguage() }),
      }),
    ],
  });
  const onDone = vi.fn();
  render(
    <LanguageProvider fallbackLanguage={language}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <Dialog open>
            <NotificationsDialogContent onDone={onDone} />
          </Dialog>
        </TRPCProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return { onDone };
}

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const click = (element: HTMLElement) => {
  fireEvent.click(element);
};
const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
async function save(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

afterEach(() => {
  cleanup();
  server.stored = { ...defaultNotificationPreferences, email: 'ana@example.com', hasPhone: false };
  server.saved = [];
  server.loadFails = false;
  localStorage.clear();
  setCurrentLanguage('pt');
});

describe('the notifications dialog', () => {
  it('shows the stored choices in Portuguese and saves channels, chosen facilities and quiet hours', async () => {
    const { onDone } = renderDialog('pt');
    expect(await screen.findByRole('heading', { name: 'Notificações' })).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'E-mail para alertas críticos' });
    expect(box('E-mail para alertas críticos').checked).toBe(true);
    expect(box('E-mail para alertas de aviso').checked).toBe(false);
    // No phone on the account: SMS cannot be chosen, and the dialog says why.
    expect(box('SMS para alertas críticos').disabled).toBe(true);
    expect(screen.getByText(/Cadastre um telefone/)).toBeTruthy();
    expect(screen.getByText('E-mails vão para ana@example.com.')).toBeTruthy();

    click(box('E-mail para alertas de aviso'));
    click(screen.getByRole('radio', { name: 'Só as escolhidas' }));
    await screen.findByRole('checkbox', { name: 'Fábrica Beta' });
    click(box('Fábrica Beta'));
    click(box('Não enviar avisos e informações neste horário'));
    type('Início', '23:00');
    type('Fim', '06:30');
    await save('Salvar');

    await waitFor(() => {
      expect(onDone).toHaveBeenCalled();
    });
    expect(server.saved).toEqual([
      {
        channels: { critical: ['email'], warning: ['email'], info: [] },
        facilityIds: [ALFA],
        quietHours: { start: '23:00', end: '06:30' },
      },
    ]);
  });

  it('speaks English, lets an account with a phone choose SMS, and can drop quiet hours', async () => {
    server.stored = {
      channels: { critical: ['email'], warning: [], info: [] },
      facilityIds: [BETA],
      quietHours: { start: '22:00', end: '07:00' },
      email: 'ana@example.com',
      hasPhone: true,
    };
    const { onDone } = renderDialog('en');
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeTruthy();
    await screen.findByRole('checkbox', { name: 'SMS for critical alerts' });
    expect(screen.queryByText(/Add a phone number/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Start').value).toBe('22:00');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Only the chosen ones' }).checked).toBe(true);

    click(box('SMS for critical alerts'));
    click(box('E-mail for critical alerts'));
    click(box('SMS for info alerts'));
    click(screen.getByRole('radio', { name: 'All facilities' }));
    click(box('Do not send warnings and info during these hours'));
    expect(screen.queryByLabelText('Start')).toBeNull();
    await save('Save');

    await waitFor(() => {
      expect(onDone).toHaveBeenCalled();
    });
    expect(server.saved).toEqual([
      { channels: { critical: ['sms'], warning: [], info: ['sms'] }, facilityIds: null, quietHours: null },
    ]);
  });

  it("shows the server's refusal under the field it names, in the reader's language, and stays open", async () => {
    const { onDone } = renderDialog('en');
    await screen.findByRole('checkbox', { name: 'E-mail for critical alerts' });
    click(box('Do not send warnings and info during these hours'));
    type('Start', '08:00');
    type('End', '08:00');
    await save('Save');

    const message = await screen.findByText('Quiet hours must start and end at different times.');
    const end = screen.getByLabelText('End');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(end.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByLabelText('Start').getAttribute('aria-invalid')).toBeNull();
    expect(server.saved).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    // "Only the chosen ones" with none chosen: refused on the facilities.
    type('End', '09:00');
    click(screen.getByRole('radio', { name: 'Only the chosen ones' }));
    await screen.findByRole('checkbox', { name: 'Fábrica Alfa' });
    click(box('Fábrica Alfa'));
    click(box('Fábrica Beta'));
    await save('Save');
    expect(await screen.findByText('Choose at least one facility, or all of them.')).toBeTruthy();
    expect(screen.queryByText('Quiet hours must start and end at different times.')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says when the preferences cannot be loaded, with the reason and a retry', async () => {
    server.loadFails = true;
    renderDialog('pt');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Não foi possível carregar as preferências.');
    expect(alert.textContent).toContain('Banco indisponível.');
    server.loadFails = false;
    click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('checkbox', { name: 'E-mail para alertas críticos' })).toBeTruthy();
  });
});
