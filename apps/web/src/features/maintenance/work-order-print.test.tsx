import type { WorkOrderDetail } from '@sentinela/shared/maintenance';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { PrintOrderButton, WorkOrderPrint } from './work-order-print';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

const order: WorkOrderDetail = {
  id: '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
  number: 'OS-2026-0012',
  title: 'Troca de rolamento',
  kind: 'corrective',
  priority: 'urgent',
  status: 'scheduled',
  // 14:00 in Manaus (UTC−4): the facility's clock, whatever the browser's.
  scheduledAt: new Date('2026-03-05T18:00:00Z'),
  durationHours: 2.5,
  overdue: false,
  equipment: { id: 'mtr-a1', name: 'Motor A1', kind: 'motor' },
  facility: { id: 'f1', name: 'Planta Manaus', timezone: 'America/Manaus' },
  room: { id: 'r1', name: 'Sala de Bombas' },
  technician: { id: null, name: 'Refrigeração Norte Ltda.' },
  checklist: { done: 1, total: 2 },
  alertId: null,
  planId: null,
  startedAt: null,
  completedAt: null,
  cost: '0.00',
  description: 'Ruído no mancal dianteiro.',
  notes: 'Levar rolamento 6205.',
  checklistItems: [
    {
      id: 'c1',
      label: 'Bloquear e etiquetar',
      mandatory: true,
      doneAt: new Date('2026-03-05T18:10:00Z'),
      doneBy: 'Otto',
    },
    { id: 'c2', label: 'Medir vibração', mandatory: false, doneAt: null, doneBy: null },
  ],
  laborHours: null,
  partsCost: null,
  otherCost: null,
  closingNote: null,
  cancelReason: null,
  createdAt: new Date('2026-03-01T12:00:00Z'),
  history: [],
};

const printedAt = new Date('2026-03-04T12:00:00Z');
const row = (sheet: HTMLElement, label: string) =>
  within(sheet).getByRole('rowheader', { name: label }).closest('tr')?.querySelector('td')?.textContent;

describe('the printable work order', () => {
  it('shows number, title, place, facility time, technician, checklist boxes, notes and signatures in Portuguese', () => {
    render(<WorkOrderPrint order={order} printedAt={printedAt} />, { wrapper: inLanguage('pt') });
    const sheet = screen.getByRole('article');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ordem de serviço OS-2026-0012');
    expect(sheet.textContent).toContain('Troca de rolamento');
    expect(row(sheet, 'Equipamento')).toBe('Motor A1');
    expect(row(sheet, 'Instalação')).toBe('Planta Manaus');
    expect(row(sheet, 'Sala')).toBe('Sala de Bombas');
    expect(row(sheet, 'Agendada para')).toContain('05/03/2026, 14:00');
    expect(row(sheet, 'Agendada para')).toContain('Planta Manaus');
    expect(row(sheet, 'Duração prevista')).toBe('2,5 h');
    expect(row(sheet, 'Técnico')).toBe('Refrigeração Norte Ltda.');
    expect(row(sheet, 'Prioridade')).toBe('Urgente');
    const items = within(sheet).getAllByRole('listitem');
    expect(items.map((li) => [li.textContent, li.dataset.done])).toEqual([
      ['✓Bloquear e etiquetar (obrigatório)', 'true'],
      ['Medir vibração', 'false'],
    ]);
    expect(sheet.textContent).toContain('Ruído no mancal dianteiro.');
    expect(sheet.textContent).toContain('Levar rolamento 6205.');
    expect(
      within(sheet)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Descrição', 'Checklist', 'Observações', 'Anotações do técnico', 'Assinaturas']);
    expect(sheet.textContent).toContain('Responsável pela área');
  });

  it('is worded in English too, with an unassigned technician', () => {
    render(<WorkOrderPrint order={{ ...order, technician: { id: null, name: null } }} printedAt={printedAt} />, {
      wrapper: inLanguage('en'),
    });
    const sheet = screen.getByRole('article');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Work order OS-2026-0012');
    expect(row(sheet, 'Equipment')).toBe('Motor A1');
    expect(row(sheet, 'Facility')).toBe('Planta Manaus');
    expect(row(sheet, 'Room')).toBe('Sala de Bombas');
    expect(row(sheet, 'Scheduled for')).toContain('3/5/26, 2:00 PM');
    expect(row(sheet, 'Expected duration')).toBe('2.5 h');
    expect(row(sheet, 'Technician')).toBe('Not assigned');
    expect(within(sheet).getAllByRole('listitem')[0]?.textContent).toBe('✓Bloquear e etiquetar (mandatory)');
    expect(sheet.textContent).toContain("Technician's notes");
    expect(sheet.textContent).toContain('Area supervisor');
  });

  it("Imprimir opens the browser's print view of the order, kept out of the screen", () => {
    const print = vi.fn();
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    render(<PrintOrderButton order={order} />, { wrapper: inLanguage('pt') });
    const sheet = document.body.querySelector('[data-print-sheet]');
    expect(sheet?.parentElement).toBe(document.body);
    expect(sheet?.className).toContain('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
