import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import type { WorkOrderActionsApi } from './use-work-order-actions';
import WorkOrderActionDialog from './work-order-action-dialogs';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <LanguageProvider fallbackLanguage="pt">{children}</LanguageProvider>
);

const order: WorkOrderItem = {
  id: '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
  number: 'OS-2026-0007',
  title: 'Troca de rolamento',
  kind: 'corrective',
  priority: 'high',
  status: 'in_progress',
  scheduledAt: new Date('2026-03-05T17:00:00Z'),
  durationHours: 2,
  overdue: false,
  equipment: { id: 'mtr-a1', name: 'Motor A1', kind: 'motor' },
  facility: { id: 'f1', name: 'Campinas', timezone: 'America/Sao_Paulo' },
  room: null,
  technician: { id: null, name: null },
  checklist: { done: 0, total: 0 },
  alertId: null,
  planId: null,
  startedAt: new Date('2026-03-05T17:05:00Z'),
  completedAt: null,
  cost: '0.00',
};

function actionsWith(overrides: Partial<Record<'complete' | 'reschedule' | 'reassign', ReturnType<typeof vi.fn>>>) {
  const mutation = (fn?: ReturnType<typeof vi.fn>) => ({ mutateAsync: fn ?? vi.fn() });
  return {
    complete: mutation(overrides.complete),
    reschedule: mutation(overrides.reschedule),
    reassign: mutation(overrides.reassign),
    cancel: mutation(),
  } as unknown as WorkOrderActionsApi;
}
const change = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
async function submit(name: string) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name }).closest('form')!);
    await Promise.resolve();
  });
}

describe('work-order transitions', () => {
  it('completes with the hours, the costs as typed in Portuguese and a closing note', async () => {
    const complete = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(
      <WorkOrderActionDialog
        target={{ kind: 'complete', order }}
        actions={actionsWith({ complete })}
        technicians={[]}
        onClose={onClose}
      />,
      { wrapper },
    );
    expect(screen.getByRole('dialog', { name: 'Concluir OS-2026-0007' })).toBeTruthy();
    change('Horas de trabalho', '-1');
    await submit('Concluir');
    expect(complete).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Horas de trabalho').getAttribute('aria-invalid')).toBe('true');

    change('Horas de trabalho', '1,5');
    change('Custo de peças (R$)', '1.234,50');
    change('Nota de fechamento', 'Rolamento trocado.');
    await submit('Concluir');
    expect(complete).toHaveBeenCalledWith({
      id: order.id,
      laborHours: 1.5,
      partsCost: '1234.50',
      otherCost: '0',
      closingNote: 'Rolamento trocado.',
      clearAlert: false,
    });
    expect(onClose).toHaveBeenCalled();
    // No alert behind this order: nothing to clear, no box.
    expect(screen.queryByLabelText('Encerrar o alerta')).toBeNull();
  });

  it('clears the order’s alert on completion unless the box is unticked', async () => {
    const complete = vi.fn(() => Promise.resolve());
    render(
      <WorkOrderActionDialog
        target={{ kind: 'complete', order: { ...order, alertId: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f' } }}
        actions={actionsWith({ complete })}
        technicians={[]}
        onClose={vi.fn()}
      />,
      { wrapper },
    );
    const box = screen.getByLabelText<HTMLInputElement>('Encerrar o alerta');
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    change('Horas de trabalho', '1');
    change('Nota de fechamento', 'Feito.');
    await submit('Concluir');
    expect(complete).toHaveBeenCalledWith(expect.objectContaining({ clearAlert: false }));
  });

  it('shows a refusal the server sends on the form, and stays open', async () => {
    const complete = vi.fn(() =>
      Promise.reject(
        // A tRPC refusal: the server's message, already in the user's language.
        Object.assign(new Error('Marque os itens obrigatórios do checklist antes de concluir (1 pendentes).'), {
          data: { code: 'BAD_REQUEST' },
        }),
      ),
    );
    const onClose = vi.fn();
    render(
      <WorkOrderActionDialog
        target={{ kind: 'complete', order }}
        actions={actionsWith({ complete })}
        technicians={[]}
        onClose={onClose}
      />,
      { wrapper },
    );
    change('Horas de trabalho', '1');
    change('Nota de fechamento', 'ok');
    await submit('Concluir');
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert').textContent).toBe(
      'Marque os itens obrigatórios do checklist antes de concluir (1 pendentes).',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reschedules to a date and time on the facility’s clock, and reassigns to a contractor', async () => {
    const reschedule = vi.fn(() => Promise.resolve());
    const { unmount } = render(
      <WorkOrderActionDialog
        target={{ kind: 'reschedule', order }}
        actions={actionsWith({ reschedule })}
        technicians={[]}
        onClose={vi.fn()}
      />,
      { wrapper },
    );
    // The order's current time, read in São Paulo.
    expect(screen.getByLabelText<HTMLInputElement>('Data').value).toBe('2026-03-05');
    expect(screen.getByLabelText<HTMLInputElement>('Hora').value).toBe('14:00');
    change('Data', '2026-03-09');
    change('Hora', '07:30');
    await submit('Salvar');
    expect(reschedule).toHaveBeenCalledWith({
      id: order.id,
      scheduledAt: new Date('2026-03-09T10:30:00Z'),
      durationHours: 2,
    });
    unmount();

    const reassign = vi.fn(() => Promise.resolve());
    render(
      <WorkOrderActionDialog
        target={{ kind: 'reassign', order }}
        actions={actionsWith({ reassign })}
        technicians={[{ id: '1c7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21', name: 'Ana' }]}
        onClose={vi.fn()}
      />,
      { wrapper },
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Técnico').selectedOptions[0]?.textContent).toBe('Não atribuído');
    change('Técnico', 'contractor');
    change('Terceirizado (nome)', 'Eletro Campinas Ltda');
    await submit('Salvar');
    expect(reassign).toHaveBeenCalledWith({ id: order.id, technicianId: null, technicianName: 'Eletro Campinas Ltda' });
  });
});
