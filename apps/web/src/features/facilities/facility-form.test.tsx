import { translateServerMessage } from '@sentinela/shared/messages';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@sentinela/shared/language';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { FacilityForm } from './facility-form';

afterEach(cleanup);

const withLanguage = (language: Language) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
};

/** The message tied to a control through aria-describedby. */
function describedError(control: HTMLElement): string | undefined {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'))
    ?.textContent?.trim();
}

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: /Criar instalação|Create facility/ }).closest('form')!);
    await Promise.resolve();
  });
}

describe('FacilityForm', () => {
  it('refuses with the shared schema, each message translated under its field, the first invalid one focused', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<FacilityForm record={null} onSubmit={onSubmit} onCancel={() => undefined} />, {
      wrapper: withLanguage('pt'),
    });
    type('Código', 'Sao Paulo!');
    type('Latitude', '-23,55');
    type('Fuso horário', '+03:00');
    await submit();

    expect(onSubmit).not.toHaveBeenCalled();
    const code = screen.getByLabelText('Código');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(describedError(code)).toBe(translateServerMessage('validation.facilityCode', 'pt'));
    expect(describedError(screen.getByLabelText('Nome'))).toBe('Preencha este campo.');
    expect(describedError(screen.getByLabelText('Cidade'))).toBe('Preencha este campo.');
    expect(describedError(screen.getByLabelText('Longitude', { exact: false }))).toBe(
      translateServerMessage('validation.coordinates', 'pt'),
    );
    expect(describedError(screen.getByLabelText('Fuso horário'))).toBe(
      translateServerMessage('validation.timeZone', 'pt'),
    );
    // Fields that are fine say nothing.
    const latitude = screen.getByLabelText('Latitude', { exact: false });
    expect(latitude.getAttribute('aria-invalid')).toBeNull();
    expect(describedError(latitude)).toBeUndefined();
    expect(document.activeElement).toBe(code);
  });

  it('speaks English when the user does', async () => {
    render(<FacilityForm record={null} onSubmit={vi.fn()} onCancel={() => undefined} />, {
      wrapper: withLanguage('en'),
    });
    await submit();
    expect(describedError(screen.getByLabelText('Name'))).toBe('Fill in this field.');
    expect(describedError(screen.getByLabelText('Code'))).toBe(translateServerMessage('validation.facilityCode', 'en'));
  });

  it('sends the checked input, and shows the server’s field issues on their fields, the rest in an alert', async () => {
    const refusal = Object.assign(new Error('Entrada inválida'), {
      data: {
        code: 'BAD_REQUEST',
        issues: [
          { path: 'timezone', message: 'Fuso horário desconhecido pelo servidor.' },
          { path: 'id', message: 'Instalação inválida.' },
        ],
      },
    });
    const onSubmit = vi.fn(() => Promise.reject(refusal));
    render(<FacilityForm record={null} onSubmit={onSubmit} onCancel={() => undefined} />, {
      wrapper: withLanguage('pt'),
    });
    type('Código', ' so-plant ');
    type('Nome', 'Planta Sorocaba');
    type('Cidade', 'Sorocaba');
    type('Latitude', '-23,5');
    type('Longitude', '-47.45');
    await submit();

    expect(onSubmit).toHaveBeenCalledWith({
      code: 'so-plant',
      name: 'Planta Sorocaba',
      address: null,
      city: 'Sorocaba',
      state: null,
      latitude: -23.5,
      longitude: -47.45,
      timezone: 'America/Sao_Paulo',
    });
    const zone = screen.getByLabelText('Fuso horário');
    expect(describedError(zone)).toBe('Fuso horário desconhecido pelo servidor.');
    expect(screen.getByRole('alert').textContent).toBe('Instalação inválida.');
    expect(document.activeElement).toBe(zone);
  });

  it('shows a refusal without field issues (a taken code) in the alert', async () => {
    const taken = Object.assign(new Error('Já existe uma instalação com o código so-plant.'), {
      data: { code: 'CONFLICT' },
    });
    render(
      <FacilityForm
        record={{
          id: '0b7c4a8e-1f2d-4c3b-9a8e-7d6c5b4a3f21',
          code: 'so-plant',
          name: 'Planta',
          address: null,
          city: 'Sorocaba',
          state: 'SP',
          latitude: null,
          longitude: null,
          timezone: 'America/Sao_Paulo',
        }}
        onSubmit={() => Promise.reject(taken)}
        onCancel={() => undefined}
      />,
      { wrapper: withLanguage('pt') },
    );
    // Editing: the code is shown, not typed.
    expect(screen.queryByLabelText('Código')).toBeNull();
    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'Salvar' }).closest('form')!);
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Já existe uma instalação com o código so-plant.');
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });
});
