import type { MaintenanceKpis } from '@sentinela/shared/maintenance';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { MaintenanceKpiCards } from './maintenance-kpis';

afterEach(cleanup);

const kpis: MaintenanceKpis = {
  total: 42,
  open: { total: 5, scheduled: 4, in_progress: 1 },
  openByPriority: { low: 1, medium: 2, high: 1, urgent: 1 },
  overdue: 2,
  scheduledThisWeek: 3,
  completed: { total: 30, preventive: 18, corrective: 12 },
  mtbfHours: 812.5,
  runningHours: 9750,
  failures: 12,
  mttrHours: 6.25,
  onTimeRate: 0.8,
  costThisMonth: '1500.00',
  costTotal: '12345.50',
  windowDays: 365,
};

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };
const value = (label: string) =>
  screen.getByRole('heading', { name: label }).closest('[data-slot="card"]')?.querySelector('[data-slot="stat-value"]')
    ?.textContent;

describe('maintenance figures', () => {
  it('shows the spec’s figures in Portuguese, each saying how it is computed', () => {
    render(<MaintenanceKpiCards kpis={kpis} />, { wrapper: inLanguage('pt') });
    expect(value('Total de ordens')).toBe('42');
    expect(value('Agendadas')).toBe('4');
    expect(value('Em andamento')).toBe('1');
    expect(value('Concluídas')).toBe('30');
    expect(value('Custo total')).toBe('R$\u00a012.345,50');
    expect(value('MTBF')).toBe('812,5 h');
    expect(value('Taxa de sucesso')).toBe('80%');
    expect(value('Preventiva × corretiva')).toBe('18 × 12');
    expect(screen.getByText('Horas de operação (9.750 h) ÷ falhas corretivas (12) nos últimos 365 dias')).toBeTruthy();
    expect(screen.getByText('2 atrasada(s) · 3 nesta semana')).toBeTruthy();
    expect(screen.getByText(/R\$\s1\.500,00 neste mês/)).toBeTruthy();
  });

  it('reads in English, with costs in dollars (÷5), and says when there was no failure', () => {
    render(<MaintenanceKpiCards kpis={{ ...kpis, mtbfHours: null, onTimeRate: null }} />, {
      wrapper: inLanguage('en'),
    });
    expect(value('Total work orders')).toBe('42');
    expect(value('Total cost')).toBe('$2,469.10');
    expect(value('MTBF')).toBe('No failures');
    expect(value('Success rate')).toBe('—');
    expect(value('Preventive vs corrective')).toBe('18 × 12');
  });

  it('shows skeletons while the figures load', () => {
    const { container } = render(<MaintenanceKpiCards kpis={undefined} />, { wrapper: inLanguage('pt') });
    expect(container.querySelectorAll('[data-slot="card"][aria-busy="true"]')).toHaveLength(8);
  });
});
