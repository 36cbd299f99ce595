import { readLocal, writeLocal } from '../local-storage';
import type { Theme } from './theme-context';

/** Also read by public/theme-init.js before the first paint: keep the two in step. */
export const THEME_STORAGE_KEY = 'theme';

export function parseTheme(value: unknown): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

export function readStoredTheme(): Theme | null {
  return parseTheme(readLocal(THEME_STORAGE_KEY));
}

export function writeStoredTheme(theme: Theme): void {
  writeLocal(THEME_STORAGE_KEY, theme);
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
