import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeContext, type Theme, type ThemeContextValue } from './theme-context';
import { applyTheme, readStoredTheme, writeStoredTheme } from './theme-storage';

interface ThemeProviderProps {
  children: ReactNode;
  /** The theme before the user chooses, and the only theme when switching is off. */
  defaultTheme?: Theme;
  /** Whether the user may switch themes (a site setting; on by default). */
  switchable?: boolean;
}

export function ThemeProvider({ children, defaultTheme = 'dark', switchable = true }: ThemeProviderProps) {
  const [chosen, setChosen] = useState<Theme | null>(readStoredTheme);
  const theme = switchable ? (chosen ?? defaultTheme) : defaultTheme;

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback(
    (next: Theme) => {
      if (!switchable) return;
      writeStoredTheme(next);
      setChosen(next);
    },
    [switchable],
  );

  const toggleTheme = useCallback(() => {
    setTheme(theme === 'dark' ? 'light' : 'dark');
  }, [setTheme, theme]);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, switchable, setTheme, toggleTheme }),
    [theme, switchable, setTheme, toggleTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
