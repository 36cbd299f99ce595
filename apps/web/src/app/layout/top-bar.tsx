import { useLocation } from 'wouter';
import { SidebarTrigger } from '../../components/ui/sidebar';
import { useSidebar } from '../../components/ui/use-sidebar';
import { useLanguage } from '../../lib/i18n/language-context';
import { LanguageSelect } from '../../components/language-select';
import { findNavItem } from './nav-items';
import { ThemeToggle } from '../../components/theme-toggle';

/**
 * The bar above every protected page: sidebar trigger (the drawer's menu button on narrow
 * screens), the current page's label, the language selector and the theme toggle.
 */
export function TopBar() {
  const { t } = useLanguage();
  const { isMobile } = useSidebar();
  const [location] = useLocation();
  const item = findNavItem(location);
  const pageLabel = t(item?.labelKey ?? 'notFound.title');

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4">
      <SidebarTrigger className="-ml-1" label={isMobile ? t('sidebar.openMenu') : t('sidebar.toggle')} />
      <span aria-hidden className="h-5 w-px bg-border" />
      <p data-slot="page-label" className="min-w-0 truncate text-sm font-semibold">
        {pageLabel}
      </p>
      <div className="ml-auto flex items-center gap-1">
        <LanguageSelect />
        <ThemeToggle />
      </div>
    </header>
  );
}
