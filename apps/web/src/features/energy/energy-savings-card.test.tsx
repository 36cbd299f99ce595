import type { EnergySavings } from '@sentinela/shared/energy';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { EnergySavingsCard } from './energy-savings-card';

afterEach(cleanup);

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

const savings: EnergySavings = {
  facilityId: 'f1',
  from: new Date('2026-11-17T15:00:00Z'),
  to: new Date('2026-11-24T15:00:00Z'),
  days: 7,
  period: { start: '2026-11-01', end: '2026-12-01' },
  suggestions: [
    {
      kind: 'demandPeak',
      amount: 12_000,
      monthly: 12_000,
      figures: { peakKw: 300, p95Kw: 100, contractedKw: 200, demandRate: 40, intervals: 164 },
    },
    { kind: 'pontaShift', amount: 240, monthly: 1028.57, figures: { kwh: 160, peakRate: 2, offPeakRate: 0.5 } },
    { kind: 'motorsIdle', amount: 0, monthly: 0, figures: { motors: 0, hours: 0, kwh: 0 } },
    {
      kind: 'lightsEco',
      amount: 0.5,
      monthly: 2.14,
      figures: { fullKwh: 2, savedKwh: 1, alreadySavedKwh: 1, alreadySavedAmount: 2 },
    },
  ],
  monthlyTotal: 13_030.71,
};

describe('energy savings card', () => {
  it('lists each suggestion with its monthly figure, its reason and how it is computed', () => {
    render(<EnergySavingsCard savings={savings} pending={false} />, { wrapper: inLanguage('en') });
    expect(screen.getByRole('heading', { name: 'Shave demand peaks' })).toBeTruthy();
    const demand = document.querySelector('[data-saving="demandPeak"]')!;
    // English shows money in US dollars (the spec's §9 rules: R$ 5 = US$ 1 here).
    expect(demand.textContent).toContain('$2,400.00 a month');
    expect(demand.textContent).toMatch(
      /was 300\skW; 95 % of the intervals stayed at or below 100\skW \(contracted 200\skW\)/,
    );
    expect(demand.textContent).toContain('164 15-minute intervals');
    const shift = document.querySelector('[data-saving="pontaShift"]')!;
    expect(shift.textContent).toMatch(/Motors used 160\skWh in peak hours/);
    expect(shift.textContent).toContain('$48.00 over the last 7 days');
    expect(document.querySelector('[data-savings-total]')?.textContent).toMatch(/^Up to \$2,606\.\d\d a month$/);
  });

  it('speaks Portuguese, and says when there is nothing to save', () => {
    render(<EnergySavingsCard savings={savings} pending={false} />, { wrapper: inLanguage('pt') });
    expect(screen.getByRole('heading', { name: 'Tirar carga do horário de ponta' })).toBeTruthy();
    const eco = document.querySelector('[data-saving="lightsEco"]')?.textContent;
    expect(eco).toMatch(/Eco e dimerização já economizaram 1\skWh \(R\$\s2,00\) nos últimos 30 dias/);
    expect(eco).toMatch(/R\$\s2,14 por mês/);
    cleanup();
    render(<EnergySavingsCard savings={{ ...savings, suggestions: [], monthlyTotal: 0 }} pending={false} />, {
      wrapper: inLanguage('pt'),
    });
    expect(screen.getByText('Nada a economizar por aqui nos dados do período.')).toBeTruthy();
  });
});
