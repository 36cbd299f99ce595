import { Languages } from 'lucide-react';
import { Suspense, useState, type ComponentProps } from 'react';
import { Button } from './ui/button';
import { useLanguage } from '../lib/i18n/language-context';
import { lazyChunk, prefetchChunk } from '../lib/lazy-chunk';

// The menu (Radix Dropdown Menu) is not needed to paint the page: its chunk starts loading when
// the pointer or the focus reaches the button, and the menu mounts, open, on the click.
const menu = lazyChunk(() => import('./language-menu'));
const LanguageMenu = menu.Component;
const preloadMenu = () => {
  prefetchChunk(menu);
};

/** The selector's button: the current language's code. */
export function LanguageButton(props: ComponentProps<typeof Button>) {
  const { language, t } = useLanguage();
  const code = language.toUpperCase();
  return (
    <Button variant="ghost" size="sm" aria-label={`${t('language.label')}: ${code}`} {...props}>
      <Languages aria-hidden />
      <span>{code}</span>
    </Button>
  );
}

/** PT/EN selector: in the top bar and on the sign-in pages. */
export function LanguageSelect() {
  // How it was asked for: from the keyboard, the open menu puts the focus on its first item, as
  // Radix does for a menu it opens itself (this one mounts after the key was pressed).
  const [wanted, setWanted] = useState<'pointer' | 'keyboard' | null>(null);
  const button = (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={(event) => {
        // A click the keyboard made (Enter, Space) has no pointer: detail 0.
        setWanted(event.detail === 0 ? 'keyboard' : 'pointer');
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu defaultOpen focusFirst={wanted === 'keyboard'} />
    </Suspense>
  );
}
