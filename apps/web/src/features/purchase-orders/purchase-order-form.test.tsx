import type { PurchaseOrderOptions } from '@sentinela/shared/purchase-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';

const createCall = vi.fn((input: unknown) => Promise.resolve({ id: 'o-1', number: 'PC-2026-0001', input }));

vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    purchaseOrders: {
      create: { mutationOptions: (o: object) => ({ ...o, mutationFn: createCall }) },
      update: { mutationOptions: (o: object) => ({ ...o, mutationFn: vi.fn() }) },
    },
  }),
}));

const { OrderForm } = await import('./purchase-order-form-dialog');

afterEach(() => {
  cleanup();
  createCall.mockClear();
});

const options: PurchaseOrderOptions = {
  suppliers: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Elétrica Paulista' }],
  parts: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      code: 'FUS-10',
      description: 'Fusível NH 10 A',
      unit: 'un',
      lastPrice: '12.5000',
      defaultLocationId: null,
      stock: '3.000',
    },
  ],
  locations: [],
  workOrders: [],
  operatorLimit: '5000.00',
};

function renderForm(language: 'pt' | 'en') {
  const Providers = ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage={language}>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </LanguageProvider>
  );
  return render(<OrderForm id={null} order={undefined} options={options} onSaved={vi.fn()} />, { wrapper: Providers });
}

const nbsp = (s: string) => s.replace(/\s/g, '\u00a0');

describe('purchase-order form', () => {
  it('totals 0,1 + 0,2 as R$ 0,30 in Portuguese and sends exact decimal strings', async () => {
    renderForm('pt');
    fireEvent.change(screen.getByLabelText('Fornecedor'), { target: { value: options.suppliers[0]!.id } });
    const first = screen.getAllByLabelText('Descrição')[0]!;
    fireEvent.change(first, { target: { value: 'Arruela' } });
    fireEvent.change(screen.getAllByLabelText('Quantidade')[0]!, { target: { value: '1' } });
    fireEvent.change(screen.getAllByLabelText('Preço unitário (R$)')[0]!, { target: { value: '0,1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar item' }));
    fireEvent.change(screen.getAllByLabelText('Descrição')[1]!, { target: { value: 'Porca' } });
    fireEvent.change(screen.getAllByLabelText('Quantidade')[1]!, { target: { value: '1' } });
    fireEvent.change(screen.getAllByLabelText('Preço unitário (R$)')[1]!, { target: { value: '0,2' } });
    expect(document.querySelector('[data-form-total]')?.textContent).toBe(nbsp('R$ 0,30'));
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Salvar rascunho' }).closest('form')!);
      await Promise.resolve();
    });
    expect(createCall).toHaveBeenCalledTimes(1);
    expect(createCall.mock.calls[0]![0]).toMatchObject({
      freight: '0',
      lines: [
        { description: 'Arruela', quantity: '1', unitPrice: '0.1', partId: null },
        { description: 'Porca', quantity: '1', unitPrice: '0.2', partId: null },
      ],
    });
  });

  it('fills a catalogue part and shows totals in US dollars (÷ 5) in English; refuses a bad quantity before sending', async () => {
    renderForm('en');
    fireEvent.change(screen.getByLabelText('Supplier'), { target: { value: options.suppliers[0]!.id } });
    fireEvent.change(screen.getByLabelText('Part'), { target: { value: options.parts[0]!.id } });
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Fusível NH 10 A');
    expect(screen.getByLabelText('Unit price (R$)')).toHaveProperty('value', '12.5');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Freight (R$)'), { target: { value: '10' } });
    // R$ 60.00 → US$ 12.00
    expect(document.querySelector('[data-form-total]')?.textContent).toBe('$12.00');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '-1' } });
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Save draft' }).closest('form')!);
      await Promise.resolve();
    });
    expect(createCall).not.toHaveBeenCalled();
    const line = document.querySelector('[data-line-index="0"]') as HTMLElement;
    expect(within(line).getByText(/Enter a quantity above zero/)).toBeTruthy();
  });
});
