import { parseLanguage } from '@sentinela/shared/language';
import { Languages } from 'lucide-react';
import { Button } from './ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu';
import { useLanguage } from '../lib/i18n/language-context';

/** PT/EN selector: in the top bar and on the sign-in pages. */
export function LanguageSelect() {
  const { language, setLanguage, t } = useLanguage();
  const code = language.toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('language.label')}: ${code}`}>
          <Languages aria-hidden />
          <span>{code}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
