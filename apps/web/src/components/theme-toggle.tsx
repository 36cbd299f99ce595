import { Moon, Sun } from 'lucide-react';
import { Button } from './ui/button';
import { useLanguage } from '../lib/i18n/language-context';
import { useTheme } from '../lib/theme/theme-context';

/** Light/dark switch; absent when the site turns theme switching off. */
export function ThemeToggle() {
  const { theme, switchable, toggleTheme } = useTheme();
  const { t } = useLanguage();
  if (!switchable) return null;
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button variant="ghost" size="icon-sm" aria-label={label} title={label} onClick={toggleTheme}>
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
