import { Moon, Sun } from 'lucide-react';
import { useLanguage } from '../lib/i18n/language-context';
import { useTheme } from '../lib/theme/theme-context';
import { ghostIconButtonClass } from './ui/button-classes';

/**
 * Light/dark switch; absent when the site turns theme switching off. A plain button with the
 * ghost icon button's classes: the sign-in pages show it, and `Button`'s class merging would
 * add 9 KB to their first load (ADR 022).
 */
export function ThemeToggle() {
  const { theme, switchable, toggleTheme } = useTheme();
  const { t } = useLanguage();
  if (!switchable) return null;
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <button
      type="button"
      data-slot="button"
      className={ghostIconButtonClass}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </button>
  );
}
