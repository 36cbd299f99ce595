import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictionaries } from './dictionaries';
import { useLanguage } from './language-context';
import { LanguageProvider } from './language-provider';
import { getCurrentLanguage } from './language-storage';

const wrapper = ({ children }: { children: ReactNode }) => <LanguageProvider>{children}</LanguageProvider>;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = '';
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useLanguage', () => {
  it('throws outside LanguageProvider', () => {
    // React reports the render error to the console before rethrowing it.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useLanguage())).toThrow(
      new Error('useLanguage must be used within LanguageProvider'),
    );
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['another language', 'es'],
    ['upper case', 'EN'],
    ['JSON', '"en"'],
  ])('falls back to pt when the stored value is %s', (_label, stored) => {
    if (stored !== null) localStorage.setItem('language', stored);
    const { result } = renderHook(() => useLanguage(), { wrapper });
    expect(result.current.language).toBe('pt');
    expect(result.current.t('nav.motors')).toBe('Motores');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('reads a stored language', () => {
    localStorage.setItem('language', 'en');
    const { result } = renderHook(() => useLanguage(), { wrapper });
    expect(result.current.language).toBe('en');
    expect(result.current.t('nav.motors')).toBe('Motors');
    expect(document.documentElement.lang).toBe('en');
  });

  it('persists a change and updates the strings, <html lang> and the API language', () => {
    const { result } = renderHook(() => useLanguage(), { wrapper });
    act(() => {
      result.current.setLanguage('en');
    });
    expect(localStorage.getItem('language')).toBe('en');
    expect(result.current.language).toBe('en');
    expect(result.current.t('nav.administration')).toBe('Administration');
    expect(document.documentElement.lang).toBe('en');
    expect(getCurrentLanguage()).toBe('en');

    act(() => {
      result.current.setLanguage('pt');
    });
    expect(localStorage.getItem('language')).toBe('pt');
    expect(result.current.t('nav.administration')).toBe('Administração');
    expect(getCurrentLanguage()).toBe('pt');
  });

  it('uses the site default only while nothing valid is stored', () => {
    localStorage.setItem('language', 'xx');
    const { result } = renderHook(() => useLanguage(), {
      wrapper: ({ children }) => <LanguageProvider fallbackLanguage="en">{children}</LanguageProvider>,
    });
    expect(result.current.language).toBe('en');
    expect(localStorage.getItem('language')).toBe('xx');
  });

  it('fills placeholders', () => {
    function Probe() {
      const { t } = useLanguage();
      return <p>{t('notFound.description', { path: '/x' })}</p>;
    }
    render(<Probe />, { wrapper });
    expect(screen.getByText('O endereço /x não existe ou foi movido.')).toBeTruthy();
  });
});

describe('dictionaries', () => {
  it('have the same keys and no empty strings', () => {
    expect(Object.keys(dictionaries.en).sort()).toEqual(Object.keys(dictionaries.pt).sort());
    for (const dict of Object.values(dictionaries)) {
      for (const text of Object.values(dict)) expect(text.trim()).not.toBe('');
    }
  });

  it('hold the sidebar labels of the spec', () => {
    expect(dictionaries.pt['nav.purchaseOrders']).toBe('Pedidos');
    expect(dictionaries.pt['nav.hvac']).toBe('HVAC & Clima');
    expect(dictionaries.en['nav.lights']).toBe('Lighting');
    expect(dictionaries.pt['app.loading']).toBe('Carregando...');
  });
});
