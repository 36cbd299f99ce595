import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';

const saveCall = vi.fn((input: { operatorLimit: string }) => Promise.resolve(input));
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    purchaseOrders: {
      approvalLimit: {
        queryOptions: () => ({ queryKey: ['limit'], queryFn: () => Promise.resolve({ operatorLimit: '5000.00' }) }),
        queryKey: () => ['limit'],
      },
      options: { queryKey: () => ['options'] },
      setApprovalLimit: { mutationOptions: (o: object) => ({ ...o, mutationFn: saveCall }) },
    },
  }),
}));

const { moneyFromText, PurchaseApprovalSection } = await import('./purchase-approval-section');

afterEach(cleanup);

describe('the purchasing section of /settings', () => {
  it('reads amounts as typed in each language, exactly', () => {
    expect(moneyFromText('6.000,50', 'pt')).toBe('6000.50');
    expect(moneyFromText('R$ 10', 'pt')).toBe('10');
    expect(moneyFromText('6,000.50', 'en')).toBe('6000.50');
    expect(moneyFromText('1,005', 'pt')).toBeNull();
    expect(moneyFromText('-3', 'en')).toBeNull();
  });

  it('shows the limit in force and saves a new one; refuses what is not an amount', async () => {
    const Providers = ({ children }: { children: ReactNode }) => (
      <LanguageProvider fallbackLanguage="pt">
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      </LanguageProvider>
    );
    render(<PurchaseApprovalSection />, { wrapper: Providers });
    const input = await screen.findByLabelText('Limite de aprovação dos operadores (R$)');
    expect(input).toHaveProperty('value', '5000,00');
    fireEvent.change(input, { target: { value: 'muito' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
      await Promise.resolve();
    });
    expect(saveCall).not.toHaveBeenCalled();
    expect(screen.getByText('Informe um valor em reais, sem sinal, com até 2 casas decimais.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '7.500,25' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
      await Promise.resolve();
    });
    expect(saveCall.mock.calls[0]![0]).toEqual({ operatorLimit: '7500.25' });
  });
});
