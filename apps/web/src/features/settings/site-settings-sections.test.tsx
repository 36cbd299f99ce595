import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';

const rules = [
  {
    id: 'c1',
    name: 'Temperatura do motor crítica',
    nameKey: 'motorTempCritical',
    kind: 'motor',
    metric: 'temperature',
    comparison: 'above',
    severity: 'critical',
    threshold: 95,
    clearAt: 90,
    enabled: true,
  },
  {
    id: 'w1',
    name: 'Temperatura do motor alta',
    nameKey: 'motorTempWarning',
    kind: 'motor',
    metric: 'temperature',
    comparison: 'above',
    severity: 'warning',
    threshold: 80,
    clearAt: 75,
    enabled: true,
  },
];
let listed: unknown[] = rules;
const saveCall = vi.fn((input: unknown) => Promise.resolve(input));
vi.mock('../../lib/trpc', () => ({
  useTRPC: () => ({
    settings: {
      thresholds: {
        queryOptions: () => ({ queryKey: ['thresholds'], queryFn: () => Promise.resolve(listed) }),
        queryKey: () => ['thresholds'],
      },
      setThresholds: { mutationOptions: (o: object) => ({ ...o, mutationFn: saveCall }) },
    },
  }),
}));

const { ThresholdsSection } = await import('./site-settings-sections');
const { groupThresholds, wholeDays } = await import('./site-settings-values');

afterEach(cleanup);

const Providers = ({ children }: { children: ReactNode }) => (
  <LanguageProvider fallbackLanguage="pt">
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  </LanguageProvider>
);

describe('the alert thresholds section of /settings', () => {
  it('groups the rules by kind and metric, mildest band first; reads whole days only', () => {
    const groups = groupThresholds(rules as never);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.rules.map((r) => r.severity)).toEqual(['warning', 'critical']);
    expect(wholeDays(' 30 ')).toBe(30);
    expect(wholeDays('1.5')).toBeNull();
    expect(wholeDays('-2')).toBeNull();
  });

  it('shows the warning and critical bands and saves them together; refuses what is not a number', async () => {
    render(<ThresholdsSection />, { wrapper: Providers });
    const warning = await screen.findByLabelText('Atenção: limite (°C)');
    expect(warning).toHaveProperty('value', '80');
    expect(screen.getByLabelText('Crítico: normaliza em (°C)')).toHaveProperty('value', '90');
    fireEvent.change(warning, { target: { value: 'quente' } });
    await act(async () => {
      fireEvent.submit(warning.closest('form')!);
      await Promise.resolve();
    });
    expect(saveCall).not.toHaveBeenCalled();
    expect(screen.getByText('Informe números (use vírgula ou ponto para decimais).')).toBeTruthy();
    fireEvent.change(warning, { target: { value: '62,5' } });
    await act(async () => {
      fireEvent.submit(warning.closest('form')!);
      await Promise.resolve();
    });
    expect(saveCall.mock.calls[0]![0]).toEqual({
      rules: [
        { id: 'w1', threshold: 62.5, clearAt: 75 },
        { id: 'c1', threshold: 95, clearAt: 90 },
      ],
    });
  });

  it('shows and takes temperatures in °F in English, and saves them in °C', async () => {
    saveCall.mockClear();
    const English = ({ children }: { children: ReactNode }) => (
      <LanguageProvider fallbackLanguage="en">
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      </LanguageProvider>
    );
    render(<ThresholdsSection />, { wrapper: English });
    const warning = await screen.findByLabelText('Warning: threshold (°F)');
    expect(warning).toHaveProperty('value', '176');
    expect(screen.getByLabelText('Critical: clears at (°F)')).toHaveProperty('value', '194');
    fireEvent.change(warning, { target: { value: '170.6' } });
    await act(async () => {
      fireEvent.submit(warning.closest('form')!);
      await Promise.resolve();
    });
    expect(saveCall.mock.calls[0]![0]).toEqual({
      rules: [
        { id: 'w1', threshold: 77, clearAt: 75 },
        { id: 'c1', threshold: 95, clearAt: 90 },
      ],
    });
  });

  it('says so when there are no threshold rules', async () => {
    listed = [];
    render(<ThresholdsSection />, { wrapper: Providers });
    expect(await screen.findByText('Nenhuma regra de limite cadastrada.')).toBeTruthy();
  });
});
