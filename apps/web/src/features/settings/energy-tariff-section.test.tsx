import { defaultEnergyTariff } from '@sentinela/shared/settings';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { TariffForm } from './energy-tariff-section';

afterEach(cleanup);

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };
const change = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
async function submit(name: string) {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name }).closest('form')!);
    await Promise.resolve();
  });
}

describe('the energy tariff form', () => {
  it('shows the ponta demand fields for azul only and saves what was typed (decimal commas read)', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<TariffForm tariff={defaultEnergyTariff} onSave={onSave} />, { wrapper: inLanguage('pt') });
    expect(screen.queryByLabelText('Demanda contratada na ponta (kW)')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Energia fora ponta (R$/kWh)').value).toBe('0,55');
    change('Modalidade tarifária', 'azul');
    change('Demanda contratada na ponta (kW)', '350');
    change('Energia na ponta (R$/kWh)', '2,75');
    change('Bandeira do mês', 'vermelha2');
    change('Mês de faturamento', 'readingDay');
    change('Dia da leitura (1 a 28)', '15');
    await submit('Salvar tarifa');
    expect(onSave).toHaveBeenCalledWith({
      ...defaultEnergyTariff,
      modality: 'azul',
      contractedPeakDemandKw: 350,
      peakRate: 2.75,
      flag: 'vermelha2',
      meterReadingDay: 15,
    });
  });

  it('refuses a ponta ending before it starts, a negative price and a blank one, under each field', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<TariffForm tariff={defaultEnergyTariff} onSave={onSave} />, { wrapper: inLanguage('en') });
    change('Peak starts', '21:00');
    change('Peak ends', '18:00');
    change('Demand (R$/kW)', '-3');
    change('Off-peak energy (R$/kWh)', '');
    await submit('Save tariff');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a value of zero or more.')).toBeTruthy();
    expect(screen.getByLabelText('Off-peak energy (R$/kWh)').getAttribute('aria-invalid')).toBe('true');
    // The window is checked once the fields themselves are valid.
    change('Demand (R$/kW)', '40');
    change('Off-peak energy (R$/kWh)', '0.6');
    await submit('Save tariff');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('The peak window must start before it ends.')).toBeTruthy();
    expect(screen.getByLabelText('Peak ends').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal on its field", async () => {
    const refusal = Object.assign(new Error('bad'), {
      data: { issues: [{ path: 'icmsPercent', message: 'ICMS, PIS and COFINS must add up to less than 60 %.' }] },
    });
    render(<TariffForm tariff={defaultEnergyTariff} onSave={() => Promise.reject(refusal)} />, {
      wrapper: inLanguage('en'),
    });
    await submit('Save tariff');
    await act(() => Promise.resolve());
    expect(screen.getByText('ICMS, PIS and COFINS must add up to less than 60 %.')).toBeTruthy();
  });
});
