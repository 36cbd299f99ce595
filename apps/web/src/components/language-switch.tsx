import { languages } from '@sentinela/shared/language';
import { Languages } from 'lucide-react';
import { cn } from '../lib/cn';
import { useLanguage } from '../lib/i18n/language-context';
import { Button } from './ui/button';

/**
 * PT/EN for the sign-in pages: the top bar's choice (same language context, same stored
 * `language` key), as two pressed/unpressed buttons rather than its dropdown menu, which would add
 * the menu library to the sign-in bundle (about 30 KB gzip, past the /login budget).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage, t } = useLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={cn('flex items-center', className)}>
      <Languages aria-hidden className="mr-1 size-4 text-muted-foreground" />
      {languages.map((code) => (
        <Button
          key={code}
          variant="ghost"
          size="sm"
          lang={code === 'pt' ? 'pt-BR' : 'en'}
          title={t(`language.${code}`)}
          aria-pressed={language === code}
          className={cn('px-2', language === code ? 'font-semibold text-foreground' : 'text-muted-foreground')}
          onClick={() => {
            setLanguage(code);
          }}
        >
          <span aria-hidden>{code.toUpperCase()}</span>
          <span className="sr-only">{t(`language.${code}`)}</span>
        </Button>
      ))}
    </div>
  );
}
