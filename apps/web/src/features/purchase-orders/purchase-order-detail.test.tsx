import type { PurchaseOrderDetail, PurchaseOrderOptions } from '@sentinela/shared/purchase-orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../components/ui/tooltip';
import { LanguageProvider } from '../../lib/i18n/language-provider';

let role: 'viewer' | 'operator' | 'admin' = 'viewer';
vi.mock('../../lib/use-current-user', () => ({
  useCurrentUser: () => ({ id: 'u-1', email: 'x@example.com', name: 'X', role }),
}));

const order: PurchaseOrderDetail = {
  id: 'o-1',
  number: 'PC-2026-0042',
  status: 'submitted',
  supplier: { id: 's-1', name: 'Elétrica Paulista', cnpj: '11222333000181' },
  workOrder: null,
  expectedDelivery: '2026-03-20',
  late: false,
  createdAt: new Date('2026-03-02T12:00:00Z'),
  lineCount: 1,
  total: '6000.00',
  freight: '0.00',
  linesTotal: '6000.00',
  notes: null,
  submittedAt: new Date('2026-03-02T12:10:00Z'),
  approvedAt: null,
  receivedAt: null,
  cancelledAt: null,
  cancelReason: null,
  lines: [
    {
      id: 'l-1',
      position: 0,
      partId: null,
      partCode: null,
      description: 'Inversor 15 kW',
      quantity: '1.000',
      unit: 'un',
      unitPrice: '6000.0000',
      lineTotal: '6000.00',
      receivedQuantity: '0.000',
    },
  ],
  history: [
    { at: new Date('2026-03-02T12:00:00Z'), action: 'purchaseOrders.create', actor: 'otto@example.com', details: null },
  ],
};

vi.mock('../../lib/trpc', () => ({
  useTRPC: () => {
    const mutation = { mutationOptions: (o: object) => ({ ...o, mutationFn: vi.fn() }) };
    return {
      purchaseOrders: {
        get: {
          queryOptions: (input: unknown) => ({ queryKey: ['get', input], queryFn: () => Promise.resolve(order) }),
        },
        submit: mutation,
        returnToDraft: mutation,
        approve: mutation,
        receive: mutation,
        cancel: mutation,
      },
    };
  },
}));

const { default: PurchaseOrderDetailDialog } = await import('./purchase-order-detail');

afterEach(cleanup);

const options: PurchaseOrderOptions = {
  suppliers: [],
  parts: [],
  locations: [],
  workOrders: [],
  operatorLimit: '5000.00',
};

function renderDetail() {
  const Providers = ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage="pt">
      <QueryClientProvider client={new QueryClient()}>
        <TooltipProvider>{children}</TooltipProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
  render(
    <PurchaseOrderDetailDialog id="o-1" options={options} onEdit={vi.fn()} onClose={vi.fn()} onChanged={vi.fn()} />,
    { wrapper: Providers },
  );
}

describe('purchase-order detail actions per role', () => {
  it('a viewer sees the approval disabled, saying the role it needs', async () => {
    role = 'viewer';
    renderDetail();
    const approve = await screen.findByRole('button', { name: 'Aprovar' });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.parentElement?.textContent).toContain('Requer o papel Operador.');
    expect(screen.queryByRole('button', { name: 'Receber' })).toBeNull();
  });

  it('an operator over the limit cannot approve (and says why); an admin can', async () => {
    role = 'operator';
    renderDetail();
    const approve = await screen.findByRole('button', { name: 'Aprovar' });
    expect(approve).toHaveProperty('disabled', true);
    expect(approve.parentElement?.textContent).toContain('Acima do seu limite de aprovação');
    expect(screen.getByRole('button', { name: 'Voltar a rascunho' })).toHaveProperty('disabled', false);
    cleanup();
    role = 'admin';
    renderDetail();
    expect(await screen.findByRole('button', { name: 'Aprovar' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toHaveProperty('disabled', false);
    expect(document.body.querySelector('[data-order-total]')?.textContent).toBe('R$\u00a06.000,00');
  });
});
