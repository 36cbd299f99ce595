import type { FacilityBill } from '@sentinela/shared/energy';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { BillLinesTable, EnergyBillCards } from './energy-bill-cards';

afterEach(cleanup);

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };
const value = (label: string) =>
  screen.getByRole('heading', { name: label }).closest('[data-slot="card"]')?.querySelector('[data-slot="stat-value"]')
    ?.textContent;

const bill: FacilityBill = {
  facilityId: 'f1',
  facilityName: 'Fábrica Campinas',
  timezone: 'America/Sao_Paulo',
  period: { start: '2026-11-01', end: '2026-12-01' },
  elapsed: 0.5,
  monthToDate: {
    modality: 'verde',
    lines: [
      { kind: 'energyPonta', quantity: 100, rate: 2, amount: 200 },
      { kind: 'demand', quantity: 600, rate: 40, amount: 24_000 },
      { kind: 'overrun', quantity: 100, rate: 80, amount: 8_000 },
    ],
    subtotal: 32_200,
    taxes: 0,
    total: 32_200,
    overrun: true,
  },
  projected: { modality: 'verde', lines: [], subtotal: 32_400, taxes: 0, total: 32_400, overrun: true },
  kwh: { ponta: 100, foraPonta: 130 },
  peak: { kw: 600, at: new Date('2026-11-24T14:00:00Z'), post: 'foraPonta' },
  contracted: { ponta: null, foraPonta: 500 },
  demandStatus: 'over',
  powerFactor: 0.873,
  reactiveExcessKvarh: 15,
  estimatedDemandHours: 3,
  hoursWithData: 5,
};

describe('the energy bill cards', () => {
  it('shows cost so far and projected, the peak against contracted with its status in words, and PF', () => {
    render(<EnergyBillCards bill={bill} flag="amarela" />, { wrapper: inLanguage('pt') });
    expect(value('Custo no mês até agora')).toBe('R$\u00a032.200,00');
    expect(value('Custo projetado do mês')).toBe('R$\u00a032.400,00');
    expect(value('Maior demanda de 15 min')).toBe('600\u00a0kW');
    expect(screen.getByText('Ultrapassagem').closest('[data-slot="card"]')?.textContent).toContain('Maior demanda');
    expect(screen.getByText(/Contratada 500\skW · fora ponta · 24\/11\/2026, 11:00/)).toBeTruthy();
    expect(value('Fator de potência')).toBe('0,87');
    expect(screen.getByText(/bandeira amarela/)).toBeTruthy();
  });

  it('reads in English with dollars, and shows skeletons while loading', () => {
    render(<EnergyBillCards bill={{ ...bill, demandStatus: 'near' }} flag="verde" />, { wrapper: inLanguage('en') });
    expect(value('Cost this month so far')).toBe('$6,440.00');
    expect(screen.getByText('Near contracted')).toBeTruthy();
    cleanup();
    const { container } = render(<EnergyBillCards bill={undefined} flag="verde" />, { wrapper: inLanguage('pt') });
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(4);
  });

  it('names each bill line and says how demand was estimated', () => {
    render(<BillLinesTable bill={bill} modality="verde" />, { wrapper: inLanguage('pt') });
    expect(screen.getByRole('rowheader', { name: 'Ultrapassagem de demanda' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Energia na ponta' })).toBeTruthy();
    expect(screen.getByText(/Em 3 de 5 horas com leitura, a demanda é estimada/)).toBeTruthy();
    expect(screen.getByText(/por dentro/)).toBeTruthy();
  });
});
