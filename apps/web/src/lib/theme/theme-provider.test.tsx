import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTheme } from './theme-context';
import { ThemeProvider } from './theme-provider';

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root.className = '';
});
afterEach(cleanup);

function renderTheme(switchable?: boolean) {
  return renderHook(() => useTheme(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <ThemeProvider switchable={switchable}>{children}</ThemeProvider>
    ),
  });
}

describe('ThemeProvider', () => {
  it('is dark by default and sets the class on <html>', () => {
    const { result } = renderTheme();
    expect(result.current.theme).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('toggles, persists and removes the class', () => {
    const { result } = renderTheme();
    act(() => {
      result.current.toggleTheme();
    });
    expect(result.current.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('reads the stored theme and ignores unknown values', () => {
    localStorage.setItem('theme', 'light');
    expect(renderTheme().result.current.theme).toBe('light');
    cleanup();
    localStorage.setItem('theme', 'purple');
    expect(renderTheme().result.current.theme).toBe('dark');
  });

  it('keeps the default theme when switching is off', () => {
    localStorage.setItem('theme', 'light');
    const { result } = renderTheme(false);
    expect(result.current.theme).toBe('dark');
    act(() => {
      result.current.setTheme('light');
    });
    expect(result.current.theme).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
  });
});
