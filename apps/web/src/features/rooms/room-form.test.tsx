import { translateServerMessage } from '@sentinela/shared/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { RoomForm } from './room-form';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <LanguageProvider fallbackLanguage="pt">{children}</LanguageProvider>
);
const FACILITY = '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21';
const errorOf = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'))?.textContent;
const change = (label: string | RegExp, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: 'Criar sala' }).closest('form')!);
    await Promise.resolve();
  });
}

describe('RoomForm', () => {
  it('asks for facility, name and type, and refuses set-points out of order, in Portuguese', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <RoomForm
        record={null}
        facilities={[{ id: FACILITY, name: 'Sorocaba' }]}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
      { wrapper },
    );
    // The room kinds with their labels.
    expect(screen.getByRole('option', { name: 'Câmara fria' })).toBeTruthy();
    change(/Set-point mínimo/, '24');
    change(/Set-point máximo/, '18');
    await submit();

    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(screen.getByLabelText('Instalação'))).toBe(translateServerMessage('validation.facilityId', 'pt'));
    expect(errorOf(screen.getByLabelText('Nome'))).toBe('Preencha este campo.');
    expect(errorOf(screen.getByLabelText('Tipo'))).toBe(translateServerMessage('validation.roomKind', 'pt'));
    expect(document.activeElement).toBe(screen.getByLabelText('Instalação'));

    change('Instalação', FACILITY);
    change('Nome', 'Casa de caldeiras');
    change('Tipo', 'utility');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf(screen.getByLabelText(/Set-point máximo/))).toBe(
      translateServerMessage('validation.setpointOrder', 'pt'),
    );

    change(/Set-point máximo/, '26,5');
    change(/Área/, '120');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({
      facilityId: FACILITY,
      name: 'Casa de caldeiras',
      kind: 'utility',
      areaM2: 120,
      setpointMin: 24,
      setpointMax: 26.5,
    });
  });
});
