import { useEffect } from 'react';
import { parseLanguage } from '@sentinela/shared/language';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';
import { useLanguage } from '../lib/i18n/language-context';
import { LanguageButton } from './language-select';

/** The PT/EN menu (Radix Dropdown Menu): its own chunk, loaded when the selector is first approached. */
export default function LanguageMenu({ defaultOpen, focusFirst }: { defaultOpen: boolean; focusFirst: boolean }) {
  const { language, setLanguage, t } = useLanguage();
  useEffect(() => {
    if (!focusFirst) return;
    // After Radix has focused the menu itself (on mount): the first item, as a keyboard open does.
    const frame = requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-language-menu] [role="menuitemradio"]')?.focus();
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  }, [focusFirst]);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" data-language-menu="">
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            setLanguage(parseLanguage(value));
          }}
        >
          <DropdownMenuRadioItem value="pt" lang="pt-BR">
            {t('language.pt')}
            <span aria-hidden className="ml-auto pl-4 text-xs text-muted-foreground">
              PT
            </span>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="en" lang="en">
            {t('language.en')}
            <span aria-hidden className="ml-auto pl-4 text-xs text-muted-foreground">
              EN
            </span>
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
