import type { ImportLineResult, RegistryImportOutput } from '@sentinela/shared/registry-import';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { ImportResult } from './registry-import-result';

afterEach(cleanup);

function Pt({ children }: { children: ReactNode }) {
  return <LanguageProvider fallbackLanguage="pt">{children}</LanguageProvider>;
}

/** A dry run of equipment as the server answers it: by line, one refused, one changed, one new. */
const answer: RegistryImportOutput = {
  entity: 'equipment',
  applied: false,
  counts: { create: 1, update: 1, unchanged: 1, refuse: 1 },
  lines: [
    { line: 2, key: 'sp-mtr-001', action: 'create' },
    { line: 3, key: 'sp-mtr-002', action: 'update', changes: { name: ['Motor 2', 'Motor da esteira 2'] } },
    { line: 4, key: 'sp-mtr-003', action: 'unchanged' },
    {
      line: 5,
      key: 'sp-mtr-004',
      action: 'refuse',
      issues: [
        { field: 'facility', message: 'Instalação não encontrada.' },
        { field: 'rated.powerKw', message: 'Informe um número.' },
      ],
    },
  ],
  omitted: 0,
};

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('ImportResult', () => {
  it('shows the counts and the lines, refused first, with the reasons by column and the changes', () => {
    render(<ImportResult result={answer} />, { wrapper: Pt });

    const counts = screen.getByLabelText('Resultado da verificação');
    const count = (label: string) => within(counts).getByText(label).nextElementSibling?.textContent;
    expect(count('A criar')).toBe('1');
    expect(count('A atualizar')).toBe('1');
    expect(count('Sem mudança')).toBe('1');
    expect(count('Recusadas')).toBe('1');

    const rows = bodyRows();
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['5', '2', '3', '4']);
    const [refused, created, updated] = rows;
    expect(refused!.textContent).toContain('Recusada');
    expect(refused!.textContent).toContain('Instalação: Instalação não encontrada.');
    expect(refused!.textContent).toContain('powerKw (kW): Informe um número.');
    expect(created!.textContent).toContain('novo registro');
    expect(updated!.textContent).toContain('Nome: Motor 2 → Motor da esteira 2');
    // No paging and nothing left out for four lines.
    expect(screen.queryByRole('button', { name: /Mostrar mais/ })).toBeNull();
    expect(screen.queryByText(/não listadas/)).toBeNull();
  });

  it('draws 200 of 2,000 lines at a time, shows more on request, and says how many the server left out', () => {
    const lines: ImportLineResult[] = Array.from({ length: 2000 }, (_, i) => ({
      line: i + 2,
      key: `eq-${i + 2}`,
      action: 'create',
    }));
    const big: RegistryImportOutput = {
      entity: 'equipment',
      applied: false,
      counts: { create: 2000, update: 0, unchanged: 3000, refuse: 0 },
      lines,
      omitted: 3000,
    };
    render(<ImportResult result={big} />, { wrapper: Pt });

    expect(bodyRows()).toHaveLength(200);
    expect(screen.getByText('Mostrando 200 de 2.000 linha(s) da resposta.')).toBeTruthy();
    expect(screen.getByText(/3\.000 linha\(s\) sem mudança ou alteração não listadas/)).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Mostrar mais 200' });
    fireEvent.click(more);
    expect(bodyRows()).toHaveLength(400);
    expect(bodyRows()[399]!.querySelector('td')?.textContent).toBe('401');
  });
});
