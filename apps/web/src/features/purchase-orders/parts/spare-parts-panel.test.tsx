import type { PartListOutput } from '@sentinela/shared/spare-parts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { LanguageProvider } from '../../../lib/i18n/language-provider';

/** The server's answers, decided by each test. */
const listCall = vi.fn<() => Promise<PartListOutput>>();
const locationsCall = vi.fn(() =>
  Promise.resolve([{ id: 'l1', name: 'Almoxarifado central', facility: null, active: true }]),
);

vi.mock('../../../lib/use-current-user', () => ({
  useCurrentUser: () => ({ id: 'u-1', email: 'vera@example.com', name: 'Vera', role: 'viewer' }),
}));
vi.mock('../../../lib/trpc', () => ({
  useTRPC: () => ({
    spareParts: {
      list: { queryOptions: (input: unknown) => ({ queryKey: ['list', input], queryFn: listCall }) },
      locations: { list: { queryOptions: () => ({ queryKey: ['locations'], queryFn: locationsCall }) } },
    },
  }),
  useTRPCClient: () => ({}),
}));

const { SparePartsPanel } = await import('./spare-parts-panel');

function Providers({ language, children }: { language: 'pt' | 'en'; children: ReactNode }) {
  return (
    <LanguageProvider fallbackLanguage={language}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TooltipProvider>{children}</TooltipProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}

const page = (items: PartListOutput['items']): PartListOutput => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
});
const part = (extra: Partial<PartListOutput['items'][number]>): PartListOutput['items'][number] => ({
  id: crypto.randomUUID(),
  code: 'ROL-6205-2RS',
  description: 'Rolamento rígido de esferas 6205-2RS',
  unit: 'un',
  minimumStock: '6.000',
  stock: '14.000',
  belowMinimum: false,
  preferredSupplier: { id: 's1', name: 'Rolamentos Paulista' },
  defaultLocation: { id: 'l1', name: 'Almoxarifado central' },
  compatibleKinds: ['motor'],
  active: true,
  ...extra,
});

afterEach(cleanup);
beforeEach(() => {
  listCall.mockReset();
});

describe('spare parts panel', () => {
  it('lists parts with their stock, and badges those under their minimum', async () => {
    listCall.mockResolvedValue(
      page([
        part({}),
        part({
          code: 'DRV-LED-150',
          description: 'Driver LED 150 W',
          stock: '1.500',
          minimumStock: '3',
          belowMinimum: true,
        }),
      ]),
    );
    render(<SparePartsPanel />, { wrapper: ({ children }) => <Providers language="pt">{children}</Providers> });
    const low = (await screen.findByText('DRV-LED-150')).closest('tr')!;
    expect(within(low).getByText('Abaixo do mínimo')).toBeTruthy();
    expect(low.querySelector('[data-slot="part-stock"]')?.textContent).toBe('1,5\u00a0un');
    const fine = screen.getByText('ROL-6205-2RS').closest('tr')!;
    expect(within(fine).queryByText('Abaixo do mínimo')).toBeNull();
    expect(within(fine).getByText('Rolamentos Paulista')).toBeTruthy();
    // A viewer reads: no new part.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Nova peça' }).disabled).toBe(true);
  });

  it('says when there is nothing, and shows a failed load with a retry', async () => {
    listCall.mockResolvedValueOnce(page([]));
    render(<SparePartsPanel />, { wrapper: ({ children }) => <Providers language="en">{children}</Providers> });
    expect(await screen.findByText('No parts yet.')).toBeTruthy();
    cleanup();
    listCall.mockRejectedValueOnce(new Error('Database unavailable'));
    render(<SparePartsPanel />, { wrapper: ({ children }) => <Providers language="en">{children}</Providers> });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the data.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
