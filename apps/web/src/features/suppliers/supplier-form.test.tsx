import type { SupplierDetail } from '@sentinela/shared/suppliers';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { SupplierForm } from './supplier-form';

afterEach(cleanup);

const inLanguage =
  (language: 'pt' | 'en') =>
  ({ children }: { children: ReactNode }) => (
    <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>
  );

const saved = { id: 's1', legalName: 'WEG Equipamentos Elétricos S.A.' } as SupplierDetail;

function fill(labels: { legalName: string; cnpj: string; category: string }, cnpj: string) {
  fireEvent.change(screen.getByLabelText(labels.legalName), { target: { value: 'WEG Equipamentos Elétricos S.A.' } });
  fireEvent.change(screen.getByLabelText(labels.cnpj), { target: { value: cnpj } });
  fireEvent.click(screen.getByLabelText(labels.category));
}

describe('supplier form', () => {
  it('masks the CNPJ as it is typed and refuses wrong check digits in Portuguese, sending nothing', async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    render(<SupplierForm save={save} onSaved={vi.fn()} onCancel={vi.fn()} />, { wrapper: inLanguage('pt') });
    const labels = { legalName: 'Razão social', cnpj: 'CNPJ', category: 'Motores e acionamentos' };
    fill(labels, '84429695000112');
    expect(screen.getByLabelText<HTMLInputElement>('CNPJ').value).toBe('84.429.695/0001-12');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CNPJ inválido: os dígitos verificadores não conferem.')).toBeTruthy();
    expect(screen.getByLabelText('CNPJ').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('says the same in English, and asks for 14 digits when fewer are typed', async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    render(<SupplierForm save={save} onSaved={vi.fn()} onCancel={vi.fn()} />, { wrapper: inLanguage('en') });
    const labels = { legalName: 'Legal name', cnpj: 'CNPJ', category: 'Motors and drives' };
    fill(labels, '84.429.695/0001-12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid CNPJ: the check digits do not match.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('CNPJ'), { target: { value: '8442969500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the CNPJ with its 14 digits (00.000.000/0000-00).')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends a valid supplier with its categories and contacts', async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    const onSaved = vi.fn();
    render(<SupplierForm save={save} onSaved={onSaved} onCancel={vi.fn()} />, { wrapper: inLanguage('pt') });
    fill({ legalName: 'Razão social', cnpj: 'CNPJ', category: 'Motores e acionamentos' }, '84429695000111');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar contato' }));
    fireEvent.change(screen.getByLabelText('Nome do contato 1'), { target: { value: 'Márcia Souza' } });
    fireEvent.change(screen.getByLabelText('E-mail do contato 1'), { target: { value: 'marcia@weg.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => {
      expect(onSaved).toHaveBeenCalledWith(saved);
    });
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        cnpj: '84.429.695/0001-11',
        categories: ['motors_drives'],
        contacts: [{ name: 'Márcia Souza', email: 'marcia@weg.example', phone: '' }],
      }),
    );
  });

  it('refuses a supplier without a category', async () => {
    const save = vi.fn(() => Promise.resolve(saved));
    render(<SupplierForm save={save} onSaved={vi.fn()} onCancel={vi.fn()} />, { wrapper: inLanguage('pt') });
    fireEvent.change(screen.getByLabelText('Razão social'), { target: { value: 'Eletro Ltda' } });
    fireEvent.change(screen.getByLabelText('CNPJ'), { target: { value: '84429695000111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha ao menos uma categoria.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
